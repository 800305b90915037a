import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addOperator } from '../../../test/admin-helpers.js';
import { setMemberType } from '../../../test/db-helpers.js';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { fundedMember, PAYMENT_PASSWORD, type TestMember } from '../../../test/money-helpers.js';
import { callApi, useTestApp } from '../../../test/test-app.js';
import { createServices } from '../../services.js';
import { appendEvents, type NewEvent } from '../events/index.js';
import { createLedgerService } from '../ledger/index.js';
import { creditPointsWithin, seedPoints } from './index.js';

const context = useTestApp();
const vnd = (amount: number) => BigInt(amount) * 100n;

async function givePoints(member: TestMember, points: bigint, key: string) {
  await context.database.db.transaction().execute((trx) =>
    creditPointsWithin(trx, {
      merchantCode: BASE_MERCHANT_CODE,
      memberId: Number(member.id),
      points,
      reason: 'operator',
      remark: 'test grant',
      idempotencyKey: key,
    }),
  );
}

async function pointBalance(member: TestMember) {
  const reply = await callApi(context.app, 'GET', '/wps/relay/MCS2_getPointBalance', {
    token: member.token,
  });
  expect(reply.status).toBe(200);
  return reply.body.value as { balance: number; held: number };
}

async function cashOf(memberId: bigint): Promise<bigint> {
  const balances = await createLedgerService(context.database.db).memberAvailableBalances(memberId);
  return balances.find((b) => b.asset === 'cash' && b.wallet === 'main')?.availableMinor ?? 0n;
}

async function rewardIdByName(name: string): Promise<string> {
  const row = await sql<{
    id: string;
  }>`SELECT id::text FROM point_rewards WHERE name = ${name}`.execute(context.database.db);
  const id = row.rows[0]?.id;
  if (!id) throw new Error(`no reward ${name}`);
  return id;
}

function redeem(
  member: TestMember,
  rewardId: string,
  extra: Record<string, unknown> = {},
  key?: string,
) {
  return callApi(context.app, 'POST', '/wps/relay/passwordCheck/MCS2_redeemPointReward', {
    token: member.token,
    body: { rewardId, quantity: 1, paymentPassword: PAYMENT_PASSWORD, ...extra },
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
}

async function operatorToken(): Promise<string> {
  const password = await addOperator(context.database.db, 'loyalty-admin', 'admin');
  const login = await callApi(context.app, 'POST', '/admin/session/login', {
    body: { username: 'loyalty-admin', password },
  });
  expect(login.status).toBe(200);
  return login.body.value.token as string;
}

function settled(
  memberId: bigint,
  index: number,
  validBetMinor: bigint,
  category = 'INHOUSE',
): NewEvent {
  return {
    type: 'round.settled',
    merchantCode: BASE_MERCHANT_CODE,
    memberId,
    payload: {
      memberId: memberId.toString(),
      merchantCode: BASE_MERCHANT_CODE,
      vassalage: 'TEST',
      gameCode: 'dice',
      gameCategory: category as never,
      roundRef: `points-${memberId}-${index}`,
      currency: 'VND',
      stakeMinor: validBetMinor.toString(),
      validBetMinor: validBetMinor.toString(),
      winMinor: '0',
      settledAt: new Date().toISOString(),
    },
  };
}

describe('points and the point mall', () => {
  let admin: string;

  beforeAll(async () => {
    await seedPoints(context.database.db, BASE_MERCHANT_CODE, {
      rules: [
        { gameCategory: '*', unitMinor: vnd(1_000), pointsPerUnit: 1n },
        { gameCategory: 'LOTT', unitMinor: vnd(1_000), pointsPerUnit: 3n },
      ],
      settings: {
        convertEnabled: true,
        convertPointsStep: 100n,
        convertCashMinor: vnd(1_000),
        convertMinPoints: 100n,
      },
      rewards: [
        {
          type: 'cash',
          name: 'Cash 10k',
          description: '',
          imageUrl: null,
          pointsCost: 500n,
          amountMinor: vnd(10_000),
          stock: null,
          needsApproval: false,
          maxPerRedemption: 2,
          active: true,
          sortOrder: 1,
          wageringMultiple: 1,
          freeSpins: null,
        },
        {
          type: 'goods',
          name: 'T-shirt',
          description: '',
          imageUrl: null,
          pointsCost: 200n,
          amountMinor: 0n,
          stock: 10,
          needsApproval: true,
          maxPerRedemption: 1,
          active: true,
          sortOrder: 2,
          wageringMultiple: 1,
          freeSpins: null,
        },
        {
          type: 'goods',
          name: 'Scarce',
          description: '',
          imageUrl: null,
          pointsCost: 100n,
          amountMinor: 0n,
          stock: 3,
          needsApproval: true,
          maxPerRedemption: 1,
          active: true,
          sortOrder: 3,
          wageringMultiple: 1,
          freeSpins: null,
        },
        {
          type: 'bonus',
          name: 'Bonus 20k',
          description: '',
          imageUrl: null,
          pointsCost: 300n,
          amountMinor: vnd(20_000),
          stock: null,
          needsApproval: false,
          maxPerRedemption: 1,
          active: true,
          sortOrder: 4,
          wageringMultiple: 5,
          freeSpins: null,
        },
      ],
    });
    admin = await operatorToken();
  });

  it('credits points for settled rounds by the rules, once, and never to trial accounts', async () => {
    const db = context.database.db;
    const player = await fundedMember(context.app, db, 0, 'earn');
    const trial = await fundedMember(context.app, db, 0, 'trial');
    await setMemberType(db, trial.username, 4);
    await db
      .transaction()
      .execute((trx) =>
        appendEvents(trx, [
          settled(player.id, 1, vnd(2_500)),
          settled(player.id, 2, vnd(999)),
          settled(player.id, 3, vnd(1_000), 'LOTT'),
          settled(trial.id, 4, vnd(50_000)),
        ]),
      );
    const { events } = createServices(db);
    await events.runAll();
    await events.runAll();
    // 2 (2,500 VND) + 0 (999 VND, below a unit) + 3 (1,000 VND of lottery).
    expect(await pointBalance(player)).toEqual({ balance: 5, held: 0 });

    const detail = await callApi(context.app, 'GET', '/wps/relay/ODSFE2_MemTransDet', {
      token: player.token,
    });
    expect(detail.body.value.list).toEqual([
      expect.objectContaining({
        changedPoints: 5,
        balance: 5,
        type: 'play',
        remark: '2 rounds played',
      }),
    ]);
    const trialPoints = await callApi(context.app, 'GET', '/wps/relay/MCS2_getPointBalance', {
      token: trial.token,
    });
    expect(trialPoints.body.value.balance).toBe(0);
    // Points are not money: the account record (cash) does not list them as amounts.
    const record = await callApi(context.app, 'GET', '/wps/member/transactions', {
      token: player.token,
    });
    expect(record.status).toBe(200);
    expect(record.body.value.list).toEqual([]);
  });

  it('pays a cash reward at once with the payment password, and a retry with the same key replays it', async () => {
    const member = await fundedMember(context.app, context.database.db, 0, 'cashr');
    await givePoints(member, 1_200n, `grant-${member.id}`);
    const rewardId = await rewardIdByName('Cash 10k');

    const wrong = await redeem(member, rewardId, { paymentPassword: '999999' });
    expect(wrong.status).toBeGreaterThanOrEqual(400);

    const first = await redeem(member, rewardId, { quantity: 2 }, 'redeem-key-1');
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({
      status: 'Approved',
      points: 1_000,
      amount: 20_000,
      quantity: 2,
    });
    const again = await redeem(member, rewardId, { quantity: 2 }, 'redeem-key-1');
    expect(again.body.value.referenceNo).toBe(first.body.value.referenceNo);

    expect(await pointBalance(member)).toEqual({ balance: 200, held: 0 });
    expect(await cashOf(member.id)).toBe(vnd(20_000));
    const tooMany = await redeem(member, rewardId, { quantity: 3 });
    expect(tooMany.body.errorCode).toBe('POINT_REDEEM_QUANTITY_INVALID');
    const poor = await redeem(member, rewardId);
    expect(poor.body.errorCode).toBe('POINTS_INSUFFICIENT');

    const list = await callApi(context.app, 'GET', '/wps/relay/MCS2_getRedeemPointList', {
      token: member.token,
    });
    expect(list.body.value).toMatchObject({
      totalCount: 1,
      list: [{ status: 'Approved', name: 'Cash 10k' }],
    });
  });

  it('grants a bonus reward through the bonus engine with the reward wagering, not as cash', async () => {
    const member = await fundedMember(context.app, context.database.db, 0, 'bonus');
    await givePoints(member, 400n, `bonus-${member.id}`);
    const reply = await redeem(member, await rewardIdByName('Bonus 20k'));
    expect(reply.status).toBe(200);
    expect(reply.body.value.status).toBe('Approved');
    expect(await cashOf(member.id)).toBe(0n);
    const bonuses = await callApi(context.app, 'GET', '/wps/member/bonuses', {
      token: member.token,
    });
    expect(bonuses.body.value.list).toEqual([
      expect.objectContaining({
        amount: 20_000,
        requirement: 100_000,
        status: 'wagering',
        sourceKind: 'points',
      }),
    ]);
    expect(await pointBalance(member)).toEqual({ balance: 100, held: 0 });
  });

  it('holds points for goods until an operator approves or rejects, with an audit entry each', async () => {
    const member = await fundedMember(context.app, context.database.db, 0, 'goods');
    await givePoints(member, 500n, `grant-${member.id}`);
    const rewardId = await rewardIdByName('T-shirt');

    const kept = await redeem(member, rewardId);
    const returned = await redeem(member, rewardId);
    expect(kept.body.value.status).toBe('In Process');
    expect(await pointBalance(member)).toEqual({ balance: 100, held: 400 });

    const queue = await callApi(context.app, 'GET', '/admin/points/redemptions', { token: admin });
    const ids = new Map<string, string>(
      queue.body.value.items.map((item: { referenceNo: string; id: string }) => [
        item.referenceNo,
        item.id,
      ]),
    );
    const approve = await callApi(context.app, 'POST', '/admin/points/redemptions/approve', {
      token: admin,
      body: { id: ids.get(kept.body.value.referenceNo) },
    });
    expect(approve.body.value).toMatchObject({
      status: 'approved',
      decidedByUsername: 'loyalty-admin',
    });
    const twice = await callApi(context.app, 'POST', '/admin/points/redemptions/approve', {
      token: admin,
      body: { id: ids.get(kept.body.value.referenceNo) },
    });
    expect(twice.body.errorCode).toBe('POINT_REDEMPTION_NOT_IN_PROCESS');
    const reject = await callApi(context.app, 'POST', '/admin/points/redemptions/reject', {
      token: admin,
      body: { id: ids.get(returned.body.value.referenceNo), reason: 'Out of sizes' },
    });
    expect(reject.body.value.status).toBe('rejected');

    expect(await pointBalance(member)).toEqual({ balance: 300, held: 0 });
    const stock = await sql<{
      stock: number;
    }>`SELECT stock FROM point_rewards WHERE id = ${rewardId}::bigint`.execute(context.database.db);
    expect(stock.rows[0]?.stock).toBe(9);
    const audit = await sql<{ action: string }>`
      SELECT action FROM audit_log WHERE subject_type = 'point-redemption' ORDER BY id`.execute(
      context.database.db,
    );
    expect(audit.rows.map((row) => row.action)).toEqual([
      'points.redemption.approve',
      'points.redemption.reject',
    ]);
    const list = await callApi(context.app, 'GET', '/wps/relay/MCS2_getRedeemPointList', {
      token: member.token,
    });
    expect(list.body.value.list.map((row: { status: string }) => row.status).sort()).toEqual([
      'Approved',
      'Rejected',
    ]);
  });

  it('never takes stock below zero under concurrent redemptions', async () => {
    const members = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        fundedMember(context.app, context.database.db, 0, `race${index}`),
      ),
    );
    for (const member of members) await givePoints(member, 100n, `grant-${member.id}`);
    const rewardId = await rewardIdByName('Scarce');
    const replies = await Promise.all(members.map((member) => redeem(member, rewardId)));
    const codes = replies.map((reply) => (reply.status === 200 ? 'ok' : reply.body.errorCode));
    expect(codes.filter((code) => code === 'ok')).toHaveLength(3);
    expect(codes.filter((code) => code === 'POINT_REWARD_OUT_OF_STOCK')).toHaveLength(5);
    const stock = await sql<{
      stock: number;
    }>`SELECT stock FROM point_rewards WHERE id = ${rewardId}::bigint`.execute(context.database.db);
    expect(stock.rows[0]?.stock).toBe(0);
    expect(await createLedgerService(context.database.db).reconcile()).toEqual([]);
  });

  it('converts points to cash at the configured rate in whole steps', async () => {
    const member = await fundedMember(context.app, context.database.db, 0, 'conv');
    await givePoints(member, 350n, `grant-${member.id}`);
    const config = await callApi(context.app, 'GET', '/wps/relay/MCS2_getPointConfig', {
      token: member.token,
    });
    expect(config.body.value).toMatchObject({
      convertEnabled: true,
      pointsPerStep: 100,
      amountPerStep: 1_000,
      minPoints: 100,
    });
    const convert = (points: number) =>
      callApi(context.app, 'POST', '/wps/relay/passwordCheck/MCS2_convertPoint', {
        token: member.token,
        body: { points, paymentPassword: PAYMENT_PASSWORD },
      });
    expect((await convert(150)).body.errorCode).toBe('POINT_CONVERT_AMOUNT_INVALID');
    const done = await convert(300);
    expect(done.body.value).toEqual({ points: 300, amount: 3_000, balance: 50 });
    expect(await cashOf(member.id)).toBe(vnd(3_000));
    expect((await convert(100)).body.errorCode).toBe('POINTS_INSUFFICIENT');
    expect(await createLedgerService(context.database.db).reconcile()).toEqual([]);
  });

  it('earns by rules a content operator saves in the console for rounds settled after the save', async () => {
    const db = context.database.db;
    const player = await fundedMember(context.app, db, 0, 'rules');
    await db
      .transaction()
      .execute((trx) => appendEvents(trx, [settled(player.id, 90, vnd(1_000), 'RNG')]));
    const { events } = createServices(db);
    await events.runAll();
    expect((await pointBalance(player)).balance).toBe(1);

    const password = await addOperator(db, 'loyalty-content', 'content');
    const login = await callApi(context.app, 'POST', '/admin/session/login', {
      body: { username: 'loyalty-content', password },
    });
    const token = login.body.value.token as string;
    const current = await callApi(context.app, 'GET', '/admin/points/rules', { token });
    const body = {
      ...current.body.value,
      rules: [
        ...current.body.value.rules,
        { gameCategory: 'RNG', unitAmount: 100, pointsPerUnit: 2 },
      ],
    };
    const saved = await callApi(context.app, 'POST', '/admin/points/rules', { token, body });
    expect(saved.status).toBe(200);
    expect(saved.body.value.rules).toContainEqual({
      gameCategory: 'RNG',
      unitAmount: 100,
      pointsPerUnit: 2,
    });

    await db
      .transaction()
      .execute((trx) => appendEvents(trx, [settled(player.id, 91, vnd(1_000), 'RNG')]));
    await events.runAll();
    // 1 point before the change, then 1,000 VND of RNG games at 2 points per 100 VND.
    expect((await pointBalance(player)).balance).toBe(21);
    const audit = await sql<{ operator_role: string }>`
      SELECT operator_role FROM audit_log WHERE action = 'points.rules.update'`.execute(db);
    expect(audit.rows).toEqual([{ operator_role: 'content' }]);
  });
});
