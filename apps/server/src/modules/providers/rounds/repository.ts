import type { GameCategory } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { appendEvents } from '../../events/index.js';

/** A round opened by an in-house engine that pays through the ledger itself (the lottery). */
export interface EngineRound {
  merchantCode: string;
  memberId: bigint;
  vassalage: string;
  nodeId: bigint | null;
  gameType: GameCategory;
  roundRef: string;
  currency: string;
  stakeMinor: bigint;
  detail: Record<string, unknown>;
}

/** How an engine round ended: settled (win, perhaps 0) or cancelled (stake refunded). */
export interface EngineRoundOutcome {
  vassalage: string;
  roundRef: string;
  status: 'settled' | 'cancelled';
  winMinor: bigint;
  refundedMinor: bigint;
  detail?: Record<string, unknown>;
}

/**
 * Appends a `round.settled` event for each of these rounds that is settled, in the transaction
 * that settled them (`executor`). Callers pass only rounds their own statement moved from open
 * to settled, so each round emits once.
 */
export async function appendRoundsSettled(executor: Db, roundIds: readonly bigint[]) {
  if (roundIds.length === 0) return;
  const result = await sql<{
    merchant_code: string;
    member_id: string;
    vassalage: string;
    game_code: string | null;
    game_type: GameCategory;
    round_ref: string;
    currency: string;
    stake_minor: string;
    refunded_minor: string;
    win_minor: string;
    settled_at: Date;
  }>`
    SELECT r.merchant_code, r.member_id::text AS member_id, r.vassalage, g.game_code,
      r.game_type, r.round_ref, r.currency, r.stake_minor::text AS stake_minor,
      r.refunded_minor::text AS refunded_minor, r.win_minor::text AS win_minor,
      coalesce(r.settled_at, now()) AS settled_at
    FROM game_rounds r LEFT JOIN games g ON g.node_id = r.node_id
    WHERE r.id = ANY(${roundIds.map(String)}::bigint[]) AND r.status = 'settled'
    ORDER BY r.id
  `.execute(executor);
  await appendEvents(
    executor,
    result.rows.map((row) => {
      const validBetMinor = BigInt(row.stake_minor) - BigInt(row.refunded_minor);
      return {
        type: 'round.settled' as const,
        merchantCode: row.merchant_code,
        memberId: BigInt(row.member_id),
        payload: {
          memberId: row.member_id,
          merchantCode: row.merchant_code,
          vassalage: row.vassalage,
          gameCode: row.game_code,
          gameCategory: row.game_type,
          roundRef: row.round_ref,
          currency: row.currency,
          stakeMinor: row.stake_minor,
          validBetMinor: (validBetMinor > 0n ? validBetMinor : 0n).toString(),
          winMinor: row.win_minor,
          settledAt: new Date(row.settled_at).toISOString(),
        },
      };
    }),
  );
}

/**
 * `game_rounds` writes for engines that move money through the ledger themselves rather than
 * through the seamless wallet (the lottery): run in the engine's own transaction (`executor`),
 * so a round commits or rolls back with its bet. The module `game-records` reads them like any
 * other round. Rows carry `detail.engine`: the seamless round check skips such rounds when no
 * seamless transaction stands behind them.
 */
export function createEngineRounds() {
  return {
    async openWithin(executor: Db, rounds: readonly EngineRound[]): Promise<void> {
      if (rounds.length === 0) return;
      await executor
        .insertInto('game_rounds')
        .values(
          rounds.map((round) => ({
            merchant_code: round.merchantCode,
            member_id: round.memberId.toString(),
            vassalage: round.vassalage,
            node_id: round.nodeId?.toString() ?? null,
            game_type: round.gameType,
            round_ref: round.roundRef,
            currency: round.currency,
            stake_minor: round.stakeMinor.toString(),
            detail: JSON.stringify(round.detail),
          })),
        )
        .onConflict((conflict) => conflict.columns(['vassalage', 'round_ref']).doNothing())
        .execute();
    },

    /** Closes open rounds only: a round already settled or cancelled is left as it is. */
    async closeWithin(executor: Db, outcomes: readonly EngineRoundOutcome[]): Promise<void> {
      if (outcomes.length === 0) return;
      const rows = outcomes.map(
        (outcome) =>
          sql`(${outcome.vassalage}::text, ${outcome.roundRef}::text, ${outcome.status}::text, ${outcome.winMinor.toString()}::bigint, ${outcome.refundedMinor.toString()}::bigint, ${JSON.stringify(outcome.detail ?? {})}::jsonb)`,
      );
      const closed = await sql<{ id: string; status: string }>`
        UPDATE game_rounds AS r SET
          status = v.status, win_minor = v.win_minor, refunded_minor = v.refunded_minor,
          detail = r.detail || v.detail, settled_at = now(), updated_at = now()
        FROM (VALUES ${sql.join(rows)}) AS v (vassalage, round_ref, status, win_minor, refunded_minor, detail)
        WHERE r.vassalage = v.vassalage AND r.round_ref = v.round_ref AND r.status = 'open'
        RETURNING r.id::text AS id, r.status
      `.execute(executor);
      // Only rounds this statement closed: a replayed close finds none open and emits nothing.
      await appendRoundsSettled(
        executor,
        closed.rows.filter((row) => row.status === 'settled').map((row) => BigInt(row.id)),
      );
    },
  };
}

export type EngineRounds = ReturnType<typeof createEngineRounds>;
