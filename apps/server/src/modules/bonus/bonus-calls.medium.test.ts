import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { fundedMember, ledgerBreaks, operatorToken } from '../../../test/money-helpers.js';
import { callApi, useTestApp } from '../../../test/test-app.js';
import { setWithdrawalSettings } from '../../../test/withdrawal-helpers.js';

const context = useTestApp();
let adminToken: string;
let supportToken: string;

beforeAll(async () => {
  const { db } = context.database;
  adminToken = await operatorToken(context.app, db, 'bonusadmin', 'admin');
  supportToken = await operatorToken(context.app, db, 'bonussupport', 'support');
  await setWithdrawalSettings(db, { turnoverMultiple: 0, newIpVerification: 'off' });
});

function grant(token: string, body: object, key: string) {
  return callApi(context.app, 'POST', '/admin/bonuses/grant', {
    token,
    body,
    headers: { 'idempotency-key': key },
  });
}

async function playerWithBank(funds: number) {
  const member = await fundedMember(context.app, context.database.db, funds, 'bonusp');
  const account = await callApi(context.app, 'POST', '/wps/member/bank-accounts', {
    token: member.token,
    body: { bankName: 'Vietcombank', accountNumber: '0123456789', accountName: 'Tran Thi Binh' },
  });
  expect(account.status).toBe(200);
  return { ...member, bankAccountId: account.body.value.id as number };
}

function withdraw(player: { token: string; bankAccountId: number }, amount: number) {
  return callApi(context.app, 'POST', '/wps/payments/withdrawals', {
    token: player.token,
    body: { bankAccountId: player.bankAccountId, amount, paymentPassword: '123456' },
  });
}

const grantBody = (account: string) => ({
  account,
  amount: 100,
  wageringMultiple: 5,
  maxBet: 20,
  expiresInDays: 7,
  reason: 'welcome back',
});

describe('operator grants', () => {
  it('grants once per key with an audit entry in the same transaction; support may not grant', async () => {
    const player = await playerWithBank(0);
    const refused = await grant(supportToken, grantBody(player.username), 'g-support');
    expect(refused.status).toBe(403);
    const first = await grant(adminToken, grantBody(player.username), 'g-1');
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({
      amount: 100,
      requirement: 500,
      maxBet: 20,
      status: 'wagering',
      sourceKind: 'operator',
      account: player.username,
      replayed: false,
    });
    const again = await grant(adminToken, grantBody(player.username), 'g-1');
    expect(again.body.value).toMatchObject({ bonusId: first.body.value.bonusId, replayed: true });
    const audit = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM audit_log
       WHERE action = 'bonus.grant' AND subject_id = ${player.id.toString()}
    `.execute(context.database.db);
    expect(audit.rows[0]?.count).toBe(1);
    const list = await callApi(context.app, 'GET', `/admin/bonuses?account=${player.username}`, {
      token: supportToken,
    });
    expect(list.status).toBe(200);
    expect(list.body.value.items).toHaveLength(1);
    const unknown = await grant(adminToken, grantBody('nobody-here'), 'g-2');
    expect(unknown.body.errorCode).toBe('NOT_FOUND');
  });
});

describe('operator forfeits', () => {
  it('forfeits a running bonus with a reason, audited in the same transaction; support may not, a second time is not open', async () => {
    const player = await playerWithBank(0);
    const granted = await grant(adminToken, grantBody(player.username), 'g-forfeit');
    const bonusId = granted.body.value.bonusId as string;
    const forfeit = (token: string, id = bonusId) =>
      callApi(context.app, 'POST', '/admin/bonuses/forfeit', {
        token,
        body: { bonusId: id, reason: 'bonus abuse: matched bets' },
      });
    expect((await forfeit(supportToken)).status).toBe(403);
    const done = await forfeit(adminToken);
    expect(done.status).toBe(200);
    expect(done.body.value).toMatchObject({
      bonusId,
      status: 'forfeited',
      account: player.username,
    });
    const audit = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM audit_log
       WHERE action = 'bonus.forfeit' AND subject_id = ${bonusId}
         AND after->>'reason' = 'bonus abuse: matched bets'
    `.execute(context.database.db);
    expect(audit.rows[0]?.count).toBe(1);
    expect((await forfeit(adminToken)).body.errorCode).toBe('BONUS_NOT_OPEN');
    expect((await forfeit(adminToken, '999999999')).body.errorCode).toBe('BONUS_NOT_FOUND');
    expect(await ledgerBreaks(context.database.db)).toEqual([]);
  });
});

describe('the member side', () => {
  it('shows the bonus in bonus details and the reward centre, refuses a withdrawal with the remaining turnover, and lets it go after a forfeit', async () => {
    const player = await playerWithBank(300_000);
    const granted = await grant(adminToken, grantBody(player.username), 'g-member');
    const bonusId = granted.body.value.bonusId as string;

    const details = await callApi(context.app, 'GET', '/wps/member/bonuses', {
      token: player.token,
    });
    expect(details.body.value).toMatchObject({ totalCount: 1, pageNo: 1 });
    expect(details.body.value.list[0]).toMatchObject({ bonusId, progress: 0, remaining: 500 });

    const centre = await callApi(context.app, 'GET', '/wps/member/reward-center', {
      token: player.token,
    });
    expect(centre.body.value).toMatchObject({
      claimable: [],
      claimed: [],
      runningAmount: 100,
      remainingTurnover: 500,
    });
    expect(centre.body.value.running[0]).toMatchObject({ bonusId, progressPercent: 0 });

    const funds = await callApi(context.app, 'GET', '/wps/member/info/funds/consolidated', {
      token: player.token,
    });
    expect(funds.body.value).toMatchObject({
      mainBalance: 300_000,
      bonusBalance: 100,
      totalBalance: 300_000,
    });

    const refused = await withdraw(player, 100_000);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      errorCode: 'BONUS_WAGERING_OPEN',
      details: { remainingAmount: 500, requiredAmount: 500, doneAmount: 0 },
    });
    expect(refused.body.message).toContain('500.00');

    const other = await fundedMember(context.app, context.database.db, 0, 'bonusq');
    const foreign = await callApi(context.app, 'POST', '/wps/member/bonuses/forfeit', {
      token: other.token,
      body: { bonusId },
    });
    expect(foreign.body.errorCode).toBe('BONUS_NOT_FOUND');

    const forfeited = await callApi(context.app, 'POST', '/wps/member/bonuses/forfeit', {
      token: player.token,
      body: { bonusId },
    });
    expect(forfeited.body.value).toMatchObject({ status: 'forfeited' });
    const allowed = await withdraw(player, 100_000);
    expect(allowed.status).toBe(200);
    const after = await callApi(context.app, 'GET', '/wps/member/reward-center', {
      token: player.token,
    });
    expect(after.body.value).toMatchObject({ running: [], runningAmount: 0 });
    expect(after.body.value.claimed[0]).toMatchObject({ bonusId, status: 'forfeited' });
    expect(await ledgerBreaks(context.database.db)).toEqual([]);
  });

  it('needs a member session', async () => {
    const response = await callApi(context.app, 'GET', '/wps/member/reward-center');
    expect(response.status).toBe(401);
  });
});
