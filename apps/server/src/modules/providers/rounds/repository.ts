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
  /** The catalogue's code of the round's game, for its event (null: none). */
  gameCode?: string | null;
}

/** A round to announce as settled, with its game's catalogue code (the caller knows it). */
export interface SettledRound {
  id: bigint;
  gameCode: string | null;
}

/**
 * Appends a `round.settled` event for each of these rounds that is settled, in the transaction
 * that settled them (`executor`). Callers pass only rounds their own statement moved from open
 * to settled, so each round emits once. The game code comes from the caller (the catalogue is
 * the games module's, read through its lookups).
 */
export async function appendRoundsSettled(executor: Db, rounds: readonly SettledRound[]) {
  if (rounds.length === 0) return;
  const gameCodes = new Map(rounds.map((round) => [round.id.toString(), round.gameCode]));
  const result = await sql<{
    id: string;
    merchant_code: string;
    member_id: string;
    vassalage: string;
    game_type: GameCategory;
    round_ref: string;
    currency: string;
    stake_minor: string;
    refunded_minor: string;
    win_minor: string;
    settled_at: Date;
  }>`
    SELECT r.id::text AS id, r.merchant_code, r.member_id::text AS member_id, r.vassalage,
      r.game_type, r.round_ref, r.currency, r.stake_minor::text AS stake_minor,
      r.refunded_minor::text AS refunded_minor, r.win_minor::text AS win_minor,
      coalesce(r.settled_at, now()) AS settled_at
    FROM game_rounds r
    WHERE r.id = ANY(${[...gameCodes.keys()]}::bigint[]) AND r.status = 'settled'
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
          gameCode: gameCodes.get(row.id) ?? null,
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
        // A round whose ref is taken is skipped by the trigger `game_rounds_claim_ref`.
        .execute();
    },

    /**
     * Settles many open rounds of one vassalage and game at once (a lottery settlement chunk):
     * one statement with arrays whatever the number, then their `round.settled` events in one
     * insert. `sharedDetail` is merged into every round's detail (the draw's result), each
     * round's own `detail` after it. Only rounds still open change and announce themselves.
     */
    async settleSetWithin(
      executor: Db,
      input: {
        vassalage: string;
        gameCode: string | null;
        sharedDetail: Record<string, unknown>;
        rounds: readonly { roundRef: string; winMinor: bigint; detail: Record<string, unknown> }[];
      },
    ): Promise<number> {
      if (input.rounds.length === 0) return 0;
      // `= ANY` on the (vassalage, round_ref) index finds just these rounds; a join alone lets
      // the planner hash every open round of the vassalage for each chunk.
      const settled = await sql<{
        merchant_code: string;
        member_id: string;
        game_type: GameCategory;
        round_ref: string;
        currency: string;
        stake_minor: string;
        refunded_minor: string;
        win_minor: string;
        settled_at: Date;
      }>`
        UPDATE game_rounds AS r SET
          status = 'settled', win_minor = v.win_minor,
          detail = r.detail || ${JSON.stringify(input.sharedDetail)}::jsonb || v.detail,
          settled_at = now(), updated_at = now()
        FROM unnest(
          ${input.rounds.map((round) => round.roundRef)}::text[],
          ${input.rounds.map((round) => round.winMinor.toString())}::bigint[],
          ${input.rounds.map((round) => JSON.stringify(round.detail))}::jsonb[]
        ) AS v (round_ref, win_minor, detail)
        WHERE r.vassalage = ${input.vassalage}
          AND r.round_ref = ANY(${input.rounds.map((round) => round.roundRef)}::text[])
          AND r.round_ref = v.round_ref AND r.status = 'open'
        RETURNING r.merchant_code, r.member_id::text AS member_id, r.game_type, r.round_ref,
          r.currency, r.stake_minor::text AS stake_minor, r.refunded_minor::text AS refunded_minor,
          r.win_minor::text AS win_minor, r.settled_at
      `.execute(executor);
      // Announced in the caller's order (the bets' ids), whatever order the update met them in.
      const byRef = new Map(settled.rows.map((row) => [row.round_ref, row]));
      const inOrder = input.rounds.flatMap((round) => byRef.get(round.roundRef) ?? []);
      await appendEvents(
        executor,
        inOrder.map((row) => {
          const validBetMinor = BigInt(row.stake_minor) - BigInt(row.refunded_minor);
          return {
            type: 'round.settled' as const,
            merchantCode: row.merchant_code,
            memberId: BigInt(row.member_id),
            payload: {
              memberId: row.member_id,
              merchantCode: row.merchant_code,
              vassalage: input.vassalage,
              gameCode: input.gameCode,
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
      return settled.rows.length;
    },

    /**
     * Gives back part of open rounds' stakes (a lottery slip's cancelled or voided bets): adds
     * each part to `refunded_minor`, and a round whose whole stake is then refunded is
     * cancelled. One `game.bet-refunded` event per part. Callers pass each part once, in the
     * transaction that refunded it (its bet went from open to cancelled or void there).
     */
    async refundPartsWithin(
      executor: Db,
      input: {
        vassalage: string;
        parts: readonly { roundRef: string; refundMinor: bigint; transactionId: string }[];
      },
    ): Promise<void> {
      const parts = input.parts.filter((part) => part.refundMinor > 0n);
      if (parts.length === 0) return;
      // One round may take several parts in one call: they are summed before the update.
      const totals = new Map<string, bigint>();
      for (const part of parts) {
        totals.set(part.roundRef, (totals.get(part.roundRef) ?? 0n) + part.refundMinor);
      }
      const refunded = await sql<{
        round_ref: string;
        merchant_code: string;
        member_id: string;
        currency: string;
      }>`
        UPDATE game_rounds AS r SET
          refunded_minor = r.refunded_minor + v.refund,
          status = CASE WHEN r.refunded_minor + v.refund >= r.stake_minor THEN 'cancelled' ELSE r.status END,
          settled_at = CASE WHEN r.refunded_minor + v.refund >= r.stake_minor THEN now() ELSE r.settled_at END,
          updated_at = now()
        FROM unnest(
          ${[...totals.keys()]}::text[], ${[...totals.values()].map(String)}::bigint[]
        ) AS v (round_ref, refund)
        WHERE r.vassalage = ${input.vassalage}
          AND r.round_ref = ANY(${[...totals.keys()]}::text[])
          AND r.round_ref = v.round_ref AND r.status = 'open'
        RETURNING r.round_ref, r.merchant_code, r.member_id::text AS member_id, r.currency
      `.execute(executor);
      const byRef = new Map(refunded.rows.map((row) => [row.round_ref, row]));
      await appendEvents(
        executor,
        parts.flatMap((part) => {
          const row = byRef.get(part.roundRef);
          if (!row) return [];
          return [
            {
              type: 'game.bet-refunded' as const,
              merchantCode: row.merchant_code,
              memberId: BigInt(row.member_id),
              payload: {
                memberId: row.member_id,
                vassalage: input.vassalage,
                roundRef: part.roundRef,
                transactionId: part.transactionId,
                currency: row.currency,
                amountMinor: part.refundMinor.toString(),
              },
            },
          ];
        }),
      );
    },

    /** Closes open rounds only: a round already settled or cancelled is left as it is. */
    async closeWithin(executor: Db, outcomes: readonly EngineRoundOutcome[]): Promise<void> {
      if (outcomes.length === 0) return;
      const rows = outcomes.map(
        (outcome) =>
          sql`(${outcome.vassalage}::text, ${outcome.roundRef}::text, ${outcome.status}::text, ${outcome.winMinor.toString()}::bigint, ${outcome.refundedMinor.toString()}::bigint, ${JSON.stringify(outcome.detail ?? {})}::jsonb)`,
      );
      const gameCodeOf = new Map(
        outcomes.map((outcome) => [
          `${outcome.vassalage}\u0000${outcome.roundRef}`,
          outcome.gameCode ?? null,
        ]),
      );
      const closed = await sql<{
        id: string;
        status: string;
        vassalage: string;
        round_ref: string;
        merchant_code: string;
        member_id: string;
        currency: string;
        refunded_minor: string;
      }>`
        UPDATE game_rounds AS r SET
          status = v.status, win_minor = v.win_minor, refunded_minor = v.refunded_minor,
          detail = r.detail || v.detail, settled_at = now(), updated_at = now()
        FROM (VALUES ${sql.join(rows)}) AS v (vassalage, round_ref, status, win_minor, refunded_minor, detail)
        WHERE r.vassalage = v.vassalage AND r.round_ref = v.round_ref AND r.status = 'open'
        RETURNING r.id::text AS id, r.status, r.vassalage, r.round_ref, r.merchant_code,
          r.member_id::text AS member_id, r.currency, r.refunded_minor::text AS refunded_minor
      `.execute(executor);
      // Only rounds this statement closed: a replayed close finds none open and emits nothing.
      await appendRoundsSettled(
        executor,
        closed.rows
          .filter((row) => row.status === 'settled')
          .map((row) => ({
            id: BigInt(row.id),
            gameCode: gameCodeOf.get(`${row.vassalage}\u0000${row.round_ref}`) ?? null,
          })),
      );
      // A stake given back moves the member's balance: the stream hears of it with the close.
      await appendEvents(
        executor,
        closed.rows
          .filter((row) => row.status === 'cancelled' && BigInt(row.refunded_minor) > 0n)
          .map((row) => ({
            type: 'game.bet-refunded' as const,
            merchantCode: row.merchant_code,
            memberId: BigInt(row.member_id),
            payload: {
              memberId: row.member_id,
              vassalage: row.vassalage,
              roundRef: row.round_ref,
              transactionId: row.round_ref,
              currency: row.currency,
              amountMinor: row.refunded_minor,
            },
          })),
      );
    },
  };
}

export type EngineRounds = ReturnType<typeof createEngineRounds>;
