import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import {
  balanceOf,
  fundedMember,
  ledgerBreaks,
  operatorToken,
  type TestMember,
} from '../../../test/money-helpers.js';
import { callApi, useTestApp } from '../../../test/test-app.js';
import type { Db } from '../../db/database.js';
import { createServices } from '../../services.js';
import { appendEvents, type NewEvent } from '../events/index.js';

const SUMMARY = '/wps/relay/MCSFE_getMissionSummaryDetails';
const BOARD = '/wps/relay/MCSFE_getMissionLeaderboard';
const CLAIM = '/wps/relay/MCSFE_claimMission';

let roundCounter = 0;

function settledRound(
  member: TestMember,
  stakeMinor: number,
  winMinor: number,
  gameCategory: 'INHOUSE' | 'RNG' = 'INHOUSE',
): NewEvent {
  roundCounter += 1;
  return {
    type: 'round.settled',
    merchantCode: BASE_MERCHANT_CODE,
    memberId: member.id,
    payload: {
      memberId: member.id.toString(),
      merchantCode: BASE_MERCHANT_CODE,
      vassalage: 'TEST',
      gameCode: 'dice',
      gameCategory,
      roundRef: `mission-round-${roundCounter}`,
      currency: 'VND',
      stakeMinor: stakeMinor.toString(),
      validBetMinor: stakeMinor.toString(),
      winMinor: winMinor.toString(),
      settledAt: new Date().toISOString(),
    },
  };
}

async function append(db: Db, events: NewEvent[]): Promise<void> {
  await db.transaction().execute((trx) => appendEvents(trx, events));
}

describe('missions', () => {
  const context = useTestApp();
  let db: Db;
  let admin: string;
  let player: TestMember;
  let rival: TestMember;
  let diceMission: string;
  let wagerMission: string;
  let multiplierMission: string;
  let pointsMission: string;

  const runConsumers = () => createServices(db).events.runAll();

  async function saveMission(body: Record<string, unknown>) {
    const response = await callApi(context.app, 'POST', '/admin/missions', {
      token: admin,
      body,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.value.id as string;
  }

  async function summaryOf(member: TestMember) {
    const response = await callApi(context.app, 'GET', SUMMARY, { token: member.token });
    expect(response.status).toBe(200);
    return response.body.value as {
      claimableCount: number;
      missions: {
        missionId: string;
        progress: number;
        target: number;
        completed: boolean;
        claimed: boolean;
        claimable: boolean;
        periodKey: string;
        title: string;
      }[];
    };
  }

  beforeAll(async () => {
    db = context.database.db;
    admin = await operatorToken(context.app, db, 'missionadmin', 'admin');
    diceMission = await saveMission({
      period: 'daily',
      goalKind: 'bet-count',
      gameCategory: 'INHOUSE',
      target: 3,
      rewardKind: 'cash',
      rewardAmount: 5,
      titles: { EN: 'Play 3 in-house rounds', VI: 'Chơi 3 ván trò chơi nội bộ' },
    });
    wagerMission = await saveMission({
      period: 'weekly',
      goalKind: 'wager',
      target: 100,
      rewardKind: 'cash',
      rewardAmount: 10,
      titles: { EN: 'Wager 100 this week' },
    });
    multiplierMission = await saveMission({
      period: 'once',
      goalKind: 'win-multiplier',
      target: 10,
      rewardKind: 'cash',
      rewardAmount: 50,
      titles: { EN: 'Win 10x once' },
    });
    await saveMission({
      period: 'once',
      goalKind: 'login-streak',
      target: 3,
      rewardKind: 'cash',
      rewardAmount: 1,
      titles: { EN: 'Log in 3 days in a row' },
    });
    pointsMission = await saveMission({
      period: 'once',
      goalKind: 'login-streak',
      target: 1,
      rewardKind: 'points',
      rewardAmount: 100,
      titles: { EN: 'Log in once' },
    });
    player = await fundedMember(context.app, db, 0, 'mission');
    rival = await fundedMember(context.app, db, 0, 'rival');
  });

  it('counts settled rounds, wagers and multipliers exactly once, in the category asked', async () => {
    await append(db, [
      settledRound(player, 1_000, 0),
      settledRound(player, 2_000, 0),
      // Another category: counts for the wager, not for the in-house rounds.
      settledRound(player, 3_000, 0, 'RNG'),
      settledRound(player, 500, 4_000),
    ]);
    await runConsumers();
    // A second run finds nothing new: the checkpoint moved with the progress.
    await runConsumers();
    const summary = await summaryOf(player);
    const byId = new Map(summary.missions.map((mission) => [mission.missionId, mission]));
    expect(byId.get(diceMission)).toMatchObject({ progress: 3, target: 3, claimable: true });
    expect(byId.get(wagerMission)).toMatchObject({ progress: 65, target: 100, completed: false });
    // 4,000 won on 500: 8x, the best multiplier so far.
    expect(byId.get(multiplierMission)).toMatchObject({ progress: 8, completed: false });
    // The dice mission and the one-login mission (the registration logged the player in).
    expect(summary.claimableCount).toBe(2);
    expect(byId.get(diceMission)?.periodKey).toMatch(/^D\d{4}-\d{2}-\d{2}$/);
  });

  it('answers titles in the request language, English otherwise', async () => {
    const response = await callApi(context.app, 'GET', SUMMARY, {
      token: player.token,
      language: 'VI',
    });
    const titles = (response.body.value.missions as { missionId: string; title: string }[]).map(
      (mission) => [mission.missionId, mission.title],
    );
    expect(Object.fromEntries(titles)[diceMission]).toBe('Chơi 3 ván trò chơi nội bộ');
    expect(Object.fromEntries(titles)[wagerMission]).toBe('Wager 100 this week');
  });

  it('pays a completed mission once, whatever the number of claims, with the claim row', async () => {
    const before = await balanceOf(context.app, player.token);
    const { periodKey } = (await summaryOf(player)).missions.find(
      (mission) => mission.missionId === diceMission,
    ) as { periodKey: string };
    const claims = await Promise.all(
      [1, 2, 3].map(() =>
        callApi(context.app, 'POST', CLAIM, {
          token: player.token,
          body: { missionId: diceMission, periodKey },
        }),
      ),
    );
    for (const claim of claims) expect(claim.status).toBe(200);
    expect(new Set(claims.map((claim) => claim.body.value.claimedAtMs)).size).toBe(1);
    expect(await balanceOf(context.app, player.token)).toBe(before + 5);
    const transfers = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM ledger_transfers
      WHERE id = ${`mission:${diceMission}:${player.id}:${periodKey}`}
    `.execute(db);
    expect(transfers.rows[0]?.count).toBe(1);
    const summary = await summaryOf(player);
    expect(summary.claimableCount).toBe(1);
    expect(summary.missions.find((mission) => mission.missionId === diceMission)).toMatchObject({
      claimed: true,
      claimable: false,
    });
    expect(await ledgerBreaks(db)).toEqual([]);
  });

  it('pays a points reward through the points module, once', async () => {
    await runConsumers();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const claim = await callApi(context.app, 'POST', CLAIM, {
        token: player.token,
        body: { missionId: pointsMission, periodKey: 'once' },
      });
      expect(claim.status, JSON.stringify(claim.body)).toBe(200);
      expect(claim.body.value).toMatchObject({ rewardKind: 'points', rewardAmount: 100 });
    }
    const credits = await sql<{ amount_minor: bigint }>`
      SELECT amount_minor FROM ledger_transfers
      WHERE id = ${`points:mission:${pointsMission}:${player.id}:once`}
    `.execute(db);
    expect(credits.rows.map((row) => row.amount_minor)).toEqual([100n]);
  });

  it('refuses a claim of a mission not completed, of another period, or unknown', async () => {
    const { periodKey } = (await summaryOf(rival)).missions.find(
      (mission) => mission.missionId === diceMission,
    ) as { periodKey: string };
    const notDone = await callApi(context.app, 'POST', CLAIM, {
      token: rival.token,
      body: { missionId: diceMission, periodKey },
    });
    expect(notDone.status).toBe(409);
    expect(notDone.body.errorCode).toBe('MISSION_NOT_CLAIMABLE');
    const pastDay = await callApi(context.app, 'POST', CLAIM, {
      token: player.token,
      body: { missionId: diceMission, periodKey: 'D2020-01-01' },
    });
    expect(pastDay.body.errorCode).toBe('MISSION_NOT_CLAIMABLE');
    const unknown = await callApi(context.app, 'POST', CLAIM, {
      token: player.token,
      body: { missionId: '999999', periodKey },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errorCode).toBe('MISSION_NOT_FOUND');
  });

  it('ranks members by missions completed in the period, names masked', async () => {
    await append(db, [
      settledRound(rival, 1_000, 0),
      settledRound(rival, 1_000, 0),
      settledRound(rival, 1_000, 20_000),
      settledRound(rival, 100_000, 0),
    ]);
    await runConsumers();
    const board = await callApi(context.app, 'GET', `${BOARD}?period=weekly`, {
      token: player.token,
    });
    expect(board.status).toBe(200);
    const { list, mine } = board.body.value as {
      list: { rank: number; name: string; score: number }[];
      mine: { rank: number; score: number } | null;
    };
    // The rival completed the dice, wager, 10x and one-login missions; the player dice and login.
    expect(list.map((row) => row.score)).toEqual([4, 2]);
    expect(list[0]?.name).toBe(`${rival.username.slice(0, 2)}***${rival.username.slice(-2)}`);
    expect(list.some((row) => row.name === rival.username)).toBe(false);
    expect(mine).toEqual({ rank: 2, score: 2 });
  });

  it('hides a paused mission and audits the change in its transaction', async () => {
    const paused = await callApi(context.app, 'POST', '/admin/missions/status', {
      token: admin,
      body: { id: wagerMission, status: 'paused' },
    });
    expect(paused.status).toBe(200);
    const summary = await summaryOf(player);
    expect(summary.missions.some((mission) => mission.missionId === wagerMission)).toBe(false);
    const audit = await sql<{ action: string; subject_id: string }>`
      SELECT action, subject_id FROM audit_log WHERE subject_type = 'mission' ORDER BY id
    `.execute(db);
    expect(audit.rows.map((row) => row.action)).toEqual([
      'mission.create',
      'mission.create',
      'mission.create',
      'mission.create',
      'mission.create',
      'mission.pause',
    ]);
  });

  it('refuses a support operator the mission changes', async () => {
    const support = await operatorToken(context.app, db, 'missionsupport', 'support');
    const refused = await callApi(context.app, 'POST', '/admin/missions/status', {
      token: support,
      body: { id: wagerMission, status: 'active' },
    });
    expect(refused.status).toBe(403);
  });

  it('pays a bonus reward through the bonus engine, once, with its wagering requirement', async () => {
    const bonusMission = await saveMission({
      period: 'once',
      goalKind: 'login-streak',
      target: 1,
      rewardKind: 'bonus',
      rewardAmount: 50,
      titles: { EN: 'Log in once for a bonus' },
    });
    // A mission counts what happens after it is saved: a new member's first login.
    const newcomer = await fundedMember(context.app, db, 0, 'newbonus');
    await runConsumers();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const claim = await callApi(context.app, 'POST', CLAIM, {
        token: newcomer.token,
        body: { missionId: bonusMission, periodKey: 'once' },
      });
      expect(claim.status, JSON.stringify(claim.body)).toBe(200);
      expect(claim.body.value).toMatchObject({ rewardKind: 'bonus' });
    }
    const bonuses = await sql<{ amount_minor: bigint; requirement_minor: bigint }>`
      SELECT amount_minor, requirement_minor FROM bonuses
      WHERE member_id = ${newcomer.id.toString()}::bigint
    `.execute(db);
    expect(bonuses.rows).toHaveLength(1);
    expect(bonuses.rows[0]?.amount_minor).toBeGreaterThan(0n);
    expect(bonuses.rows[0]?.requirement_minor).toBe(bonuses.rows[0]?.amount_minor);
  });
});
