import type { LotteryBetStatus } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { countAll, countWhere } from '../../../db/sql-numbers.js';
import type { DrawLimits, LotteryBetRecord, NewBet, Page } from '../types.js';

/** An open draw as a slip needs it; `limits` is null on draws created before the snapshot. */
export interface OpenDraw {
  gameId: bigint;
  drawNo: string;
  limits: DrawLimits | null;
}

interface BetRow {
  id: bigint;
  slip_id: string;
  merchant_code: string;
  member_id: bigint;
  game_id: bigint;
  game_code: string;
  draw_id: bigint;
  draw_no: string;
  currency: string;
  bet_type: string;
  numbers: string[];
  position: number | null;
  amount_per_point_minor: bigint;
  points: number;
  stake_minor: bigint;
  odds: string;
  status: LotteryBetStatus;
  hits: number | null;
  payout_minor: bigint;
  placed_at: Date;
  settled_at: Date | null;
  round_per_slip: boolean;
}

function toBet(row: BetRow): LotteryBetRecord {
  return {
    id: row.id,
    slipId: row.slip_id,
    merchantCode: row.merchant_code,
    memberId: row.member_id,
    gameId: row.game_id,
    gameCode: row.game_code,
    drawId: row.draw_id,
    drawNo: row.draw_no,
    currency: row.currency,
    betType: row.bet_type,
    numbers: row.numbers,
    position: row.position,
    amountPerPointMinor: row.amount_per_point_minor,
    points: row.points,
    stakeMinor: row.stake_minor,
    odds: Number(row.odds),
    status: row.status,
    hits: row.hits,
    payoutMinor: row.payout_minor,
    placedAt: new Date(row.placed_at),
    settledAt: row.settled_at ? new Date(row.settled_at) : null,
    roundPerSlip: row.round_per_slip,
  };
}

/** Bets joined to their game code and draw number. */
async function betsWhere(
  db: Db,
  where: ReturnType<typeof sql>,
  tail = sql``,
): Promise<LotteryBetRecord[]> {
  const result = await sql<BetRow>`
    SELECT b.*, g.game_code, d.draw_no, s.round_per_slip
    FROM lottery_bets b JOIN lottery_games g ON g.id = b.game_id JOIN lottery_draws d ON d.id = b.draw_id
      JOIN lottery_slips s ON s.id = b.slip_id
    WHERE ${where} ${tail}
  `.execute(db);
  return result.rows.map(toBet);
}

/** Rows changed by `UPDATE lottery_bets ... RETURNING *`, with game code and draw number. */
async function changedBets(db: Db, statement: ReturnType<typeof sql>): Promise<LotteryBetRecord[]> {
  const result = await sql<BetRow>`
    WITH changed AS (${statement})
    SELECT changed.*, g.game_code, d.draw_no, s.round_per_slip
    FROM changed JOIN lottery_games g ON g.id = changed.game_id JOIN lottery_draws d ON d.id = changed.draw_id
      JOIN lottery_slips s ON s.id = changed.slip_id
    ORDER BY changed.id
  `.execute(db);
  return result.rows.map(toBet);
}

/** What settling one open bet needs to know of it. */
export interface SettleLine {
  id: bigint;
  slipId: string;
  placedAt: Date;
  merchantCode: string;
  memberId: bigint;
  currency: string;
  betType: string;
  numbers: string[];
  position: number | null;
  amountPerPointMinor: bigint;
}

/** A slip of a drawn draw as the second pass sees it: its bets' won total, if all are done. */
export interface SlipTotal {
  slipId: string;
  merchantCode: string;
  memberId: bigint;
  roundPerSlip: boolean;
  /** Null only for a slip without bets (none is made so). */
  currency: string | null;
  winMinor: bigint;
  hasOpenBets: boolean;
}

export interface BetOutcome {
  betId: bigint;
  status: 'won' | 'lost';
  hits: number;
  payoutMinor: bigint;
}

/** Queries on bets; every one runs in the executor it is given (a transaction or the pool). */
export function lotteryBetQueries(db: Db) {
  return {
    /**
     * The draw, share-locked, if it still takes bets: closing it (an update) waits for this
     * transaction, so no bet enters a closed draw.
     */
    async lockOpenDraw(
      merchantCode: string,
      drawId: bigint,
      now: Date,
    ): Promise<OpenDraw | undefined> {
      const row = await db
        .selectFrom('lottery_draws')
        .select(['game_id', 'draw_no', 'min_stake_minor', 'max_stake_minor', 'max_liability_minor'])
        .where('id', '=', drawId)
        .where('merchant_code', '=', merchantCode)
        .where('status', '=', 'open')
        .where('closes_at', '>', now)
        .forShare()
        .executeTakeFirst();
      if (!row) return undefined;
      const { min_stake_minor: min, max_stake_minor: max, max_liability_minor: liability } = row;
      // Draws created before the snapshot columns existed hold none: their game's limits apply.
      const limits =
        min === null || max === null || liability === null
          ? null
          : { minStakeMinor: min, maxStakeMinor: max, maxLiabilityMinor: liability };
      return { gameId: row.game_id, drawNo: row.draw_no, limits };
    },

    /** Claims the slip id; false when it exists (a retry, or a concurrent twin that committed). */
    async insertSlip(slip: {
      id: string;
      merchantCode: string;
      memberId: bigint;
      drawId: bigint;
      fingerprint: string;
      totalMinor: bigint;
    }): Promise<boolean> {
      const inserted = await db
        .insertInto('lottery_slips')
        .values({
          id: slip.id,
          merchant_code: slip.merchantCode,
          member_id: slip.memberId.toString(),
          draw_id: slip.drawId.toString(),
          fingerprint: slip.fingerprint,
          total_minor: slip.totalMinor.toString(),
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async findSlip(id: string) {
      const row = await db
        .selectFrom('lottery_slips')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row
        ? {
            id: row.id,
            merchantCode: row.merchant_code,
            memberId: row.member_id,
            drawId: row.draw_id,
            fingerprint: row.fingerprint,
            totalMinor: row.total_minor,
          }
        : undefined;
    },

    async insertBets(input: {
      slipId: string;
      merchantCode: string;
      memberId: bigint;
      gameId: bigint;
      drawId: bigint;
      currency: string;
      bets: readonly NewBet[];
    }): Promise<LotteryBetRecord[]> {
      const values = input.bets.map(
        (bet) =>
          sql`(${input.slipId}::uuid, ${input.merchantCode}, ${input.memberId.toString()}::bigint,
            ${input.gameId.toString()}::bigint, ${input.drawId.toString()}::bigint, ${input.currency},
            ${bet.betType}, ${bet.numbers}::text[], ${bet.position}::smallint,
            ${bet.amountPerPointMinor.toString()}::bigint, ${bet.points}::integer,
            ${bet.stakeMinor.toString()}::bigint, ${bet.odds}::numeric)`,
      );
      return changedBets(
        db,
        sql`INSERT INTO lottery_bets (slip_id, merchant_code, member_id, game_id, draw_id, currency,
            bet_type, numbers, position, amount_per_point_minor, points, stake_minor, odds)
          VALUES ${sql.join(values)} RETURNING *`,
      );
    },

    betsOfSlip(slipId: string): Promise<LotteryBetRecord[]> {
      return betsWhere(db, sql`b.slip_id = ${slipId}::uuid`, sql`ORDER BY b.id`);
    },

    /**
     * Adds to the liability of each key of a draw, but only while each stays within `maxMinor`
     * (one conditional upsert); answers false, changing nothing it reports, when any would pass
     * it (the caller rolls its transaction back).
     */
    async addLiability(
      draw: { id: bigint; merchantCode: string },
      amounts: ReadonlyMap<string, bigint>,
      maxMinor: bigint,
    ): Promise<boolean> {
      if (amounts.size === 0) return true;
      for (const amount of amounts.values()) if (amount > maxMinor) return false;
      const values = [...amounts].map(
        ([key, amount]) =>
          sql`(${draw.id.toString()}::bigint, ${draw.merchantCode}, ${key}::text, ${amount.toString()}::bigint)`,
      );
      const result = await sql<{ key: string }>`
        INSERT INTO lottery_liability AS l (draw_id, merchant_code, key, liability_minor)
        VALUES ${sql.join(values)}
        ON CONFLICT (draw_id, key) DO UPDATE SET liability_minor = l.liability_minor + excluded.liability_minor
        WHERE l.liability_minor + excluded.liability_minor <= ${maxMinor.toString()}::bigint
        RETURNING key
      `.execute(db);
      return result.rows.length === amounts.size;
    },

    /** Takes back liability (a cancelled bet); never below zero. */
    async releaseLiability(drawId: bigint, amounts: ReadonlyMap<string, bigint>): Promise<void> {
      for (const [key, amount] of amounts) {
        await sql`
          UPDATE lottery_liability SET liability_minor = greatest(liability_minor - ${amount.toString()}::bigint, 0)
          WHERE draw_id = ${drawId.toString()} AND key = ${key}
        `.execute(db);
      }
    },

    async liabilityOf(drawId: bigint): Promise<Map<string, bigint>> {
      const rows = await db
        .selectFrom('lottery_liability')
        .select(['key', 'liability_minor'])
        .where('draw_id', '=', drawId)
        .execute();
      return new Map(rows.map((row) => [row.key, row.liability_minor]));
    },

    /** An open bet of the member, locked, if it may be cancelled now (draw still open, game allows). */
    async lockCancellableBet(
      merchantCode: string,
      memberId: bigint,
      betId: bigint,
      now: Date,
    ): Promise<LotteryBetRecord | undefined> {
      const [bet] = await betsWhere(
        db,
        sql`b.id = ${betId.toString()} AND b.merchant_code = ${merchantCode}
          AND b.member_id = ${memberId.toString()} AND b.status = 'open'
          AND d.status = 'open' AND d.closes_at > ${now} AND g.cancel_allowed`,
        sql`FOR UPDATE OF b`,
      );
      return bet;
    },

    async betOfMember(
      merchantCode: string,
      memberId: bigint,
      betId: bigint,
    ): Promise<LotteryBetRecord | undefined> {
      const [bet] = await betsWhere(
        db,
        sql`b.id = ${betId.toString()} AND b.merchant_code = ${merchantCode} AND b.member_id = ${memberId.toString()}`,
      );
      return bet;
    },

    /** open -> cancelled / void with the stake as payout (refund), only bets still open. */
    refundBets(
      betIds: readonly bigint[],
      status: 'cancelled' | 'void',
    ): Promise<LotteryBetRecord[]> {
      if (betIds.length === 0) return Promise.resolve([]);
      return changedBets(
        db,
        sql`UPDATE lottery_bets SET status = ${status}, payout_minor = stake_minor, settled_at = now()
          WHERE id IN (${sql.join(betIds.map((id) => sql`${id.toString()}::bigint`))}) AND status = 'open'
          RETURNING *`,
      );
    },

    /**
     * A batch of a draw's open bets, locked for this transaction; bets another settler holds
     * are skipped (it is settling them), so two settlers split the work instead of waiting.
     */
    async lockOpenBatch(drawId: bigint, limit: number, afterId = 0n): Promise<LotteryBetRecord[]> {
      // The lock first (index on open bets of the draw), then the joins on just those rows.
      // `afterId` starts past the bets this settler already did, so the index scan does not
      // walk their dead entries again (a full pass from 0 always follows before `settled`).
      const result = await sql<BetRow>`
        WITH locked AS (
          SELECT * FROM lottery_bets
          WHERE draw_id = ${drawId.toString()} AND status = 'open' AND id > ${afterId.toString()}
          ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED
        )
        SELECT locked.*, g.game_code, d.draw_no, s.round_per_slip
        FROM locked JOIN lottery_games g ON g.id = locked.game_id JOIN lottery_draws d ON d.id = locked.draw_id
          JOIN lottery_slips s ON s.id = locked.slip_id
        ORDER BY locked.id
      `.execute(db);
      return result.rows.map(toBet);
    },

    /**
     * A chunk of a drawn draw's open bets after `afterId`, with only what their settlement
     * needs (no joins: the caller knows the draw and its game). Not locked: a drawn bet's
     * contents never change, and `applyOutcomes` changes only bets still open, so a second
     * settler that read the same chunk changes nothing (docs/lottery-engine.md).
     */
    async openChunk(drawId: bigint, limit: number, afterId: bigint): Promise<SettleLine[]> {
      const result = await sql<{
        id: bigint;
        slip_id: string;
        merchant_code: string;
        member_id: bigint;
        currency: string;
        bet_type: string;
        numbers: string[];
        position: number | null;
        amount_per_point_minor: bigint;
        placed_at: Date;
      }>`
        SELECT id, slip_id, merchant_code, member_id, currency, bet_type, numbers, position,
          amount_per_point_minor, placed_at
        FROM lottery_bets
        WHERE draw_id = ${drawId.toString()} AND status = 'open' AND id > ${afterId.toString()}
        ORDER BY id LIMIT ${limit}
      `.execute(db);
      return result.rows.map((row) => ({
        id: row.id,
        slipId: row.slip_id,
        merchantCode: row.merchant_code,
        memberId: row.member_id,
        currency: row.currency,
        betType: row.bet_type,
        numbers: row.numbers,
        position: row.position,
        amountPerPointMinor: row.amount_per_point_minor,
        placedAt: new Date(row.placed_at),
      }));
    },

    /**
     * Writes outcomes on bets still open, in one statement; answers how many it changed, and
     * which when `withIds` (only a chunk with bets of older slips needs them). The chunk's id
     * range and the range of its placing times (the partition key) keep the statement to the
     * partitions and index pages that hold it; the join on the ids then picks the bets. (A
     * list of 5,000 ids as `= ANY` costs the planner about 10 ms per statement.)
     */
    async applyOutcomes(
      outcomes: readonly BetOutcome[],
      chunk: { fromId: bigint; toId: bigint; placedFrom: Date; placedTo: Date },
      withIds: boolean,
    ): Promise<{ count: number; ids: Set<bigint> }> {
      if (outcomes.length === 0) return { count: 0, ids: new Set() };
      const update = sql`
        UPDATE lottery_bets AS b SET status = v.status, hits = v.hits, payout_minor = v.payout, settled_at = now()
        FROM unnest(
          ${outcomes.map((outcome) => outcome.betId.toString())}::bigint[],
          ${outcomes.map((outcome) => outcome.status)}::text[],
          ${outcomes.map((outcome) => outcome.hits)}::integer[],
          ${outcomes.map((outcome) => outcome.payoutMinor.toString())}::bigint[]
        ) AS v (id, status, hits, payout)
        WHERE b.id BETWEEN ${chunk.fromId.toString()} AND ${chunk.toId.toString()}
          AND b.placed_at >= ${chunk.placedFrom} AND b.placed_at < ${chunk.placedTo}
          AND b.id = v.id AND b.status = 'open'
        RETURNING b.id
      `;
      if (withIds) {
        const result = await sql<{ id: bigint }>`${update}`.execute(db);
        return { count: result.rows.length, ids: new Set(result.rows.map((row) => row.id)) };
      }
      const result = await sql<{ count: number }>`
        WITH changed AS (${update}) SELECT ${countAll()} AS count FROM changed
      `.execute(db);
      return { count: result.rows[0]?.count ?? 0, ids: new Set() };
    },

    /** The unsettled slips of a draw placed before per-slip rounds (paid bet by bet). */
    async legacySlipIds(drawId: bigint): Promise<Set<string>> {
      const result = await sql<{ id: string }>`
        SELECT id FROM lottery_slips
        WHERE draw_id = ${drawId.toString()} AND NOT round_per_slip AND settled_at IS NULL
      `.execute(db);
      return new Set(result.rows.map((row) => row.id));
    },

    /**
     * The next unsettled slips of a draw after `afterId`, locked (another settler waits, then
     * sees them settled), with their bets' totals: the won payout and whether a bet is still
     * open (a chunk of another settler not yet committed; the slip is then left to it).
     */
    async lockUnsettledSlips(drawId: bigint, limit: number, afterId: string): Promise<SlipTotal[]> {
      const locked = await sql<{ id: string }>`
        SELECT id FROM lottery_slips
        WHERE draw_id = ${drawId.toString()} AND settled_at IS NULL AND id > ${afterId}::uuid
        ORDER BY id LIMIT ${limit} FOR UPDATE
      `.execute(db);
      if (locked.rows.length === 0) return [];
      const result = await sql<{
        id: string;
        merchant_code: string;
        member_id: bigint;
        round_per_slip: boolean;
        currency: string | null;
        win_minor: bigint | null;
        open_bets: number;
      }>`
        SELECT s.id, s.merchant_code, s.member_id, s.round_per_slip, t.currency,
          t.win_minor, coalesce(t.open_bets, 0) AS open_bets
        FROM lottery_slips s
        LEFT JOIN LATERAL (
          SELECT max(b.currency) AS currency,
            coalesce(sum(b.payout_minor) FILTER (WHERE b.status = 'won'), 0)::bigint AS win_minor,
            ${countWhere(sql`b.status = 'open'`)} AS open_bets
          FROM lottery_bets b WHERE b.slip_id = s.id
        ) t ON true
        WHERE s.id = ANY(${locked.rows.map((row) => row.id)}::uuid[])
        ORDER BY s.id
      `.execute(db);
      return result.rows.map((row) => ({
        slipId: row.id,
        merchantCode: row.merchant_code,
        memberId: row.member_id,
        roundPerSlip: row.round_per_slip,
        currency: row.currency,
        winMinor: row.win_minor ?? 0n,
        hasOpenBets: row.open_bets > 0,
      }));
    },

    /** Marks these slips settled (their win, round and event are written in this transaction). */
    async markSlipsSettled(slipIds: readonly string[]): Promise<void> {
      if (slipIds.length === 0) return;
      await sql`
        UPDATE lottery_slips SET settled_at = now()
        WHERE id = ANY(${[...slipIds]}::uuid[]) AND settled_at IS NULL
      `.execute(db);
    },

    async memberBets(
      filter: {
        merchantCode: string;
        memberId: bigint;
        gameCode?: string | undefined;
        drawId?: bigint | undefined;
        status?: LotteryBetStatus | undefined;
      },
      page: { offset: number; limit: number },
    ): Promise<Page<LotteryBetRecord>> {
      const where = sql`b.merchant_code = ${filter.merchantCode} AND b.member_id = ${filter.memberId.toString()}
        ${filter.gameCode ? sql`AND g.game_code = ${filter.gameCode}` : sql``}
        ${filter.drawId ? sql`AND b.draw_id = ${filter.drawId.toString()}` : sql``}
        ${filter.status ? sql`AND b.status = ${filter.status}` : sql``}`;
      const list = await betsWhere(
        db,
        where,
        sql`ORDER BY b.id DESC OFFSET ${page.offset} LIMIT ${page.limit}`,
      );
      const count = await sql<{ count: number }>`
        SELECT ${countAll()} AS count FROM lottery_bets b JOIN lottery_games g ON g.id = b.game_id WHERE ${where}
      `.execute(db);
      return { list, totalCount: count.rows[0]?.count ?? 0 };
    },
  };
}

export type LotteryBetQueries = ReturnType<typeof lotteryBetQueries>;

export function createLotteryBetRepository(db: Db) {
  return {
    ...lotteryBetQueries(db),
    /** Runs `work` in one database transaction; `executor` lets the ledger and rounds join it. */
    transaction<T>(work: (queries: LotteryBetQueries, executor: Db) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(lotteryBetQueries(trx), trx));
    },
  };
}

export type LotteryBetRepository = ReturnType<typeof createLotteryBetRepository>;
