import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { WithdrawForm } from './withdraw-form';
import { WithdrawalList } from './withdrawal-list';

const bankAccount = {
  id: 7,
  bankName: 'Vietcombank',
  accountNumberMasked: '•••• 6789',
  accountName: 'Tran Thi Binh',
};
const withdrawal = {
  withdrawalId: '0b6d9c8e-4b8a-4f57-9f0e-0d2f4b1b8a11',
  amount: 50_000,
  currency: 'VND',
  status: 'approved',
  bankAccount,
  rejectReason: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  receipt: null,
  receivedAmount: 0,
  remainingAmount: 50_000,
  hasProof: true,
  autoReceiveAt: '2026-11-23T10:00:00.000Z',
};

type Reply = { status?: number; body: unknown };

/** Replies by method and path; a list of replies is used in turn. */
function mockFetch(replies: Record<string, Reply | Reply[]>) {
  const calls: { key: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`;
    calls.push({ key, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const entry = replies[key];
    const reply = Array.isArray(entry) ? entry.shift() : entry;
    if (!reply) return new Response(JSON.stringify({ success: false }), { status: 404 });
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

async function fillAndSend() {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Amount' }, { timeout: 5000 }), {
    target: { value: '50000' },
  });
  fireEvent.change(screen.getByLabelText('Payment password'), { target: { value: '123456' } });
  await screen.findByDisplayValue(/Vietcombank/);
  fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
}

describe('WithdrawForm', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("asks for the payment password and the bank account up front, the bank from the merchant's list", async () => {
    mockFetch({
      'GET /wps/member/bank-accounts': { body: { success: true, value: [] } },
      'GET /wps/member/bank-accounts/banks': {
        body: { success: true, value: { banks: ['Vietcombank', 'BIDV'] } },
      },
      'GET /wps/member/security': [
        { body: { success: true, value: { paymentPasswordSet: false } } },
        { body: { success: true, value: { paymentPasswordSet: true } } },
      ],
      'POST /wps/member/password/payment': { body: { success: true, value: null } },
    });
    await act(async () => {
      renderWithProviders(<WithdrawForm onRequested={() => {}} />);
    });
    // Before any request: both forms are there and the request waits for them.
    const passwordForm = await screen.findByTestId('payment-password-form');
    expect(screen.getByTestId('bank-account-form')).toBeTruthy();
    expect(await screen.findByRole('textbox', { name: 'Bank name' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Request withdrawal' }).hasAttribute('disabled'),
    ).toBe(true);
    fireEvent.change(screen.getByLabelText('Login password'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payment password' }));
    await waitFor(() => expect(passwordForm.isConnected).toBe(false));
  });

  it('clears the refusal that asked for a payment password once it is set', async () => {
    mockFetch({
      'GET /wps/member/bank-accounts': { body: { success: true, value: [bankAccount] } },
      'POST /wps/payments/withdrawals': {
        status: 409,
        body: { success: false, errorCode: 'PAYMENT_PASSWORD_NOT_SET', message: 'x' },
      },
      'POST /wps/member/password/payment': { body: { success: true, value: null } },
    });
    await act(async () => {
      renderWithProviders(<WithdrawForm onRequested={() => {}} />);
    });
    await fillAndSend();
    expect(await screen.findByText('Please set a payment password first')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save payment password' }));
    await waitFor(() =>
      expect(screen.queryByText('Please set a payment password first')).toBeNull(),
    );
  });

  it('shows how far the turnover is when it is not met', async () => {
    mockFetch({
      'GET /wps/member/bank-accounts': { body: { success: true, value: [bankAccount] } },
      'POST /wps/payments/withdrawals': {
        status: 409,
        body: {
          success: false,
          errorCode: 'TURNOVER_NOT_MET',
          message: 'x',
          details: { requiredAmount: 60_000, doneAmount: 40_000 },
        },
      },
    });
    await act(async () => {
      renderWithProviders(<WithdrawForm onRequested={() => {}} />);
    });
    await fillAndSend();
    expect(
      await screen.findByText('Bets since your last deposit: 40,000.00 of 60,000.00'),
    ).toBeTruthy();
  });

  it('asks for the account name from a new address and sends it with the request', async () => {
    const calls = mockFetch({
      'GET /wps/member/bank-accounts': { body: { success: true, value: [bankAccount] } },
      'POST /wps/payments/withdrawals': [
        {
          status: 403,
          body: {
            success: false,
            errorCode: 'WITHDRAWAL_VERIFICATION_REQUIRED',
            message: 'x',
            details: { method: 'accountName' },
          },
        },
        { body: { success: true, value: { ...withdrawal, status: 'pending' } } },
      ],
    });
    const onRequested = vi.fn();
    await act(async () => {
      renderWithProviders(<WithdrawForm onRequested={onRequested} />);
    });
    await fillAndSend();
    const name = await screen.findByRole('textbox', { name: 'Account holder name' });
    fireEvent.change(name, { target: { value: 'Tran Thi Binh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and withdraw' }));
    await waitFor(() => expect(onRequested).toHaveBeenCalled());
    const sent = calls.filter((call) => call.key === 'POST /wps/payments/withdrawals');
    expect(sent[1]?.body).toMatchObject({ verification: { accountName: 'Tran Thi Binh' } });
  });
});

describe('WithdrawalList', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lets the player confirm an approved withdrawal as received', async () => {
    const calls = mockFetch({
      'GET /wps/payments/withdrawals': [
        { body: { success: true, value: [withdrawal] } },
        {
          body: {
            success: true,
            value: [
              { ...withdrawal, receipt: 'received', receivedAmount: 50_000, remainingAmount: 0 },
            ],
          },
        },
      ],
      'POST /wps/payments/withdrawals/confirm': {
        body: { success: true, value: { ...withdrawal, receipt: 'received' } },
      },
    });
    await act(async () => {
      renderWithProviders(<WithdrawalList />);
    });
    expect(await screen.findByText('Remaining: 50,000.00 VND', { exact: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View proof' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Received' }));
    expect(await screen.findByText('You confirmed receiving it.')).toBeTruthy();
    expect(calls.find((call) => call.key.endsWith('/confirm'))?.body).toEqual({
      withdrawalId: withdrawal.withdrawalId,
      received: true,
    });
  });
});
