import { describe, expect, it } from 'vitest';
import { addOperator } from '../../../../test/admin-helpers.js';
import { callApi, uniqueUsername, useTestApp } from '../../../../test/test-app.js';
import { createAuditService } from '../../audit/index.js';

const context = useTestApp();
const tokens = new Map<string, string>();

async function tokenOf(role: 'admin' | 'finance' | 'support' | 'content') {
  const known = tokens.get(role);
  if (known) return known;
  const username = `methods-${role}`;
  const password = await addOperator(context.database.db, username, role);
  const login = await callApi(context.app, 'POST', '/admin/session/login', {
    body: { username, password },
  });
  expect(login.status).toBe(200);
  const token = login.body.value.token as string;
  tokens.set(role, token);
  return token;
}

async function update(body: Record<string, unknown>, role: 'finance' | 'support' = 'finance') {
  return callApi(context.app, 'POST', '/admin/payments/methods', {
    token: await tokenOf(role),
    body,
  });
}

async function member() {
  const username = uniqueUsername('methods');
  const { body } = await callApi(context.app, 'PUT', '/wps/member/register', {
    body: { username, password: 'secret123', confirmPassword: 'secret123' },
  });
  return body.value.session.token as string;
}

describe('the console payment methods', () => {
  it('lists the deposit methods with their limits to a deposits reader', async () => {
    const response = await callApi(context.app, 'GET', '/admin/payments/methods', {
      token: await tokenOf('support'),
    });
    expect(response.status).toBe(200);
    expect(response.body.value.list).toEqual([
      expect.objectContaining({
        code: 'sandbox',
        kind: 'sandbox',
        minAmount: 10_000,
        enabled: true,
      }),
      expect.objectContaining({ code: 'manual-bank', kind: 'manual_bank' }),
    ]);
  });

  it('changes the limits and the switch, audited, and the next deposit follows them', async () => {
    const changed = await update({
      code: 'sandbox',
      enabled: true,
      minAmount: 20_000,
      maxAmount: 5_000_000.5,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.value).toMatchObject({ minAmount: 20_000, maxAmount: 5_000_000.5 });
    const player = await member();
    const tooSmall = await callApi(context.app, 'POST', '/wps/payments/deposits', {
      token: player,
      body: { methodCode: 'sandbox', amount: 15_000 },
    });
    expect(tooSmall.status).toBe(400);

    const off = await update({
      code: 'sandbox',
      enabled: false,
      minAmount: 20_000,
      maxAmount: 5_000_000,
    });
    expect(off.status).toBe(200);
    const refused = await callApi(context.app, 'POST', '/wps/payments/deposits', {
      token: player,
      body: { methodCode: 'sandbox', amount: 30_000 },
    });
    expect(refused.body.errorCode).toBe('PAYMENT_METHOD_UNAVAILABLE');

    const page = await createAuditService(context.database.db).page('DEMO', 1, 200);
    const entry = (
      page.list as unknown as { action: string; before: unknown; after: unknown }[]
    ).find((row) => row.action === 'payments.method.update');
    expect(entry).toMatchObject({
      before: { enabled: true, minAmount: 20_000 },
      after: { enabled: false, maxAmount: 5_000_000 },
    });
    await update({ code: 'sandbox', enabled: true, minAmount: 10_000, maxAmount: 100_000_000 });
  });

  it('refuses min above max, amounts out of bounds, an unknown method and a role without payments:edit', async () => {
    const inverted = await update({ code: 'sandbox', enabled: true, minAmount: 50, maxAmount: 10 });
    expect(inverted.status).toBe(400);
    expect(inverted.body.details).toMatchObject({ field: 'minAmount' });
    const tooBig = await update({
      code: 'sandbox',
      enabled: true,
      minAmount: 1,
      maxAmount: 1_000_000_001,
    });
    expect(tooBig.status).toBe(400);
    const cents = await update({ code: 'sandbox', enabled: true, minAmount: 1.005, maxAmount: 10 });
    expect(cents.status).toBe(400);
    const unknown = await update({ code: 'nope', enabled: true, minAmount: 1, maxAmount: 10 });
    expect(unknown.status).toBe(404);
    const support = await update(
      { code: 'sandbox', enabled: false, minAmount: 1, maxAmount: 10 },
      'support',
    );
    expect(support.status).toBe(403);
  });
});
