import type { AdminPaymentMethod, AdminWithdrawalLimits, OperatorRole } from '@app/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderConsole, requestsTo, sessionOf } from '../../test/render';

const MANUAL: AdminPaymentMethod = {
  code: 'manual-bank',
  kind: 'manual_bank',
  name: 'Bank transfer',
  currency: 'VND',
  minAmount: 50_000,
  maxAmount: 500_000_000,
  enabled: true,
  sortOrder: 2,
  bankDetails: { bankName: 'Vietcombank', accountName: 'DEMO', accountNumber: '0011', branch: '' },
};
const LIMITS: AdminWithdrawalLimits = {
  currency: 'VND',
  minAmount: 50_000,
  maxAmount: 100_000,
  dailyCountMax: null,
  dailyAmountMax: null,
};

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

async function openPage(role: OperatorRole, extra = {}) {
  const fetchMock = mockApi({
    'GET /admin/session': [ok(sessionOf(role))],
    'GET /admin/payments/methods': [ok({ list: [MANUAL] }), ok({ list: [MANUAL] })],
    'GET /admin/payments/withdrawal-limits': [ok(LIMITS)],
    ...extra,
  });
  await renderConsole('/finance/payment-methods');
  await screen.findByTestId('method-row', {}, { timeout: 5_000 });
  await screen.findByTestId('limit-count-value', {}, { timeout: 5_000 });
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the payment methods page: withdrawal limits and the bank account', () => {
  it('shows the limits and the account to a reader, without any edit button', async () => {
    await openPage('support');
    expect(screen.getByTestId('limit-count-value').textContent).toBe('No limit');
    expect(screen.getByTestId('limit-max-value').textContent).toMatch(/100,000\.00 VND/);
    expect(screen.getByTestId('method-bank').textContent).toContain('Vietcombank · 0011');
    expect(screen.queryByTestId('limits-edit')).toBeNull();
    expect(screen.queryByTestId('method-bank-edit')).toBeNull();
  });

  it('refuses a daily amount below one request before sending, then sends the limits', async () => {
    const fetchMock = await openPage('finance', {
      'POST /admin/payments/withdrawal-limits': [ok({ ...LIMITS, dailyCountMax: 3 })],
    });
    await click(screen.getByTestId('limits-edit'));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5_000 });
    fireEvent.change(within(dialog).getByTestId('limit-dailyAmountMax'), {
      target: { value: '90000' },
    });
    await within(dialog).findByText(/at least the largest withdrawal/);
    expect((within(dialog).getByTestId('limits-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('limit-dailyAmountMax'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByTestId('limit-dailyCountMax'), { target: { value: '3' } });
    await click(within(dialog).getByTestId('limits-save'));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST', '/admin/payments/withdrawal-limits')).toHaveLength(1),
    );
    expect(requestsTo(fetchMock, 'POST', '/admin/payments/withdrawal-limits')[0]?.body).toEqual({
      minAmount: 50_000,
      maxAmount: 100_000,
      dailyCountMax: 3,
      dailyAmountMax: null,
    });
  });

  it('refuses a malformed account number before sending, then sends the bank account', async () => {
    const fetchMock = await openPage('finance', {
      'POST /admin/payments/methods/bank': [ok(MANUAL)],
    });
    await click(screen.getByTestId('method-bank-edit'));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5_000 });
    const number = within(dialog).getByTestId('bank-accountNumber');
    fireEvent.change(number, { target: { value: '<script>' } });
    await within(dialog).findByText(/1 to 40 letters, digits/);
    expect((within(dialog).getByTestId('bank-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(number, { target: { value: '1903 5555 0001' } });
    await click(within(dialog).getByTestId('bank-save'));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST', '/admin/payments/methods/bank')).toHaveLength(1),
    );
    expect(requestsTo(fetchMock, 'POST', '/admin/payments/methods/bank')[0]?.body).toMatchObject({
      code: 'manual-bank',
      bankDetails: { bankName: 'Vietcombank', accountNumber: '1903 5555 0001' },
    });
  });
});
