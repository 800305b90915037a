import type { AdminWithdrawalBank, OperatorRole } from '@app/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderConsole, requestsTo, sessionOf } from '../../test/render';

const BIDV: AdminWithdrawalBank = { id: '3', name: 'BIDV', enabled: true, sortOrder: 2 };
const BANKS_PATH = '/admin/payments/withdrawal-banks';

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

async function openPage(role: OperatorRole, extra = {}) {
  const fetchMock = mockApi({
    'GET /admin/session': [ok(sessionOf(role))],
    'GET /admin/payments/methods': [ok({ list: [] })],
    [`GET ${BANKS_PATH}`]: [ok({ list: [BIDV] })],
    ...extra,
  });
  await renderConsole('/finance/payment-methods');
  await screen.findByTestId('bank-row', {}, { timeout: 5_000 });
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the withdrawal bank list on the payment methods page', () => {
  it('shows the banks to a reader without any way to change them', async () => {
    await openPage('support');
    expect(screen.getByTestId('bank-row').textContent).toContain('BIDV');
    expect(screen.getByTestId('bank-state').textContent).toBe('Offered');
    expect(screen.queryByTestId('bank-add')).toBeNull();
    expect(screen.queryByTestId('bank-edit')).toBeNull();
  });

  it('adds a bank, and disables one with its name kept', async () => {
    const fetchMock = await openPage('finance', {
      [`POST ${BANKS_PATH}`]: [ok({ id: '9', name: 'Cake', enabled: true, sortOrder: 3 })],
      [`POST ${BANKS_PATH}/update`]: [ok({ ...BIDV, enabled: false })],
    });
    await click(screen.getByTestId('bank-add'));
    let dialog = await screen.findByRole('dialog', {}, { timeout: 5_000 });
    fireEvent.change(within(dialog).getByTestId('bank-name'), { target: { value: 'C' } });
    await within(dialog).findByText(/2 to 60 characters/);
    expect((within(dialog).getByTestId('bank-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('bank-name'), { target: { value: ' Cake ' } });
    await click(within(dialog).getByTestId('bank-save'));
    await waitFor(() => expect(requestsTo(fetchMock, 'POST', BANKS_PATH)).toHaveLength(1));
    expect(requestsTo(fetchMock, 'POST', BANKS_PATH)[0]?.body).toEqual({ name: 'Cake' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await click(screen.getByTestId('bank-edit'));
    dialog = await screen.findByRole('dialog', {}, { timeout: 5_000 });
    await click(within(dialog).getByTestId('bank-enabled'));
    await click(within(dialog).getByTestId('bank-save'));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST', `${BANKS_PATH}/update`)).toHaveLength(1),
    );
    expect(requestsTo(fetchMock, 'POST', `${BANKS_PATH}/update`)[0]?.body).toEqual({
      id: '3',
      name: 'BIDV',
      enabled: false,
    });
  });
});
