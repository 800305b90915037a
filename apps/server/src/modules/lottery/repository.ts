import type {
  LotteryDrawStatus,
  LotteryFormat,
  LotteryPrizeMode,
  LotteryResult,
} from '@app/contract';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { countAll, sumBigint } from '../../db/sql-numbers.js';
import type { LotteryDrawsTable, LotteryGamesTable } from '../../db/types.js';
import type { DrawLimits, LotteryDrawRecord, LotteryGameRecord, NewDraw, Page } from './types.js';

type GameRow = Selectable<LotteryGamesTable>;
type DrawRow = Selectable<LotteryDrawsTable> & { game_code: string };

/** States a draw may be voided from: before it has a result that settlement may be paying. */
export const VOIDABLE_DRAW_STATUSES: readonly LotteryDrawStatus[] = [
  'scheduled',
  'open',
  'closed',
  'entered',
];
const DRAWN_STATUSES: readonly LotteryDrawStatus[] = ['drawn', 'settled'];
const HISTORY_STATUSES: readonly LotteryDrawStatus[] = ['drawn', 'settled', 'void'];

function toGame(row: GameRow): LotteryGameRecord {
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    gameCode: row.game_code,
    area: row.area,
    prizeMode: row.prize_mode,
    format: row.format,
    vassalage: row.vassalage,
    // The catalogue's entry is the games module's: filled in by `withCatalogueNodes`.
    nodeId: null,
    names: row.names,
    source: row.source,
    schedule: row.schedule,
    closeOffsetSeconds: row.close_offset_seconds,
    cancelAllowed: row.cancel_allowed,
    minStakeMinor: row.min_stake_minor,
    maxStakeMinor: row.max_stake_minor,
    maxLiabilityMinor: row.max_liability_minor,
    enabled: row.enabled,
    sortOrder: row.sort_order,
  };
}

function toDraw(row: DrawRow): LotteryDrawRecord {
  return {
    id: row.id,
    gameId: row.game_id,
    gameCode: row.game_code,
    merchantCode: row.merchant_code,
    drawNo: row.draw_no,
    status: row.status,
    opensAt: new Date(row.opens_at),
    closesAt: new Date(row.closes_at),
    drawAt: new Date(row.draw_at),
    seed: row.seed,
    seedHash: row.seed_hash,
    drawKey: row.draw_key,
    result: row.result,
    enteredResult: row.entered_result,
    enteredBy: row.entered_by === null ? null : row.entered_by,
    confirmedBy: row.confirmed_by === null ? null : row.confirmed_by,
    voidReason: row.void_reason,
    drawnAt: row.drawn_at ? new Date(row.drawn_at) : null,
    settledAt: row.settled_at ? new Date(row.settled_at) : null,
  };
}

/** Raw rows of `UPDATE ... RETURNING`, joined to their game code. */
async function returningDraws(
  db: Db,
  statement: ReturnType<typeof sql>,
): Promise<LotteryDrawRecord[]> {
  const result = await sql<DrawRow>`
    WITH changed AS (${statement})
    SELECT changed.*, g.game_code FROM changed JOIN lottery_games g ON g.id = changed.game_id
  `.execute(db);
  return result.rows.map(toDraw);
}

/** The operators' conditional updates of a draw, on the executor they are given. */
function operatorDrawChanges(db: Db) {
  return {
    /** closed -> entered (a real draw's result, waiting for a second operator). */
    async enterResult(
      merchantCode: string,
      drawId: bigint,
      result: LotteryResult,
      operatorId: bigint,
    ): Promise<LotteryDrawRecord | undefined> {
      const [draw] = await returningDraws(
        db,
        sql`UPDATE lottery_draws SET status = 'entered',
            entered_result = ${JSON.stringify(result)}::jsonb, entered_by = ${operatorId.toString()}
          WHERE id = ${drawId.toString()} AND merchant_code = ${merchantCode} AND status = 'closed'
            AND EXISTS (SELECT 1 FROM lottery_games g WHERE g.id = lottery_draws.game_id AND g.source = 'real')
          RETURNING *`,
      );
      return draw;
    },

    /** entered -> drawn, by another operator than the one who entered it. */
    async confirmResult(
      merchantCode: string,
      drawId: bigint,
      operatorId: bigint,
    ): Promise<LotteryDrawRecord | undefined> {
      const [draw] = await returningDraws(
        db,
        sql`UPDATE lottery_draws SET status = 'drawn', result = entered_result,
            confirmed_by = ${operatorId.toString()}, drawn_at = now()
          WHERE id = ${drawId.toString()} AND merchant_code = ${merchantCode} AND status = 'entered'
            AND entered_by <> ${operatorId.toString()}
          RETURNING *`,
      );
      return draw;
    },

    async voidDraw(
      merchantCode: string,
      drawId: bigint,
      reason: string,
    ): Promise<LotteryDrawRecord | undefined> {
      const [draw] = await returningDraws(
        db,
        sql`UPDATE lottery_draws SET status = 'void', void_reason = ${reason}
          WHERE id = ${drawId.toString()} AND merchant_code = ${merchantCode}
            AND status IN (${sql.join(VOIDABLE_DRAW_STATUSES.map((status) => sql`${status}`))})
          RETURNING *`,
      );
      return draw;
    },
  };
}

export function createLotteryRepository(db: Db) {
  function gamesQuery() {
    return db.selectFrom('lottery_games').selectAll('lottery_games');
  }

  function drawsQuery() {
    return db
      .selectFrom('lottery_draws')
      .innerJoin('lottery_games', 'lottery_games.id', 'lottery_draws.game_id')
      .selectAll('lottery_draws')
      .select('lottery_games.game_code');
  }

  return {
    // ---- Games ----

    async insertGame(
      game: Omit<LotteryGameRecord, 'id' | 'nodeId' | 'enabled'> & { enabled?: boolean },
    ): Promise<void> {
      await db
        .insertInto('lottery_games')
        .values({
          merchant_code: game.merchantCode,
          game_code: game.gameCode,
          area: game.area,
          prize_mode: game.prizeMode,
          format: game.format,
          vassalage: game.vassalage,
          names: JSON.stringify(game.names),
          source: game.source,
          schedule: JSON.stringify(game.schedule),
          close_offset_seconds: game.closeOffsetSeconds,
          cancel_allowed: game.cancelAllowed,
          min_stake_minor: game.minStakeMinor,
          max_stake_minor: game.maxStakeMinor,
          max_liability_minor: game.maxLiabilityMinor,
          enabled: game.enabled ?? true,
          sort_order: game.sortOrder,
        })
        .onConflict((conflict) => conflict.columns(['merchant_code', 'game_code']).doNothing())
        .execute();
    },

    async games(
      merchantCode: string,
      filter: { area?: string | undefined; prizeMode?: LotteryPrizeMode | undefined } = {},
    ): Promise<LotteryGameRecord[]> {
      let query = gamesQuery()
        .where('lottery_games.merchant_code', '=', merchantCode)
        .where('lottery_games.enabled', '=', true);
      if (filter.area) query = query.where('lottery_games.area', '=', filter.area as never);
      if (filter.prizeMode) query = query.where('lottery_games.prize_mode', '=', filter.prizeMode);
      const rows = await query
        .orderBy('lottery_games.sort_order')
        .orderBy('lottery_games.id')
        .execute();
      return rows.map(toGame);
    },

    /**
     * The limits of each game's open draw (the one taking bets at `now`), by game id. A game
     * with no open draw, or whose open draw predates the snapshot columns, is left out.
     */
    async openDrawLimits(gameIds: readonly bigint[], now: Date): Promise<Map<bigint, DrawLimits>> {
      if (gameIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('lottery_draws')
        .distinctOn('game_id')
        .select(['game_id', 'min_stake_minor', 'max_stake_minor', 'max_liability_minor'])
        .where('game_id', 'in', [...gameIds])
        .where('status', '=', 'open')
        .where('closes_at', '>', now)
        .orderBy('game_id')
        .orderBy('draw_at')
        .execute();
      const limits = new Map<bigint, DrawLimits>();
      for (const row of rows) {
        const { min_stake_minor: min, max_stake_minor: max, max_liability_minor: liability } = row;
        if (min === null || max === null || liability === null) continue;
        limits.set(row.game_id, {
          minStakeMinor: min,
          maxStakeMinor: max,
          maxLiabilityMinor: liability,
        });
      }
      return limits;
    },

    async gameByCode(
      merchantCode: string,
      gameCode: string,
    ): Promise<LotteryGameRecord | undefined> {
      const row = await gamesQuery()
        .where('lottery_games.merchant_code', '=', merchantCode)
        .where('lottery_games.game_code', '=', gameCode)
        .executeTakeFirst();
      return row ? toGame(row) : undefined;
    },

    async gameById(id: bigint): Promise<LotteryGameRecord | undefined> {
      const row = await gamesQuery().where('lottery_games.id', '=', id).executeTakeFirst();
      return row ? toGame(row) : undefined;
    },

    /** A keyset page of the merchant's games, enabled or not, by id (the console's games list). */
    async adminGamePage(
      merchantCode: string,
      afterId: bigint,
      limit: number,
    ): Promise<LotteryGameRecord[]> {
      const rows = await gamesQuery()
        .where('lottery_games.merchant_code', '=', merchantCode)
        .where('lottery_games.id', '>', afterId)
        .orderBy('lottery_games.id')
        .limit(limit)
        .execute();
      return rows.map(toGame);
    },

    /** Every enabled game of every merchant (the scheduler keeps their draws ahead). */
    async allEnabledGames(): Promise<LotteryGameRecord[]> {
      const rows = await gamesQuery()
        .where('lottery_games.enabled', '=', true)
        .orderBy('lottery_games.id')
        .execute();
      return rows.map(toGame);
    },

    /** Games a member bet on lately, most recent first. */
    async recentGameIds(merchantCode: string, memberId: bigint, limit: number): Promise<bigint[]> {
      const rows = await db
        .selectFrom('lottery_bets')
        .select('game_id')
        .select(sql<Date>`max(placed_at)`.as('last_at'))
        .where('merchant_code', '=', merchantCode)
        .where('member_id', '=', memberId)
        .groupBy('game_id')
        .orderBy('last_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => row.game_id);
    },

    // ---- Draws: schedule ----

    async latestDrawAt(gameId: bigint): Promise<Date | null> {
      const row = await db
        .selectFrom('lottery_draws')
        .select(sql<Date | null>`max(draw_at)`.as('latest'))
        .where('game_id', '=', gameId)
        .executeTakeFirst();
      return row?.latest ? new Date(row.latest) : null;
    },

    /** Inserts draws; one already there (same game and time, from another instance) is kept. */
    async insertDraws(draws: readonly NewDraw[]): Promise<number> {
      if (draws.length === 0) return 0;
      const inserted = await db
        .insertInto('lottery_draws')
        .values(
          draws.map((draw) => ({
            game_id: draw.gameId.toString(),
            merchant_code: draw.merchantCode,
            draw_no: draw.drawNo,
            opens_at: draw.opensAt,
            closes_at: draw.closesAt,
            draw_at: draw.drawAt,
            seed: draw.seed,
            seed_hash: draw.seedHash,
            draw_key: draw.drawKey,
            min_stake_minor: draw.limits.minStakeMinor,
            max_stake_minor: draw.limits.maxStakeMinor,
            max_liability_minor: draw.limits.maxLiabilityMinor,
          })),
        )
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .execute();
      return inserted.length;
    },

    /** scheduled -> open for every draw whose opening time has come. */
    openDue(now: Date): Promise<LotteryDrawRecord[]> {
      return returningDraws(
        db,
        sql`UPDATE lottery_draws SET status = 'open'
          WHERE status = 'scheduled' AND opens_at <= ${now} RETURNING *`,
      );
    },

    /** open -> closed for every draw whose closing time has come. */
    closeDue(now: Date): Promise<LotteryDrawRecord[]> {
      return returningDraws(
        db,
        sql`UPDATE lottery_draws SET status = 'closed'
          WHERE status IN ('scheduled', 'open') AND closes_at <= ${now} RETURNING *`,
      );
    },

    /** Closed house draws whose time has come: the scheduler draws them. */
    async houseDrawsDue(now: Date): Promise<LotteryDrawRecord[]> {
      const rows = await drawsQuery()
        .where('lottery_draws.status', '=', 'closed')
        .where('lottery_draws.draw_at', '<=', now)
        .where('lottery_games.source', '=', 'house')
        .orderBy('lottery_draws.draw_at')
        .execute();
      return rows.map(toDraw);
    },

    /** closed -> drawn with its result, only if still closed: answers the draw if this call drew it. */
    async markDrawn(drawId: bigint, result: LotteryResult): Promise<LotteryDrawRecord | undefined> {
      const [draw] = await returningDraws(
        db,
        sql`UPDATE lottery_draws SET status = 'drawn', result = ${JSON.stringify(result)}::jsonb,
            drawn_at = now()
          WHERE id = ${drawId.toString()} AND status = 'closed' RETURNING *`,
      );
      return draw;
    },

    /** Drawn draws (to settle) and void draws that still have open bets (to refund). */
    async drawsWithWork(): Promise<{ drawn: bigint[]; voided: bigint[] }> {
      const drawn = await db
        .selectFrom('lottery_draws')
        .select('id')
        .where('status', '=', 'drawn')
        .orderBy('draw_at')
        .execute();
      const voided = await sql<{ draw_id: bigint }>`
        SELECT DISTINCT b.draw_id FROM lottery_bets b JOIN lottery_draws d ON d.id = b.draw_id
        WHERE b.status = 'open' AND d.status = 'void'
      `.execute(db);
      return {
        drawn: drawn.map((row) => row.id),
        voided: voided.rows.map((row) => row.draw_id),
      };
    },

    /**
     * drawn -> settled once no bet is left open and every slip is settled (its win, round and
     * event written); answers the draw if this call settled it.
     */
    async markSettled(drawId: bigint): Promise<LotteryDrawRecord | undefined> {
      const [draw] = await returningDraws(
        db,
        sql`UPDATE lottery_draws SET status = 'settled', settled_at = now()
          WHERE id = ${drawId.toString()} AND status = 'drawn'
            AND NOT EXISTS (SELECT 1 FROM lottery_bets b WHERE b.draw_id = lottery_draws.id AND b.status = 'open')
            AND NOT EXISTS (
              SELECT 1 FROM lottery_slips s WHERE s.draw_id = lottery_draws.id AND s.settled_at IS NULL
            )
          RETURNING *`,
      );
      return draw;
    },

    // ---- Draws: reads ----

    async drawById(merchantCode: string, drawId: bigint): Promise<LotteryDrawRecord | undefined> {
      const row = await drawsQuery()
        .where('lottery_draws.merchant_code', '=', merchantCode)
        .where('lottery_draws.id', '=', drawId)
        .executeTakeFirst();
      return row ? toDraw(row) : undefined;
    },

    /** A draw by id whatever its merchant (the scheduler's own reads). */
    async drawByIdAnyMerchant(drawId: bigint): Promise<LotteryDrawRecord | undefined> {
      const row = await drawsQuery().where('lottery_draws.id', '=', drawId).executeTakeFirst();
      return row ? toDraw(row) : undefined;
    },

    /** The draw taking bets, the one after it and the last one drawn. */
    async drawsAround(gameId: bigint, now: Date) {
      const current = await drawsQuery()
        .where('lottery_draws.game_id', '=', gameId)
        .where('lottery_draws.status', '=', 'open')
        .where('lottery_draws.closes_at', '>', now)
        .orderBy('lottery_draws.draw_at')
        .limit(1)
        .executeTakeFirst();
      const next = await drawsQuery()
        .where('lottery_draws.game_id', '=', gameId)
        .where('lottery_draws.status', 'in', ['scheduled', 'open'])
        .where('lottery_draws.draw_at', '>', current ? new Date(current.draw_at) : now)
        .orderBy('lottery_draws.draw_at')
        .limit(1)
        .executeTakeFirst();
      const last = await drawsQuery()
        .where('lottery_draws.game_id', '=', gameId)
        .where('lottery_draws.status', 'in', [...DRAWN_STATUSES])
        .orderBy('lottery_draws.draw_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return {
        current: current ? toDraw(current) : null,
        next: next ? toDraw(next) : null,
        last: last ? toDraw(last) : null,
      };
    },

    /** Drawn draws, newest first (`withVoid`: void ones too, for the history). */
    async drawnPage(
      gameId: bigint,
      page: { offset: number; limit: number; withVoid: boolean },
    ): Promise<Page<LotteryDrawRecord>> {
      const statuses = page.withVoid ? HISTORY_STATUSES : DRAWN_STATUSES;
      const rows = await drawsQuery()
        .where('lottery_draws.game_id', '=', gameId)
        .where('lottery_draws.status', 'in', [...statuses])
        .orderBy('lottery_draws.draw_at', 'desc')
        .offset(page.offset)
        .limit(page.limit)
        .execute();
      const count = await db
        .selectFrom('lottery_draws')
        .select(countAll().as('count'))
        .where('game_id', '=', gameId)
        .where('status', 'in', [...statuses])
        .executeTakeFirstOrThrow();
      return { list: rows.map(toDraw), totalCount: Number(count.count) };
    },

    /** The latest drawn draw of each enabled game of a merchant (of a prize mode). */
    async latestDrawnPerGame(
      merchantCode: string,
      prizeMode: LotteryPrizeMode | undefined,
    ): Promise<LotteryDrawRecord[]> {
      const result = await sql<DrawRow>`
        SELECT DISTINCT ON (d.game_id) d.*, g.game_code
        FROM lottery_draws d JOIN lottery_games g ON g.id = d.game_id
        WHERE d.merchant_code = ${merchantCode} AND g.enabled
          AND d.status IN ('drawn', 'settled')
          ${prizeMode ? sql`AND g.prize_mode = ${prizeMode}` : sql``}
        ORDER BY d.game_id, d.draw_at DESC
      `.execute(db);
      return result.rows.map(toDraw);
    },

    // ---- Draws: operators ----

    async adminDrawPage(
      merchantCode: string,
      filter: { gameCode?: string | undefined; status?: LotteryDrawStatus | undefined },
      page: { offset: number; limit: number },
    ): Promise<
      Page<
        LotteryDrawRecord & {
          source: 'house' | 'real';
          format: LotteryFormat;
          betCount: number;
          stakeMinor: bigint;
        }
      >
    > {
      let query = drawsQuery()
        .select(['lottery_games.source', 'lottery_games.format'])
        .select((eb) =>
          eb
            .selectFrom('lottery_bets')
            .select(countAll().as('n'))
            .whereRef('lottery_bets.draw_id', '=', 'lottery_draws.id')
            .as('bet_count'),
        )
        .select((eb) =>
          eb
            .selectFrom('lottery_bets')
            .select(sumBigint('stake_minor').as('s'))
            .whereRef('lottery_bets.draw_id', '=', 'lottery_draws.id')
            .as('stake_total'),
        )
        .where('lottery_draws.merchant_code', '=', merchantCode);
      if (filter.gameCode) query = query.where('lottery_games.game_code', '=', filter.gameCode);
      if (filter.status) query = query.where('lottery_draws.status', '=', filter.status);
      const rows = await query
        .orderBy('lottery_draws.draw_at', 'desc')
        .offset(page.offset)
        .limit(page.limit)
        .execute();
      let countQuery = db
        .selectFrom('lottery_draws')
        .innerJoin('lottery_games', 'lottery_games.id', 'lottery_draws.game_id')
        .select(countAll().as('count'))
        .where('lottery_draws.merchant_code', '=', merchantCode);
      if (filter.gameCode)
        countQuery = countQuery.where('lottery_games.game_code', '=', filter.gameCode);
      if (filter.status) countQuery = countQuery.where('lottery_draws.status', '=', filter.status);
      const count = await countQuery.executeTakeFirstOrThrow();
      return {
        list: rows.map((row) => ({
          ...toDraw(row),
          source: row.source,
          format: row.format,
          betCount: row.bet_count ?? 0,
          stakeMinor: row.stake_total ?? 0n,
        })),
        totalCount: Number(count.count),
      };
    },

    /** How many bets a draw has and their stakes. */
    async drawStats(drawId: bigint): Promise<{ betCount: number; stakeMinor: bigint }> {
      const row = await db
        .selectFrom('lottery_bets')
        .select(countAll().as('bet_count'))
        .select(sumBigint('stake_minor').as('stake_total'))
        .where('draw_id', '=', drawId)
        .executeTakeFirstOrThrow();
      return { betCount: row.bet_count, stakeMinor: row.stake_total };
    },

    ...operatorDrawChanges(db),
    /** The merchant's game by code, locked for a change on the caller's transaction. */
    async gameForUpdateWithin(
      executor: Db,
      merchantCode: string,
      gameCode: string,
    ): Promise<LotteryGameRecord | undefined> {
      const row = await executor
        .selectFrom('lottery_games')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .where('game_code', '=', gameCode)
        .forUpdate()
        .executeTakeFirst();
      return row ? toGame(row) : undefined;
    },

    /** Changes a game's schedule and limits on a transaction the caller opened; answers it. */
    async updateGameWithin(
      executor: Db,
      gameId: bigint,
      settings: Pick<
        LotteryGameRecord,
        | 'schedule'
        | 'closeOffsetSeconds'
        | 'minStakeMinor'
        | 'maxStakeMinor'
        | 'maxLiabilityMinor'
        | 'enabled'
      >,
    ): Promise<LotteryGameRecord | undefined> {
      const row = await executor
        .updateTable('lottery_games')
        .set({
          schedule: JSON.stringify(settings.schedule),
          close_offset_seconds: settings.closeOffsetSeconds,
          min_stake_minor: settings.minStakeMinor,
          max_stake_minor: settings.maxStakeMinor,
          max_liability_minor: settings.maxLiabilityMinor,
          enabled: settings.enabled,
        })
        .where('id', '=', gameId)
        .returningAll()
        .executeTakeFirst();
      return row ? toGame(row) : undefined;
    },
    /** The operators' draw changes on a transaction the caller opened (with its audit entry). */
    operatorChangesWithin: (executor: Db) => operatorDrawChanges(executor),
    /** Runs `work` in one database transaction. */
    transaction<T>(work: (executor: Db) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(trx));
    },
  };
}

export type LotteryRepository = ReturnType<typeof createLotteryRepository>;
