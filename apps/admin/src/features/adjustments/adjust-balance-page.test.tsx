import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, mockApi, ok, renderConsole, requestsTo, sessionOf } from '../../test/render';

const PATH = '/members/adjust-balance';
const ADJUST = '/admin/members/adjust-balance';

const answer = {
  adjustmentId: 'adj-1',
  account: 'player2',
  amount: -12.5,
  balanceBefore: 100,
  balanceAfter: 87.5,
  currency: 'VND',
};

async function click(testId: string) {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
  });
}

async function fill(fields: { account: string; amount: string; reason: string }) {
  const account = await screen.findByTestId('adjust-account', {}, { timeout: 5_000 });
  fireEvent.change(account, { target: { value: fields.account } });
  fireEvent.change(screen.getByTestId('adjust-amount'), { target: { value: fields.amount } });
  fireEvent.change(screen.getByTestId('adjust-reason'), { target: { value: fields.reason } });
}

describe('the adjust balance page', () => {
  it('refuses a zero, a text or a three-decimal amount and an empty reason before asking', async () => {
    const fetchMock = mockApi({ 'GET /admin/session': [ok(sessionOf('admin'))] });
    await renderConsole(PATH);
    for (const amount of ['0', 'ten', '1.005']) {
      await fill({ account: 'player2', amount, reason: 'Goodwill' });
      await click('adjust-review');
      await screen.findByText('Please check this value');
      expect(screen.queryByTestId('adjust-confirmation')).toBeNull();
    }
    await fill({ account: 'player2', amount: '5', reason: '' });
    await click('adjust-review');
    await screen.findByText('This field is required');
    expect(screen.queryByTestId('adjust-confirmation')).toBeNull();
    expect(requestsTo(fetchMock, 'POST', ADJUST)).toHaveLength(0);
  });

  it('confirms a debit, reuses the key on a retry and shows the new balance', async () => {
    const fetchMock = mockApi({
      'GET /admin/session': [ok(sessionOf('admin'))],
      [`POST ${ADJUST}`]: [failure(500, 'INTERNAL_ERROR'), ok(answer)],
    });
    await renderConsole(PATH);
    await fill({ account: 'player2', amount: '-12.5', reason: 'Duplicate bonus' });
    await click('adjust-review');
    const confirmation = await screen.findByTestId('adjust-confirmation');
    expect(confirmation.textContent).toContain('Debit 12.50 from player2');
    expect(confirmation.textContent).toContain('Duplicate bonus');

    await click('adjust-confirm');
    await screen.findByTestId('adjust-error');
    await click('adjust-confirm');
    const result = await screen.findByTestId('adjust-result');
    expect(result.textContent).toContain('87.50 VND');

    const requests = requestsTo(fetchMock, 'POST', ADJUST);
    expect(requests.map((request) => request.body)).toEqual([
      { account: 'player2', amount: -12.5, reason: 'Duplicate bonus' },
      { account: 'player2', amount: -12.5, reason: 'Duplicate bonus' },
    ]);
    const keys = requests.map((request) => request.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('shows the translated error and takes a new key for a new request', async () => {
    const fetchMock = mockApi({
      'GET /admin/session': [ok(sessionOf('admin'))],
      [`POST ${ADJUST}`]: [failure(404, 'NOT_FOUND'), ok(answer)],
    });
    await renderConsole(PATH);
    await fill({ account: 'nobody', amount: '10', reason: 'Goodwill' });
    await click('adjust-review');
    expect((await screen.findByTestId('adjust-confirmation')).textContent).toContain(
      'Credit 10.00 to nobody',
    );
    await click('adjust-confirm');
    const error = await screen.findByTestId('adjust-error');
    expect(error.textContent).toBe('Not found');

    await click('adjust-back');
    await fill({ account: 'player2', amount: '10', reason: 'Goodwill' });
    await click('adjust-review');
    await click('adjust-confirm');
    await screen.findByTestId('adjust-result');
    const keys = requestsTo(fetchMock, 'POST', ADJUST).map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('hides the page from a role without the permission', async () => {
    const fetchMock = mockApi({
      'GET /admin/session': [ok(sessionOf('support'))],
      'GET /admin/dashboard': [failure(403, 'FORBIDDEN')],
    });
    await renderConsole(PATH);
    await screen.findByTestId('not-allowed', {}, { timeout: 5_000 });
    expect(screen.queryByTestId('nav-adjustBalance')).toBeNull();
    expect(screen.queryByTestId('adjust-account')).toBeNull();
    expect(requestsTo(fetchMock, 'POST', ADJUST)).toHaveLength(0);
  });
});
