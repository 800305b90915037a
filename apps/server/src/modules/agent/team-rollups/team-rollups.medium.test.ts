import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertTreeMember } from '../../../../test/agent-tree-helpers.js';
import { setMemberType } from '../../../../test/db-helpers.js';
import { BASE_MERCHANT_CODE } from '../../../../test/fixtures/base-merchant.js';
import { callApi, uniqueUsername, useTestApp } from '../../../../test/test-app.js';
import { appendEvents, createEventsService, type NewEvent } from '../../events/index.js';
import { createDownlineTree } from '../../member/index.js';
import { createPlayRollups } from '../../play-rollups/index.js';
import { createRoundRecords } from '../../providers/index.js';
import { createTeamRollupsConsumer, TEAM_ROLLUPS_CONSUMER } from './consumer.js';

const context = useTestApp();
const DAY = '2026-11-20';
const period = `fromDay=${DAY}&toDay=${DAY}`;

function settled(
  memberId: bigint,
  ref: string,
  category: string,
  stake: number,
  win: number,
): NewEvent {
  return {
    type: 'round.settled',
    merchantCode: BASE_MERCHANT_CODE,
    memberId,
    payload: {
      memberId: memberId.toString(),
      merchantCode: BASE_MERCHANT_CODE,
      vassalage: 'TEST',
      gameCode: 'team',
      gameCategory: category as 'RNG',
      roundRef: ref,
      currency: 'VND',
      stakeMinor: String(stake),
      validBetMinor: String(stake),
      winMinor: String(win),
      settledAt: `${DAY}T10:00:00.000Z`,
    },
  };
}

describe('the team rollups (consumer agent-team-rollups)', () => {
  let top: { id: bigint; token: string };
  let sub: bigint;
  let first: bigint;
  let second: bigint;
  let stranger: bigint;

  async function agentSession(type: number) {
    const username = uniqueUsername('teamtop');
    const registered = await callApi(context.app, 'PUT', '/wps/member/register', {
      body: { username, password: 'secret123', confirmPassword: 'secret123' },
    });
    const id = await setMemberType(context.database.db, username, type);
    return { id, token: registered.body.value.session.token as string };
  }

  async function runConsumer() {
    const db = context.database.db;
    const consumer = createTeamRollupsConsumer({
      ancestorChainsOf: createDownlineTree(db).ancestorChainsOf,
      startedAtOf: (trx, keys) => createRoundRecords(trx).startedAtOf(keys),
    });
    // The members' own play (user profit and loss) is the play rollups' table.
    const playRollups = createPlayRollups(db, {
      uplinesOf: async () => new Map(),
      startedAtOf: (trx, keys) => createRoundRecords(trx).startedAtOf(keys),
    });
    return createEventsService(db, { consumers: [consumer, playRollups.consumer] }).runAll();
  }

  beforeAll(async () => {
    const db = context.database.db;
    top = await agentSession(1);
    sub = await insertTreeMember(db, { type: 2, uplineId: top.id });
    first = await insertTreeMember(db, { uplineId: sub });
    second = await insertTreeMember(db, { uplineId: top.id });
    const other = await insertTreeMember(db, { type: 1 });
    stranger = await insertTreeMember(db, { uplineId: other });
    // Events occur "now"; the money of the period below is placed on DAY by moving them.
    await db.transaction().execute((trx) =>
      appendEvents(trx, [
        settled(first, 'r1', 'RNG', 10_000, 25_000),
        settled(first, 'r2', 'LIVE', 5_000, 0),
        settled(second, 'r3', 'RNG', 2_000, 1_000),
        settled(stranger, 'r4', 'RNG', 99_000, 0),
        {
          type: 'deposit.credited',
          merchantCode: BASE_MERCHANT_CODE,
          memberId: first,
          payload: {
            depositId: 'd1',
            memberId: first.toString(),
            methodCode: 'sandbox',
            currency: 'VND',
            amountMinor: '500000',
          },
        },
        {
          type: 'withdrawal.paid',
          merchantCode: BASE_MERCHANT_CODE,
          memberId: second,
          payload: {
            withdrawalId: 'w1',
            memberId: second.toString(),
            currency: 'VND',
            amountMinor: '120000',
          },
        },
        {
          type: 'member-transfer.completed',
          merchantCode: BASE_MERCHANT_CODE,
          memberId: sub,
          payload: {
            transferId: 't1',
            memberId: sub.toString(),
            toMemberId: first.toString(),
            direction: 'downline',
            currency: 'VND',
            amountMinor: '30000',
          },
        },
      ]),
    );
    await sql`UPDATE events SET occurred_at = ${`${DAY}T12:00:00Z`}::timestamptz`.execute(db);
    await runConsumer();
  });

  it("sums every upline's team, once, whatever the reruns", async () => {
    const rerun = await runConsumer();
    expect(rerun[TEAM_ROLLUPS_CONSUMER]).toBe(0);
    const overview = await callApi(context.app, 'GET', `/wps/agent/team/overview?${period}`, {
      token: top.token,
    });
    expect(overview.status).toBe(200);
    expect(overview.body.value).toMatchObject({
      downlineTotal: 3,
      activeMembers: 2,
      levels: [
        { level: 1, total: 2 },
        { level: 2, total: 1 },
      ],
      figures: {
        rounds: 3,
        betAmount: 170,
        validBetAmount: 170,
        winAmount: 260,
        profitLoss: 90,
        depositAmount: 5_000,
        depositCount: 1,
        withdrawalAmount: 1_200,
        withdrawalCount: 1,
      },
    });
    const betting = await callApi(context.app, 'GET', `/wps/agent/team/betting?${period}`, {
      token: top.token,
    });
    expect(betting.body.value.rows).toEqual([
      {
        gameCategory: 'LIVE',
        rounds: 1,
        betAmount: 50,
        validBetAmount: 50,
        winAmount: 0,
        profitLoss: -50,
      },
      {
        gameCategory: 'RNG',
        rounds: 2,
        betAmount: 120,
        validBetAmount: 120,
        winAmount: 260,
        profitLoss: 140,
      },
    ]);
  });

  it("lists the team's money movements, the transfer on both sides inside the team", async () => {
    const list = await callApi(context.app, 'GET', `/wps/agent/team/transactions?${period}`, {
      token: top.token,
    });
    expect(list.status).toBe(200);
    const rows = list.body.value.items.map(
      (row: { memberId: string; kind: string; amount: number }) =>
        `${row.memberId}:${row.kind}:${row.amount}`,
    );
    expect(rows.sort()).toEqual(
      [
        `${first}:deposit:5000`,
        `${second}:withdrawal:-1200`,
        `${sub}:transfer:-300`,
        `${first}:transfer:300`,
      ].sort(),
    );
    const kinds = await callApi(
      context.app,
      'GET',
      `/wps/agent/team/transactions?${period}&kind=deposit`,
      { token: top.token },
    );
    expect(kinds.body.value.items).toHaveLength(1);
  });

  it("gives each member's own figures in user profit and loss", async () => {
    const page = await callApi(
      context.app,
      'GET',
      `/wps/agent/team/profit?${period}&allLevels=true`,
      {
        token: top.token,
      },
    );
    expect(page.status).toBe(200);
    const byId = new Map(
      page.body.value.items.map((row: { memberId: string }) => [row.memberId, row]),
    );
    expect(byId.get(first.toString())).toMatchObject({
      level: 2,
      rounds: 2,
      betAmount: 150,
      winAmount: 250,
      profitLoss: 100,
      depositAmount: 5_000,
    });
    expect(byId.get(second.toString())).toMatchObject({ level: 1, withdrawalAmount: 1_200 });
    expect(byId.has(stranger.toString())).toBe(false);
  });
});
