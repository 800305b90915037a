import { WITHDRAWAL_BANKS_MAX } from '@app/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addMerchant } from '../../../../test/db-helpers.js';
import { BASE_MERCHANT_CODE } from '../../../../test/fixtures/base-merchant.js';
import { operatorToken } from '../../../../test/money-helpers.js';
import { callApi, uniqueUsername, useTestApp } from '../../../../test/test-app.js';

const context = useTestApp();
const db = () => context.database.db;
const BANKS_PATH = '/admin/payments/withdrawal-banks';

async function newPlayerToken(): Promise<string> {
  const registered = await callApi(context.app, 'PUT', '/wps/member/register', {
    body: { username: uniqueUsername('wb'), password: 'secret123', confirmPassword: 'secret123' },
  });
  expect(registered.status).toBe(200);
  return registered.body.value.session.token as string;
}

function bindAccount(token: string, bankName: string) {
  return callApi(context.app, 'POST', '/wps/member/bank-accounts', {
    token,
    body: { bankName, accountNumber: '0123456789', accountName: 'Nguyen Van An' },
  });
}

async function bankNamed(token: string, name: string) {
  const listed = await callApi(context.app, 'GET', BANKS_PATH, { token });
  expect(listed.status).toBe(200);
  const bank = (listed.body.value.list as { id: string; name: string }[]).find(
    (row) => row.name === name,
  );
  if (!bank) throw new Error(`no bank ${name}`);
  return bank;
}

async function auditOf(action: string) {
  const result = await sql<{ before: unknown; after: unknown; operator_role: string }>`
    SELECT before, after, operator_role FROM audit_log WHERE action = ${action} ORDER BY id
  `.execute(db());
  return result.rows;
}

describe("the merchant's withdrawal bank list, edited in the console", () => {
  it("starts with the currency's list and lets finance add and rename banks, audited", async () => {
    const support = await operatorToken(context.app, db(), 'wb-support', 'support');
    const read = await callApi(context.app, 'GET', BANKS_PATH, { token: support });
    expect(read.status).toBe(200);
    expect(read.body.value.list[0]).toMatchObject({ name: 'Vietcombank', enabled: true });
    expect(
      (await callApi(context.app, 'POST', BANKS_PATH, { token: support, body: { name: 'X Bank' } }))
        .status,
    ).toBe(403);

    const finance = await operatorToken(context.app, db(), 'wb-finance', 'finance');
    const added = await callApi(context.app, 'POST', BANKS_PATH, {
      token: finance,
      body: { name: '  Cake by VPBank ' },
    });
    expect(added.status).toBe(200);
    expect(added.body.value).toMatchObject({ name: 'Cake by VPBank', enabled: true });
    const twice = await callApi(context.app, 'POST', BANKS_PATH, {
      token: finance,
      body: { name: 'cake by vpbank' },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.errorCode).toBe('WITHDRAWAL_BANK_EXISTS');
    expect(await auditOf('payments.withdrawal-bank.add')).toEqual([
      expect.objectContaining({ operator_role: 'finance', before: null }),
    ]);

    const renamed = await callApi(context.app, 'POST', `${BANKS_PATH}/update`, {
      token: finance,
      body: { id: added.body.value.id, name: 'Cake', enabled: true },
    });
    expect(renamed.status).toBe(200);
    const player = await newPlayerToken();
    const offered = await callApi(context.app, 'GET', '/wps/member/bank-accounts/banks', {
      token: player,
    });
    expect(offered.body.value.banks.at(-1)).toBe('Cake');
    expect((await bindAccount(player, 'Cake')).status).toBe(200);
    const [entry] = await auditOf('payments.withdrawal-bank.update');
    expect(entry).toMatchObject({ before: { name: 'Cake by VPBank' }, after: { name: 'Cake' } });
  });

  it('refuses a disabled bank to players, who no longer see it', async () => {
    const finance = await operatorToken(context.app, db(), 'wb-finance2', 'finance');
    const bidv = await bankNamed(finance, 'BIDV');
    const disabled = await callApi(context.app, 'POST', `${BANKS_PATH}/update`, {
      token: finance,
      body: { id: bidv.id, name: 'BIDV', enabled: false },
    });
    expect(disabled.status).toBe(200);
    expect(disabled.body.value.enabled).toBe(false);

    const player = await newPlayerToken();
    const offered = await callApi(context.app, 'GET', '/wps/member/bank-accounts/banks', {
      token: player,
    });
    expect(offered.body.value.banks).not.toContain('BIDV');
    expect(offered.body.value.banks).toContain('Vietcombank');
    const refused = await bindAccount(player, 'BIDV');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorCode: 'VALIDATION_FAILED' });
    expect(refused.body.details).toMatchObject({ field: 'bankName' });
    expect((await bindAccount(player, 'Vietcombank')).status).toBe(200);
  });

  it("answers another merchant's bank as one that does not exist, and bounds the list", async () => {
    await addMerchant(db(), 'WBOTHER');
    const other = await sql<{ id: bigint }>`
      INSERT INTO withdrawal_banks (merchant_code, name) VALUES ('WBOTHER', 'Other Bank')
      RETURNING id
    `.execute(db());
    const finance = await operatorToken(context.app, db(), 'wb-finance3', 'finance');
    const foreign = await callApi(context.app, 'POST', `${BANKS_PATH}/update`, {
      token: finance,
      body: { id: String(other.rows[0]?.id), name: 'Mine now', enabled: false },
    });
    expect(foreign.status).toBe(404);
    const listed = await callApi(context.app, 'GET', BANKS_PATH, { token: finance });
    expect(listed.body.value.list.map((bank: { name: string }) => bank.name)).not.toContain(
      'Other Bank',
    );

    await sql`
      INSERT INTO withdrawal_banks (merchant_code, name)
      SELECT ${BASE_MERCHANT_CODE}, 'Filler ' || n FROM generate_series(1, ${WITHDRAWAL_BANKS_MAX}) n
    `.execute(db());
    const full = await callApi(context.app, 'POST', BANKS_PATH, {
      token: finance,
      body: { name: 'One Too Many' },
    });
    expect(full.status).toBe(400);
    expect(full.body.details).toMatchObject({ field: 'banks' });
  });
});
