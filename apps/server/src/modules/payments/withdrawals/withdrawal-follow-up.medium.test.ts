import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addOperator } from '../../../../test/admin-helpers.js';
import { auditEntriesOf, refuseAuditEntries } from '../../../../test/audit-helpers.js';
import { outboxEmails } from '../../../../test/email-helpers.js';
import { lastSmsCode, uniqueMobileNumber } from '../../../../test/sms-helpers.js';
import { callApi, uniqueUsername, useTestApp } from '../../../../test/test-app.js';
import {
  ageApproval,
  noisyPngBase64,
  proofImageBase64,
  setWithdrawalSettings,
} from '../../../../test/withdrawal-helpers.js';
import { createServices } from '../../../services.js';

describe('withdrawals: turnover, proof, receipt, cases and new-address verification', () => {
  const context = useTestApp();
  let financeToken: string;
  let services: ReturnType<typeof createServices>;

  beforeAll(async () => {
    services = createServices(context.database.db);
    const password = await addOperator(context.database.db, 'finance2', 'finance');
    const login = await callApi(context.app, 'POST', '/admin/session/login', {
      body: { username: 'finance2', password },
    });
    financeToken = login.body.value.token;
  });

  const accounts = async (memberId: bigint) => ({
    wallet: await services.ledger.memberAccount({
      merchantCode: 'DEMO',
      memberId,
      asset: 'cash',
      currency: 'VND',
    }),
    clearing: await services.ledger.systemAccount({
      merchantCode: 'DEMO',
      code: 'clearing:test',
      asset: 'cash',
      currency: 'VND',
    }),
    house: await services.ledger.systemAccount({
      merchantCode: 'DEMO',
      code: 'house:test',
      asset: 'cash',
      currency: 'VND',
    }),
  });

  let transferCounter = 0;
  async function post(memberId: bigint, code: 'deposit' | 'bet', amount: number): Promise<void> {
    const { wallet, clearing, house } = await accounts(memberId);
    transferCounter += 1;
    await services.ledger.transfer({
      id: `test-${code}-${memberId}-${transferCounter}`,
      debitAccountId: code === 'deposit' ? clearing : wallet,
      creditAccountId: code === 'deposit' ? wallet : house,
      amountMinor: BigInt(amount * 100),
      code,
    });
  }

  /** A member with a payment password and a bank account, and `funds` deposited. */
  async function member(funds: number, registerIp?: string) {
    const username = uniqueUsername('wd');
    const registered = await callApi(context.app, 'PUT', '/wps/member/register', {
      ...(registerIp ? { ip: registerIp } : {}),
      body: { username, password: 'secret123', confirmPassword: 'secret123' },
    });
    const token = registered.body.value.session.token as string;
    await callApi(context.app, 'POST', '/wps/member/password/payment', {
      token,
      body: {
        loginPassword: 'secret123',
        paymentPassword: '123456',
        confirmPaymentPassword: '123456',
      },
    });
    const account = await callApi(context.app, 'POST', '/wps/member/bank-accounts', {
      token,
      body: { bankName: 'Vietcombank', accountNumber: '0123456789', accountName: 'Tran Thi Binh' },
    });
    const memberId = BigInt(
      (
        await sql<{ id: string }>`SELECT id FROM members WHERE username = ${username}`.execute(
          context.database.db,
        )
      ).rows[0]?.id ?? 0,
    );
    if (funds > 0) await post(memberId, 'deposit', funds);
    return { token, username, memberId, bankAccountId: account.body.value.id as number };
  }

  function withdraw(
    who: { token: string; bankAccountId: number },
    amount: number,
    extra: { ip?: string; verification?: { code?: string; accountName?: string } } = {},
  ) {
    return callApi(context.app, 'POST', '/wps/payments/withdrawals', {
      token: who.token,
      ...(extra.ip ? { ip: extra.ip } : {}),
      body: {
        bankAccountId: who.bankAccountId,
        amount,
        paymentPassword: '123456',
        ...(extra.verification ? { verification: extra.verification } : {}),
      },
    });
  }

  const balance = async (token: string) =>
    (await callApi(context.app, 'GET', '/wps/v2/wallets/balance', { token })).body.value
      .sumBalance as number;

  async function approve(withdrawalId: string, proof?: string) {
    return callApi(context.app, 'POST', '/admin/withdrawals/approve', {
      token: financeToken,
      body: { withdrawalId, proofImageBase64: proof ?? (await proofImageBase64()) },
    });
  }

  it('refuses until the bets since the last deposit reach deposit x the multiple', async () => {
    await setWithdrawalSettings(context.database.db, { turnoverMultiple: 1.5 });
    try {
      const player = await member(0);
      await post(player.memberId, 'deposit', 100_000);
      await post(player.memberId, 'bet', 20_000); // before the second deposit: not counted
      await post(player.memberId, 'deposit', 40_000);
      const refused = await withdraw(player, 50_000);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        errorCode: 'TURNOVER_NOT_MET',
        details: { requiredAmount: 60_000, doneAmount: 0 },
      });
      expect(await balance(player.token)).toBe(120_000);
      await post(player.memberId, 'bet', 40_000);
      const still = await withdraw(player, 50_000);
      expect(still.body.details).toMatchObject({ requiredAmount: 60_000, doneAmount: 40_000 });
      await post(player.memberId, 'bet', 20_000);
      const allowed = await withdraw(player, 50_000);
      expect(allowed.body.value).toMatchObject({ status: 'pending', amount: 50_000 });

      // A member who never deposited has nothing to turn over.
      const none = await member(0);
      expect((await withdraw(none, 50_000)).body.errorCode).toBe('INSUFFICIENT_FUNDS');
    } finally {
      await setWithdrawalSettings(context.database.db, { turnoverMultiple: 0 });
    }
  });

  it('approves only with a real PNG or JPEG proof, which the owner alone can see', async () => {
    const player = await member(200_000);
    const requested = await withdraw(player, 60_000);
    const withdrawalId = requested.body.value.withdrawalId as string;

    const fake = Buffer.concat([
      Buffer.from('<script>alert(1)</script>'),
      Buffer.alloc(64),
    ]).toString('base64');
    expect((await approve(withdrawalId, fake)).body.errorCode).toBe('PROOF_IMAGE_INVALID');
    // A PNG signature on what is not a PNG.
    const signatureOnly = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('0000IHDR'),
      Buffer.alloc(40, 1),
    ]).toString('base64');
    expect((await approve(withdrawalId, signatureOnly)).body.errorCode).toBe('PROOF_IMAGE_INVALID');
    const tooLarge = await callApi(context.app, 'POST', '/admin/withdrawals/approve', {
      token: financeToken,
      body: { withdrawalId, proofImageBase64: 'A'.repeat(3 * 1024 * 1024) },
    });
    expect(tooLarge.status).toBe(413);
    const mine = await callApi(context.app, 'GET', '/wps/payments/withdrawals', {
      token: player.token,
    });
    expect(mine.body.value[0]).toMatchObject({ status: 'pending', hasProof: false });

    // Larger than the app's 64 KB body limit: the approval route has its own.
    const big = await noisyPngBase64();
    expect(big.length).toBeGreaterThan(64 * 1024);
    const approved = await approve(withdrawalId, big);
    expect(approved.status).toBe(200);
    expect(approved.body.value).toMatchObject({ status: 'approved', hasProof: true });
    expect(approved.body.value.autoReceiveAt).not.toBeNull();

    const proofUrl = `/wps/payments/withdrawals/proof?withdrawalId=${withdrawalId}`;
    const seen = await context.app.inject({
      method: 'GET',
      url: proofUrl,
      headers: { merchant: 'DEMO', device: 'WEB', authorization: player.token },
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/png');
    expect(seen.headers['x-content-type-options']).toBe('nosniff');
    expect([...seen.rawPayload.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

    const stranger = await member(0);
    const hidden = await context.app.inject({
      method: 'GET',
      url: proofUrl,
      headers: { merchant: 'DEMO', device: 'WEB', authorization: stranger.token },
    });
    expect(hidden.statusCode).toBe(404);
    const anonymous = await context.app.inject({
      method: 'GET',
      url: proofUrl,
      headers: { merchant: 'DEMO', device: 'WEB' },
    });
    expect(anonymous.statusCode).toBe(401);
    // Operators of the merchant see it too; a member token is no operator token.
    const forOperator = await context.app.inject({
      method: 'GET',
      url: `/admin/withdrawals/proof?withdrawalId=${withdrawalId}`,
      headers: { merchant: 'DEMO', device: 'WEB', authorization: financeToken },
    });
    expect(forOperator.statusCode).toBe(200);
    expect(forOperator.headers['content-type']).toBe('image/png');
    const memberAsOperator = await context.app.inject({
      method: 'GET',
      url: `/admin/withdrawals/proof?withdrawalId=${withdrawalId}`,
      headers: { merchant: 'DEMO', device: 'WEB', authorization: player.token },
    });
    expect(memberAsOperator.statusCode).toBe(401);

    const log = await services.audit.page('DEMO', 1, 50);
    expect(log.list.find((entry) => entry.subjectId === withdrawalId)).toMatchObject({
      action: 'withdrawal.approve',
    });
  });

  it('takes the player answer once; not received opens a case the operator resolves', async () => {
    const player = await member(300_000);
    const first = (await withdraw(player, 60_000)).body.value.withdrawalId as string;
    const second = (await withdraw(player, 70_000)).body.value.withdrawalId as string;
    const pendingAnswer = await callApi(context.app, 'POST', '/wps/payments/withdrawals/confirm', {
      token: player.token,
      body: { withdrawalId: first, received: true },
    });
    expect(pendingAnswer.body.errorCode).toBe('WITHDRAWAL_NOT_CONFIRMABLE');
    await approve(first);
    await approve(second);

    const stranger = await member(0);
    const foreign = await callApi(context.app, 'POST', '/wps/payments/withdrawals/confirm', {
      token: stranger.token,
      body: { withdrawalId: first, received: true },
    });
    expect(foreign.body.errorCode).toBe('NOT_FOUND');

    const received = await callApi(context.app, 'POST', '/wps/payments/withdrawals/confirm', {
      token: player.token,
      body: { withdrawalId: first, received: true },
    });
    expect(received.body.value).toMatchObject({
      receipt: 'received',
      receivedAmount: 60_000,
      remainingAmount: 0,
      autoReceiveAt: null,
    });
    const twice = await callApi(context.app, 'POST', '/wps/payments/withdrawals/confirm', {
      token: player.token,
      body: { withdrawalId: first, received: false },
    });
    expect(twice.body.errorCode).toBe('WITHDRAWAL_NOT_CONFIRMABLE');

    const notReceived = await callApi(context.app, 'POST', '/wps/payments/withdrawals/confirm', {
      token: player.token,
      body: { withdrawalId: second, received: false },
    });
    expect(notReceived.body.value).toMatchObject({
      receipt: 'notReceived',
      receivedAmount: 0,
      remainingAmount: 70_000,
    });
    const cases = await callApi(context.app, 'GET', '/admin/withdrawal-cases', {
      token: financeToken,
    });
    expect(cases.body.value.nextCursor).toBeNull();
    const badCursor = await callApi(context.app, 'GET', '/admin/withdrawal-cases?cursor=e30', {
      token: financeToken,
    });
    expect(badCursor.body).toMatchObject({ success: false, errorCode: 'PAGE_CURSOR_INVALID' });
    const opened = cases.body.value.items.find(
      (item: { withdrawal: { withdrawalId: string } }) => item.withdrawal.withdrawalId === second,
    );
    expect(opened).toMatchObject({
      status: 'open',
      note: null,
      withdrawal: { memberAccount: player.username },
    });
    // A resolution whose audit entry cannot be written does not happen: the case stays open.
    const allow = await refuseAuditEntries(context.database.db, 'withdrawal-case.resolve');
    try {
      const refused = await callApi(context.app, 'POST', '/admin/withdrawal-cases/resolve', {
        token: financeToken,
        body: { caseId: opened.caseId, note: 'not recorded' },
      });
      expect(refused.status).toBe(500);
    } finally {
      await allow();
    }
    const unresolved = await sql<{ status: string; note: string | null }>`
      SELECT status, note FROM withdrawal_cases WHERE id = ${opened.caseId}
    `.execute(context.database.db);
    expect(unresolved.rows[0]).toEqual({ status: 'open', note: null });
    expect(
      await auditEntriesOf(context.database.db, 'withdrawal-case.resolve', String(opened.caseId)),
    ).toBe(0);
    const resolved = await callApi(context.app, 'POST', '/admin/withdrawal-cases/resolve', {
      token: financeToken,
      body: { caseId: opened.caseId, note: 'Bank confirmed the transfer on 22/11' },
    });
    expect(resolved.body.value).toMatchObject({
      status: 'resolved',
      note: 'Bank confirmed the transfer on 22/11',
      withdrawal: { memberAccount: player.username },
    });
    const again = await callApi(context.app, 'POST', '/admin/withdrawal-cases/resolve', {
      token: financeToken,
      body: { caseId: opened.caseId, note: 'again' },
    });
    expect(again.body.errorCode).toBe('WITHDRAWAL_CASE_NOT_OPEN');
    const log = await services.audit.page('DEMO', 1, 50);
    expect(log.list.find((entry) => entry.action === 'withdrawal-case.resolve')).toMatchObject({
      subjectId: String(opened.caseId),
    });
    // The money went out once, whatever the answers.
    expect(await balance(player.token)).toBe(170_000);
    expect(await services.ledger.reconcile()).toEqual([]);
  });

  it('counts an unanswered approval as received after the configured minutes, unrefunded', async () => {
    await setWithdrawalSettings(context.database.db, { autoReceiveMinutes: 30 });
    const player = await member(100_000);
    const id = (await withdraw(player, 60_000)).body.value.withdrawalId as string;
    await approve(id);
    await ageApproval(context.database.db, id, 29);
    expect(await services.withdrawals.autoReceive()).toBe(0);
    await ageApproval(context.database.db, id, 2);
    const late = await callApi(context.app, 'POST', '/wps/payments/withdrawals/confirm', {
      token: player.token,
      body: { withdrawalId: id, received: false },
    });
    expect(late.body.errorCode).toBe('WITHDRAWAL_NOT_CONFIRMABLE');
    expect(await services.withdrawals.autoReceive()).toBe(1);
    expect(await services.withdrawals.autoReceive()).toBe(0);
    const mine = await callApi(context.app, 'GET', '/wps/payments/withdrawals', {
      token: player.token,
    });
    expect(mine.body.value[0]).toMatchObject({
      receipt: 'autoReceived',
      receivedAmount: 60_000,
      remainingAmount: 0,
    });
    expect(await balance(player.token)).toBe(40_000);
  });

  describe('a withdrawal from an address the member never used', () => {
    it('asks for the bank account name typed again, once per address', async () => {
      await setWithdrawalSettings(context.database.db, { newIpVerification: 'accountName' });
      const player = await member(300_000, '203.0.113.9');
      // The address the member registered from is known without a question.
      const fromHome = await withdraw(player, 50_000, { ip: '203.0.113.9' });
      expect(fromHome.body).toMatchObject({ value: { status: 'pending' } });
      const asked = await withdraw(player, 50_000, { ip: '203.0.113.10' });
      expect(asked.status).toBe(403);
      expect(asked.body).toMatchObject({
        errorCode: 'WITHDRAWAL_VERIFICATION_REQUIRED',
        details: { method: 'accountName' },
      });
      const wrong = await withdraw(player, 50_000, {
        ip: '203.0.113.10',
        verification: { accountName: 'Someone Else' },
      });
      expect(wrong.body.errorCode).toBe('WITHDRAWAL_VERIFICATION_INVALID');
      expect(await balance(player.token)).toBe(250_000);
      const right = await withdraw(player, 50_000, {
        ip: '203.0.113.10',
        verification: { accountName: '  tran thi   BINH ' },
      });
      expect(right.body.value.status).toBe('pending');
      expect((await withdraw(player, 50_000, { ip: '203.0.113.10' })).status).toBe(200);
      expect((await withdraw(player, 50_000, { ip: '203.0.113.11' })).body.errorCode).toBe(
        'WITHDRAWAL_VERIFICATION_REQUIRED',
      );
    });

    it('sends an SMS code to the member number and accepts it', async () => {
      await setWithdrawalSettings(context.database.db, { newIpVerification: 'sms' });
      const player = await member(200_000);
      // Without a number the member is asked for the account name instead.
      expect((await withdraw(player, 50_000, { ip: '203.0.113.20' })).body.details).toEqual({
        method: 'accountName',
      });
      const national = uniqueMobileNumber();
      await sql`UPDATE members SET profile = profile || ${JSON.stringify({ mobileNum: national })}::jsonb
        WHERE id = ${player.memberId.toString()}::bigint`.execute(context.database.db);
      const asked = await withdraw(player, 50_000, { ip: '203.0.113.20' });
      expect(asked.body.details).toEqual({ method: 'sms' });
      const sent = await callApi(
        context.app,
        'POST',
        '/wps/payments/withdrawals/verification/send',
        { token: player.token, ip: '203.0.113.20' },
      );
      expect(sent.body.value).toMatchObject({ method: 'sms' });
      const code = await lastSmsCode(context.database.db, `84${national}`);
      const wrong = await withdraw(player, 50_000, {
        ip: '203.0.113.20',
        verification: { code: code === '000000' ? '111111' : '000000' },
      });
      expect(wrong.body.errorCode).toBe('SMS_CODE_INVALID');
      const right = await withdraw(player, 50_000, {
        ip: '203.0.113.20',
        verification: { code },
      });
      expect(right.body.value.status).toBe('pending');
      expect((await withdraw(player, 50_000, { ip: '203.0.113.20' })).status).toBe(200);
    });

    it('e-mails a code to the member address and accepts it', async () => {
      await setWithdrawalSettings(context.database.db, { newIpVerification: 'email' });
      const player = await member(200_000);
      const address = `${uniqueUsername('mail')}@example.test`;
      await sql`UPDATE members SET profile = profile || ${JSON.stringify({ email: address })}::jsonb
        WHERE id = ${player.memberId.toString()}::bigint`.execute(context.database.db);
      const asked = await withdraw(player, 50_000, { ip: '203.0.113.30' });
      expect(asked.body.details).toEqual({ method: 'email' });
      const sent = await callApi(
        context.app,
        'POST',
        '/wps/payments/withdrawals/verification/send',
        { token: player.token },
      );
      expect(sent.body.value).toMatchObject({ method: 'email' });
      const mail = (await outboxEmails(context.database.db, address)).at(-1);
      const code = mail?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
      expect(code).toMatch(/^\d{6}$/);
      const right = await withdraw(player, 50_000, {
        ip: '203.0.113.30',
        verification: { code },
      });
      expect(right.body.value.status).toBe('pending');
      // Spent: the same code does not verify another new address.
      const reused = await withdraw(player, 50_000, {
        ip: '203.0.113.31',
        verification: { code },
      });
      expect(reused.body.errorCode).toBe('WITHDRAWAL_VERIFICATION_INVALID');
      await setWithdrawalSettings(context.database.db, { newIpVerification: 'off' });
    });
  });
});
