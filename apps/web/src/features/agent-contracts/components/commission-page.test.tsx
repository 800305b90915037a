import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { type ReactElement, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render';
import { CommissionEntry, IncomeEntry } from './centre-entries';

const COMMISSION_CALL = '/wps/relay/MCS2_processCommissionContract';

const ownContract = {
  contractId: '7',
  kind: 'commission',
  status: 'Active',
  role: 'downline',
  upline: null,
  downline: 'lead',
  terms: {
    tiers: [
      { validBet: 0, rate: 1, categoryRates: { LOTT: 0.5 } },
      { validBet: 100_000, rate: 1.5 },
    ],
  },
  terminationRequestedBy: null,
  offeredAt: '2026-11-02T00:00:00.000Z',
  decidedAt: '2026-11-02T00:00:00.000Z',
  terminatedAt: null,
};

const settlement = {
  settlementId: '3',
  contractId: '7',
  kind: 'commission',
  direction: 'received',
  counterparty: null,
  periodStart: '2026-11-16T00:00:00.000Z',
  periodEnd: '2026-11-23T00:00:00.000Z',
  status: 'paid',
  betAmount: 6_000,
  validBet: 6_000,
  profitLoss: 0,
  activeMembers: 0,
  rate: 1,
  carryIn: 0,
  carryOut: 0,
  amount: 50,
  settledAt: '2026-11-23T00:05:00.000Z',
};

const ok = (value: unknown) => ({ body: { success: true, value } });

async function renderEntry(entry: ReactElement) {
  await act(async () => {
    renderWithProviders(<Suspense fallback={null}>{entry}</Suspense>);
  });
}

describe('agent centre: the commission tab and the income page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows my commission terms and settlements, and offers category rates to a downline', async () => {
    const fetchMock = mockApi({
      '/wps/agent/contracts': ok({ own: [ownContract], downline: [], nextCursor: null }),
      '/wps/agent/contracts/settlements': ok({ items: [settlement], nextCursor: null }),
      '/wps/agent/contracts/templates': ok({ list: [] }),
      [COMMISSION_CALL]: ok({ ...ownContract, contractId: '8', role: 'upline' }),
    });
    await renderEntry(<CommissionEntry />);
    const page = await screen.findByTestId('contract-page-commission');
    expect(page.textContent).toContain('from valid bet 0.00: 1% (Lottery 0.5%)');
    expect(page.textContent).toContain('from valid bet 100,000.00: 1.5%');
    const settlements = await screen.findByTestId('settlements-commission');
    expect(settlements.textContent).toContain('6,000.00');
    expect(settlements.textContent).toContain('50.00');

    fireEvent.click(screen.getByTestId('offer-contract'));
    await screen.findByRole('dialog');
    fireEvent.change(screen.getByTestId('offer-downline'), { target: { value: 'sub' } });
    fireEvent.change(screen.getByTestId('tier-rate-0'), { target: { value: '0.8' } });
    const lottery = screen.getByLabelText('Lottery rate (%)');
    fireEvent.change(lottery, { target: { value: '0.3' } });
    fireEvent.click(screen.getByTestId('offer-submit'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).includes(COMMISSION_CALL))).toBe(
        true,
      ),
    );
    const [, init] =
      fetchMock.mock.calls.find(([input]) => String(input).includes(COMMISSION_CALL)) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      action: 'Offer',
      downline: 'sub',
      terms: { tiers: [{ validBet: 0, rate: 0.8, categoryRates: { LOTT: 0.3 } }] },
    });
  });

  it('shows commission per day beside salary and dividend', async () => {
    const day = { salary: 10, dividend: 0, commission: 50, paidToDownline: 20, net: 40 };
    mockApi({
      '/wps/agent/agentRevenueReport': ok({
        currency: 'VND',
        list: [{ day: '2026-11-23', ...day }],
        total: day,
      }),
    });
    await renderEntry(<IncomeEntry />);
    expect((await screen.findByTestId('income-commission')).textContent).toBe('50.00');
    const table = screen.getByRole('table');
    expect(table.textContent).toContain('Commission');
    expect(table.textContent).toContain('2026-11-2310.000.0050.0020.0040.00');
  });
});
