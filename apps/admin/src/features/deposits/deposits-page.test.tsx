import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, mockApi, ok, renderConsole, requestsTo, sessionOf } from '../../test/render';

const DEPOSIT_ID = '0b5f6c1e-8a3d-4d8e-9a57-1f2b3c4d5e6f';

const pendingDeposit = {
  depositId: DEPOSIT_ID,
  methodCode: 'BANK_TRANSFER',
  amount: 1250.5,
  currency: 'VND',
  status: 'pending',
  payUrl: null,
  createdAt: '2026-11-26T08:00:00.000Z',
  memberAccount: 'player1',
  payerReference: 'REF-778',
  rejectReason: null,
};

async function click(testId: string) {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
  });
}

describe('the deposits page', () => {
  it('lists pending deposits with two decimals and the currency, and approves one', async () => {
    const fetchMock = mockApi({
      'GET /admin/session': [ok(sessionOf('finance'))],
      'GET /admin/deposits': [
        ok({ items: [pendingDeposit], nextCursor: null }),
        ok({ items: [], nextCursor: null }),
      ],
      'POST /admin/deposits/approve': [ok({ ...pendingDeposit, status: 'completed' })],
    });
    await renderConsole('/finance/deposits');
    const row = await screen.findByTestId('deposit-row', {}, { timeout: 5_000 });
    expect(row.textContent).toContain('player1');
    expect(row.textContent).toContain('REF-778');
    expect(screen.getByTestId('deposit-amount').textContent).toMatch(/1,?250\.50 VND/);

    await click('deposit-approve');
    await screen.findByTestId('deposit-approve-confirm');
    await click('deposit-approve-confirm');
    await screen.findByTestId('deposits-empty');
    expect(requestsTo(fetchMock, 'POST', '/admin/deposits/approve').map((r) => r.body)).toEqual([
      { depositId: DEPOSIT_ID },
    ]);
    // The queue was asked again after the decision.
    expect(requestsTo(fetchMock, 'GET', '/admin/deposits').length).toBeGreaterThanOrEqual(2);
  });

  it('asks for a reason before rejecting', async () => {
    const fetchMock = mockApi({
      'GET /admin/session': [ok(sessionOf('finance'))],
      'GET /admin/deposits': [
        ok({ items: [pendingDeposit], nextCursor: null }),
        ok({ items: [], nextCursor: null }),
      ],
      'POST /admin/deposits/reject': [ok({ ...pendingDeposit, status: 'rejected' })],
    });
    await renderConsole('/finance/deposits');
    await screen.findByTestId('deposit-row', {}, { timeout: 5_000 });
    await click('deposit-reject');
    await screen.findByTestId('deposit-reject-reason');
    await click('deposit-reject-confirm');
    await screen.findByText('This field is required');
    expect(requestsTo(fetchMock, 'POST', '/admin/deposits/reject')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('deposit-reject-reason'), {
      target: { value: 'No transfer on the statement' },
    });
    await click('deposit-reject-confirm');
    await screen.findByTestId('deposits-empty');
    expect(requestsTo(fetchMock, 'POST', '/admin/deposits/reject').map((r) => r.body)).toEqual([
      { depositId: DEPOSIT_ID, reason: 'No transfer on the statement' },
    ]);
  });

  it('shows the rejected tab with its reason', async () => {
    const fetchMock = mockApi({
      'GET /admin/session': [ok(sessionOf('finance'))],
      'GET /admin/deposits': [
        ok({ items: [], nextCursor: null }),
        ok({
          items: [{ ...pendingDeposit, status: 'rejected', rejectReason: 'Wrong amount' }],
          nextCursor: null,
        }),
      ],
    });
    await renderConsole('/finance/deposits');
    await screen.findByTestId('deposits-empty', {}, { timeout: 5_000 });
    await click('deposits-tab-rejected');
    await screen.findByText('Wrong amount');
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls).toContain('/admin/deposits?status=rejected&limit=20');
    expect(screen.queryByTestId('deposit-approve')).toBeNull();
  });

  it('shows no decision buttons to a role that may only read', async () => {
    mockApi({
      'GET /admin/session': [ok(sessionOf('support'))],
      'GET /admin/deposits': [ok({ items: [pendingDeposit], nextCursor: null })],
    });
    await renderConsole('/finance/deposits');
    await screen.findByTestId('deposit-row', {}, { timeout: 5_000 });
    expect(screen.queryByTestId('deposit-approve')).toBeNull();
    expect(screen.queryByTestId('deposit-reject')).toBeNull();
  });

  it('hides the page from a role without the permission', async () => {
    const fetchMock = mockApi({
      'GET /admin/session': [ok(sessionOf('content'))],
      'GET /admin/dashboard': [failure(403, 'FORBIDDEN')],
    });
    await renderConsole('/finance/deposits');
    await screen.findByTestId('not-allowed', {}, { timeout: 5_000 });
    expect(screen.queryByTestId('nav-deposits')).toBeNull();
    expect(requestsTo(fetchMock, 'GET', '/admin/deposits')).toHaveLength(0);
  });
});
