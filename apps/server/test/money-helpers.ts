import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../src/db/database.js';
import { createServices } from '../src/services.js';
import { addOperator } from './admin-helpers.js';
import { BASE_MERCHANT_CODE } from './fixtures/base-merchant.js';
import { callApi, uniqueUsername } from './test-app.js';

export const PAYMENT_PASSWORD = '123456';

export interface TestMember {
  id: bigint;
  username: string;
  token: string;
}

/** A registered member with a payment password and `funds` (major units) in the wallet. */
export async function fundedMember(
  app: FastifyInstance,
  db: Db,
  funds: number,
  prefix = 'cash',
): Promise<TestMember> {
  const username = uniqueUsername(prefix);
  const registered = await callApi(app, 'PUT', '/wps/member/register', {
    body: { username, password: 'secret123', confirmPassword: 'secret123' },
  });
  expect(registered.status).toBe(200);
  const token = registered.body.value.session.token as string;
  const set = await callApi(app, 'POST', '/wps/member/password/payment', {
    token,
    body: {
      loginPassword: 'secret123',
      paymentPassword: PAYMENT_PASSWORD,
      confirmPaymentPassword: PAYMENT_PASSWORD,
    },
  });
  expect(set.status).toBe(200);
  const id = BigInt(
    (await sql<{ id: string }>`SELECT id FROM members WHERE username = ${username}`.execute(db))
      .rows[0]?.id ?? 0,
  );
  if (funds > 0) await fund(db, id, funds);
  return { id, username, token };
}

/** Credits a member from a test clearing account, through the ledger. */
export async function fund(db: Db, memberId: bigint, funds: number): Promise<void> {
  const { ledger } = createServices(db);
  const wallet = await ledger.memberAccount({
    merchantCode: BASE_MERCHANT_CODE,
    memberId,
    asset: 'cash',
    currency: 'VND',
  });
  const source = await ledger.systemAccount({
    merchantCode: BASE_MERCHANT_CODE,
    code: 'clearing:test',
    asset: 'cash',
    currency: 'VND',
  });
  await ledger.transfer({
    id: `fund-${memberId}-${Math.random()}`,
    debitAccountId: source,
    creditAccountId: wallet,
    amountMinor: BigInt(Math.round(funds * 100)),
    code: 'deposit',
  });
}

export async function balanceOf(app: FastifyInstance, token: string): Promise<number> {
  const response = await callApi(app, 'GET', '/wps/v2/wallets/balance', { token });
  expect(response.status).toBe(200);
  return response.body.value.sumBalance as number;
}

/** An operator of the demo merchant, logged in; answers the token. */
export async function operatorToken(
  app: FastifyInstance,
  db: Db,
  username: string,
  role: 'admin' | 'finance' | 'support' | 'content',
): Promise<string> {
  const password = await addOperator(db, username, role);
  const response = await callApi(app, 'POST', '/admin/session/login', {
    body: { username, password },
  });
  expect(response.status).toBe(200);
  return response.body.value.token as string;
}

/** The ledger's broken invariants; every test expects none. */
export async function ledgerBreaks(db: Db) {
  return createServices(db).ledger.reconcile();
}
