import type { GameCategory } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

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
 * `game_rounds` writes for engines that move money through the ledger themselves rather than
 * through the seamless wallet (the lottery): run in the engine's own transaction (`executor`),
 * so a round commits or rolls back with its bet. The module `game-records` reads them like any
 * other round. Rows carry `detail.engine`, which the seamless round check skips.
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
      await sql`
        UPDATE game_rounds AS r SET
          status = v.status, win_minor = v.win_minor, refunded_minor = v.refunded_minor,
          detail = r.detail || v.detail, settled_at = now(), updated_at = now()
        FROM (VALUES ${sql.join(rows)}) AS v (vassalage, round_ref, status, win_minor, refunded_minor, detail)
        WHERE r.vassalage = v.vassalage AND r.round_ref = v.round_ref AND r.status = 'open'
      `.execute(executor);
    },
  };
}

export type EngineRounds = ReturnType<typeof createEngineRounds>;
