import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderConsole, requestsTo, sessionOf } from '../../test/render';

const member = {
  id: '42',
  account: 'player42',
  nickname: 'player42',
  kind: 'member',
  type: 0,
  status: 'active',
  registeredAtMs: Date.UTC(2026, 10, 20, 8),
  lastLoginAtMs: null,
  email: 'p42@example.com',
  mobileNum: null,
  realName: null,
};
const profile = {
  ...member,
  upline: null,
  registerIp: null,
  registerMethod: 'WEB',
  fields: { email: 'p42@example.com' },
  labels: [],
  balances: [{ asset: 'cash', wallet: 'main', currency: 'VND', available: 12.5 }],
  recentLogins: [],
  mobileVerified: false,
};
const pending = {
  id: '7',
  memberId: '42',
  account: 'player42',
  amount: 2500,
  currency: 'VND',
  reason: 'prize',
  requestedBy: '1',
  requestedByUsername: 'admin-operator',
  requestedAtMs: Date.UTC(2026, 10, 26, 9),
  status: 'pending',
  decidedByUsername: null,
  rejectReason: null,
};

async function click(testId: string) {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
  });
}

describe('the members pages', () => {
  it('refuses a malformed search before any call and lists what the server finds', async () => {
    const fetchMock = mockApi({
      'GET /admin/session': [ok(sessionOf('read-only'))],
      'GET /admin/member-labels': [ok({ list: [] })],
      'GET /admin/members': [ok({ list: [member], nextAfterId: null, nextCursor: null })],
    });
    await renderConsole('/members');
    await screen.findByTestId('member-row', {}, { timeout: 5_000 });
    const before = requestsTo(fetchMock, 'GET', '/admin/members').length;
    fireEvent.change(screen.getByTestId('member-search-lastLoginIp'), {
      target: { value: 'not an address' },
    });
    await click('member-search-submit');
    expect(requestsTo(fetchMock, 'GET', '/admin/members')).toHaveLength(before);
    expect(screen.getByText('Please check this value')).toBeTruthy();
  });

  it('shows a read-only operator the profile and no action', async () => {
    mockApi({
      'GET /admin/session': [ok(sessionOf('read-only'))],
      'GET /admin/members/profile': [ok(profile)],
    });
    await renderConsole('/members/42');
    await screen.findByTestId('member-account', {}, { timeout: 5_000 });
    expect(screen.queryByTestId('member-lock')).toBeNull();
    expect(screen.queryByTestId('member-reset')).toBeNull();
    expect(screen.queryByTestId('member-adjust')).toBeNull();
  });

  it('gives support lock and reset but not adjust', async () => {
    mockApi({
      'GET /admin/session': [ok(sessionOf('support'))],
      'GET /admin/members/profile': [ok(profile)],
    });
    await renderConsole('/members/42');
    await screen.findByTestId('member-lock', {}, { timeout: 5_000 });
    expect(screen.getByTestId('member-reset')).toBeTruthy();
    expect(screen.queryByTestId('member-adjust')).toBeNull();
  });

  it('offers no approval of the operator own request, and approves another one', async () => {
    const fetchMock = mockApi({
      'GET /admin/session': [ok(sessionOf('finance', { id: 5 }))],
      'GET /admin/member-labels': [ok({ list: [] })],
      'GET /admin/members': [ok({ list: [], nextAfterId: null, nextCursor: null })],
      'GET /admin/adjustments/pending': [
        ok({
          list: [pending, { ...pending, id: '8', requestedBy: '5', requestedByUsername: 'me' }],
          nextAfterId: null,
          secondApprovalAbove: 1000,
        }),
        ok({ list: [], nextAfterId: null, secondApprovalAbove: 1000 }),
      ],
      'POST /admin/adjustments/approve': [
        ok({ ...pending, status: 'approved', decidedByUsername: 'finance', balanceAfter: 2500 }),
      ],
    });
    await renderConsole('/members');
    await screen.findByTestId('members-tab-pending', {}, { timeout: 5_000 });
    await click('members-tab-pending');
    const rows = await screen.findAllByTestId('pending-adjustment-row', {}, { timeout: 5_000 });
    expect(rows).toHaveLength(2);
    expect(screen.getAllByTestId('adjustment-approve')).toHaveLength(1);
    expect(rows[1]?.textContent).toContain('another operator decides');
    await click('adjustment-approve');
    await click('adjustment-decide-confirm');
    await screen.findByTestId('pending-empty');
    expect(requestsTo(fetchMock, 'POST', '/admin/adjustments/approve').map((r) => r.body)).toEqual([
      { requestId: '7' },
    ]);
  });
});
