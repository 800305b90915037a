import {
  BUILTIN_VASSALAGE,
  builtinGameCodes,
  type GameCategory,
  gameCategories,
} from '@app/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { useEnginePlayers } from '../../src/modules/builtin-games/test/engine-players.js';
import {
  appendEvents,
  createEventsService,
  type NewEvent,
} from '../../src/modules/events/index.js';
import { PLAY_ROLLUPS_CONSUMER } from '../../src/modules/play-rollups/index.js';
import { createEngineRounds } from '../../src/modules/providers/index.js';
import { createServices } from '../../src/services.js';
import { BASE_MERCHANT_CODE } from '../fixtures/base-merchant.js';
import { insertMembers } from '../ledger-fixtures.js';

const dice = (stake: number) => ({ stake, target: 50, direction: 'over' });
const POLL = { timeout: 20_000, interval: 50 };
const MS_PER_DAY = 86_400_000;
const DAY_ZERO_MS = Date.UTC(2026, 10, 20);

/** Every rollup row summed over the hours of its day, in one canonical order, as strings. */
async function rollupRows(db: Db, table: 'play_member_daily' | 'play_agent_daily') {
  const party = table === 'play_member_daily' ? sql.ref('member_id') : sql.ref('agent_member_id');
  const result = await sql<Record<string, string>>`
    SELECT ${party}::text AS party, to_char(t.day, 'YYYY-MM-DD') AS day, t.game_category,
      t.currency, sum(t.rounds)::text AS rounds, sum(t.stake_minor)::text AS stake,
      sum(t.valid_bet_minor)::text AS valid, sum(t.win_minor)::text AS win
    FROM ${sql.table(table)} t
    GROUP BY ${party}, t.day, t.game_category, t.currency
    ORDER BY ${party}, t.day, t.game_category, t.currency
  `.execute(db);
  return result.rows;
}

/**
 * The same sums straight from the raw `round.settled` events (per member or per upline). These
 * hand-made events have no round in `game_rounds`, so the consumer counts them at their
 * settlement time (a real event always finds its round's start).
 */
async function eventAggregates(db: Db, by: 'member' | 'agent') {
  const party = by === 'member' ? sql`(e.payload->>'memberId')::bigint` : sql`m.upline_member_id`;
  const result = await sql<Record<string, string>>`
    SELECT ${party}::text AS party,
      to_char(((e.payload->>'settledAt')::timestamptz AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day,
      e.payload->>'gameCategory' AS game_category, e.payload->>'currency' AS currency,
      count(*)::text AS rounds, sum((e.payload->>'stakeMinor')::bigint)::text AS stake,
      sum((e.payload->>'validBetMinor')::bigint)::text AS valid,
      sum((e.payload->>'winMinor')::bigint)::text AS win
    FROM events e JOIN members m ON m.id = (e.payload->>'memberId')::bigint
    WHERE e.type = 'round.settled' AND ${party} IS NOT NULL
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
  `.execute(db);
  return result.rows;
}

describe('play rollups', () => {
  const { context, player, play, post } = useEnginePlayers(
    [builtinGameCodes.dice],
    'INHOUSE',
    'rollup',
  );
  let db: Db;
  let members: bigint[] = [];
  let agents: bigint[] = [];

  beforeAll(async () => {
    db = context.database.db;
    agents = await insertMembers(db, 2, `rag${Date.now().toString(36)}`);
    members = await insertMembers(db, 4, `rpl${Date.now().toString(36)}`);
    // Two members under the first agent, one under the second, one with no agent.
    const uplines = [agents[0], agents[0], agents[1], null];
    for (const [index, memberId] of members.entries()) {
      await sql`UPDATE members SET upline_member_id = ${uplines[index]?.toString() ?? null}::bigint
        WHERE id = ${memberId.toString()}`.execute(db);
    }
  });

  /** Runs the rollups until they have applied every settled round committed so far. */
  async function drain(batchSize: number) {
    const services = createServices(db);
    const events = createEventsService(db, {
      consumers: [{ ...services.playRollups.consumer, batchSize }],
    });
    await expect
      .poll(async () => {
        await events.runAll();
        return (await events.lag())[0]?.eventsBehind;
      }, POLL)
      .toBe(0);
  }

  const settledRound = fc.record({
    member: fc.integer({ min: 0, max: 3 }),
    category: fc.constantFrom<GameCategory>(...gameCategories),
    stakeMinor: fc.bigInt({ min: 0n, max: 10n ** 12n }),
    refundedShare: fc.integer({ min: 0, max: 100 }),
    winMinor: fc.bigInt({ min: 0n, max: 10n ** 13n }),
    settledAtMs: fc.integer({ min: DAY_ZERO_MS, max: DAY_ZERO_MS + 4 * MS_PER_DAY - 1 }),
  });

  it('equal the sums over the raw settled rounds, for any rounds in any batches', async () => {
    let roundCounter = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(settledRound, { minLength: 1, maxLength: 6 }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.integer({ min: 1, max: 7 }),
        async (transactions, batchSize) => {
          for (const rounds of transactions) {
            const events = rounds.map((round): NewEvent => {
              roundCounter += 1;
              const memberId = members[round.member] ?? 0n;
              const validBetMinor = (round.stakeMinor * BigInt(100 - round.refundedShare)) / 100n;
              return {
                type: 'round.settled',
                merchantCode: BASE_MERCHANT_CODE,
                memberId,
                payload: {
                  memberId: memberId.toString(),
                  merchantCode: BASE_MERCHANT_CODE,
                  vassalage: 'TEST',
                  gameCode: 'prop',
                  gameCategory: round.category,
                  roundRef: `prop-${roundCounter}`,
                  currency: 'VND',
                  stakeMinor: round.stakeMinor.toString(),
                  validBetMinor: validBetMinor.toString(),
                  winMinor: round.winMinor.toString(),
                  settledAt: new Date(round.settledAtMs).toISOString(),
                },
              };
            });
            await db.transaction().execute((trx) => appendEvents(trx, events));
          }
          await drain(batchSize);
          expect(await rollupRows(db, 'play_member_daily')).toEqual(
            await eventAggregates(db, 'member'),
          );
          expect(await rollupRows(db, 'play_agent_daily')).toEqual(
            await eventAggregates(db, 'agent'),
          );
        },
      ),
      { numRuns: 25 },
    );
  });

  it('sum the Dice rounds played through the engine, once each, per member and per agent', async () => {
    const { memberId, gameSession } = await player(builtinGameCodes.dice);
    const agent = agents[1] ?? 0n;
    await sql`UPDATE members SET upline_member_id = ${agent.toString()}::bigint
      WHERE id = ${memberId.toString()}`.execute(db);
    const agentBefore = await agentRows(agent);
    // The first play is sent twice with one client round id: the retry replays, settling nothing.
    const first = { gameSession, clientRoundId: `rollup-once-${memberId}`, params: dice(1.5) };
    const answer = await post('/play', first);
    expect(answer.body.value.round.status).toBe('settled');
    expect((await post('/play', first)).body.value.round).toEqual(answer.body.value.round);
    for (let index = 1; index < 6; index += 1) {
      const next = await play(gameSession, dice(1.5 + index));
      expect(next.status).toBe(200);
      expect(next.body.value.round.status).toBe('settled');
    }
    await drain(50);

    const settledEvents = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM events
      WHERE type = 'round.settled' AND member_id = ${memberId.toString()}
    `.execute(db);
    expect(settledEvents.rows[0]?.n).toBe('6');

    const rounds = await sql<Record<string, string>>`
      SELECT to_char((started_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day,
        game_type AS game_category, count(*)::text AS rounds,
        sum(stake_minor)::text AS stake, sum(stake_minor - refunded_minor)::text AS valid,
        sum(win_minor)::text AS win
      FROM game_rounds WHERE member_id = ${memberId.toString()} AND status = 'settled'
      GROUP BY 1, 2 ORDER BY 1, 2
    `.execute(db);
    expect(rounds.rows.map((row) => row.rounds)).toEqual(['6']);
    const memberRows = (await rollupRows(db, 'play_member_daily'))
      .filter((row) => row.party === memberId.toString())
      .map(({ day, game_category, rounds, stake, valid, win }) => ({
        day,
        game_category,
        rounds,
        stake,
        valid,
        win,
      }));
    expect(memberRows).toEqual(rounds.rows);
    const agentAfter = await agentRows(agent);
    const [row] = rounds.rows;
    const key = `${row?.day}|${row?.game_category}`;
    const grew = (field: string) =>
      BigInt(agentAfter.get(key)?.[field] ?? '0') - BigInt(agentBefore.get(key)?.[field] ?? '0');
    expect([grew('rounds'), grew('stake'), grew('valid'), grew('win')]).toEqual([
      6n,
      BigInt(row?.stake ?? 0),
      BigInt(row?.valid ?? 0),
      BigInt(row?.win ?? 0),
    ]);
  });

  async function agentRows(agent: bigint) {
    const rows = (await rollupRows(db, 'play_agent_daily')).filter(
      (row) => row.party === agent.toString() && row.currency === 'VND',
    );
    return new Map(rows.map((row) => [`${row.day}|${row.game_category}`, row]));
  }

  it('counts a lottery-style engine round once when it settles, never when cancelled or closed again', async () => {
    const rounds = createEngineRounds();
    const memberId = members[3] ?? 0n;
    const open = (roundRef: string) => ({
      merchantCode: BASE_MERCHANT_CODE,
      memberId,
      vassalage: BUILTIN_VASSALAGE,
      nodeId: null,
      gameType: 'LOTT' as const,
      roundRef,
      currency: 'VND',
      stakeMinor: 1_000n,
      detail: { engine: 'test' },
    });
    const close = (roundRef: string, status: 'settled' | 'cancelled') => ({
      vassalage: BUILTIN_VASSALAGE,
      roundRef,
      status,
      winMinor: status === 'settled' ? 2_500n : 0n,
      refundedMinor: status === 'cancelled' ? 1_000n : 0n,
    });
    await db.transaction().execute(async (trx) => {
      await rounds.openWithin(trx, [open('lotto-won-1'), open('lotto-void-1')]);
      await rounds.closeWithin(trx, [
        close('lotto-won-1', 'settled'),
        close('lotto-void-1', 'cancelled'),
      ]);
    });
    await db
      .transaction()
      .execute((trx) => rounds.closeWithin(trx, [close('lotto-won-1', 'settled')]));
    const emitted = await sql<{ round_ref: string; win: string }>`
      SELECT payload->>'roundRef' AS round_ref, payload->>'winMinor' AS win FROM events
      WHERE type = 'round.settled' AND payload->>'roundRef' LIKE 'lotto-%'
    `.execute(db);
    expect(emitted.rows).toEqual([{ round_ref: 'lotto-won-1', win: '2500' }]);
  });

  it('names its consumer', () => {
    expect(createServices(db).playRollups.consumer.name).toBe(PLAY_ROLLUPS_CONSUMER);
  });
});
