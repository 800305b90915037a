import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { GameRoundStatus, GameWalletTransactionKind } from '../../../db/types.js';

/** The first answer of a provider transaction, replayed to every repeat. */
export type StoredAnswer =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; status: number; errorCode: string };

export interface GameSession {
  idHash: string;
  merchantCode: string;
  memberId: bigint;
  vassalage: string;
  nodeId: bigint;
  roomId: string | null;
  language: string;
  currency: string;
  lastUsedAt: Date;
}

export interface WalletTransaction {
  vassalage: string;
  transactionId: string;
  kind: GameWalletTransactionKind;
  memberId: bigint;
  roundRef: string;
  refTransactionId: string | null;
  amountMinor: bigint;
  fingerprint: string;
  answer: StoredAnswer | null;
  refundedBy: string | null;
}

export interface GameRound {
  id: bigint;
  memberId: bigint;
  nodeId: bigint | null;
  status: GameRoundStatus;
  stakeMinor: bigint;
  winMinor: bigint;
  refundedMinor: bigint;
}

/** An accepted bet or win with an amount, and the ledger transfer that should carry it. */
export interface AcceptedMove {
  vassalage: string;
  transactionId: string;
  ledgerTransferId: string | null;
  amountMinor: bigint;
}

/** A broken agreement between the rounds and the transactions behind them. */
export interface RoundBreak {
  vassalage: string;
  roundRef: string;
  detail: string;
}

function toSession(row: {
  id_hash: string;
  merchant_code: string;
  member_id: bigint;
  vassalage: string;
  node_id: bigint;
  room_id: string | null;
  language: string;
  currency: string;
  last_used_at: Date;
}): GameSession {
  return {
    idHash: row.id_hash,
    merchantCode: row.merchant_code,
    memberId: row.member_id,
    vassalage: row.vassalage,
    nodeId: row.node_id,
    roomId: row.room_id,
    language: row.language,
    currency: row.currency,
    lastUsedAt: row.last_used_at,
  };
}

function seamlessQueries(db: Db) {
  return {
    /** Spends a launch token of this provider once (unused, unexpired); answers what it launched. */
    async spendLaunchToken(tokenHash: string, vassalage: string, now: Date) {
      const row = await db
        .updateTable('game_launch_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('vassalage', '=', vassalage)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning([
          'merchant_code',
          'member_id',
          'node_id',
          'vassalage',
          'room_id',
          'language',
          'currency',
        ])
        .executeTakeFirst();
      return row
        ? {
            merchantCode: row.merchant_code,
            memberId: row.member_id,
            nodeId: row.node_id,
            vassalage: row.vassalage,
            roomId: row.room_id,
            language: row.language,
            currency: row.currency,
          }
        : undefined;
    },

    async insertSession(session: Omit<GameSession, 'lastUsedAt'>, now: Date): Promise<void> {
      await db
        .insertInto('game_sessions')
        .values({
          id_hash: session.idHash,
          merchant_code: session.merchantCode,
          member_id: session.memberId.toString(),
          vassalage: session.vassalage,
          node_id: session.nodeId.toString(),
          room_id: session.roomId,
          language: session.language,
          currency: session.currency,
          last_used_at: now,
        })
        .execute();
    },

    async findSession(idHash: string): Promise<GameSession | undefined> {
      const row = await db
        .selectFrom('game_sessions')
        .selectAll()
        .where('id_hash', '=', idHash)
        .executeTakeFirst();
      return row ? toSession(row) : undefined;
    },

    /** When the session was last used (undefined: no such session). */
    async sessionLastUsedAt(idHash: string): Promise<Date | undefined> {
      const row = await db
        .selectFrom('game_sessions')
        .select('last_used_at')
        .where('id_hash', '=', idHash)
        .executeTakeFirst();
      return row?.last_used_at;
    },

    /** Marks a session used; written only when the last mark is older than `olderThan`. */
    async touchSession(idHash: string, now: Date, olderThan: Date): Promise<void> {
      await db
        .updateTable('game_sessions')
        .set({ last_used_at: now })
        .where('id_hash', '=', idHash)
        .where('last_used_at', '<', olderThan)
        .execute();
    },

    /**
     * Claims a transaction id: inserts its row unless the id exists. A concurrent claim of the
     * same id waits on this row's transaction, then finds it: one id is carried out once.
     */
    async claimTransaction(row: {
      vassalage: string;
      transactionId: string;
      kind: GameWalletTransactionKind;
      merchantCode: string;
      memberId: bigint;
      roundRef: string;
      refTransactionId: string | null;
      amountMinor: bigint;
      fingerprint: string;
    }): Promise<boolean> {
      const inserted = await db
        .insertInto('game_wallet_transactions')
        .values({
          vassalage: row.vassalage,
          transaction_id: row.transactionId,
          kind: row.kind,
          merchant_code: row.merchantCode,
          member_id: row.memberId.toString(),
          round_ref: row.roundRef,
          ref_transaction_id: row.refTransactionId,
          amount_minor: row.amountMinor,
          fingerprint: row.fingerprint,
        })
        .onConflict((conflict) => conflict.columns(['vassalage', 'transaction_id']).doNothing())
        .returning('transaction_id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async findTransaction(
      vassalage: string,
      transactionId: string,
      options: { lock?: boolean } = {},
    ): Promise<WalletTransaction | undefined> {
      let query = db
        .selectFrom('game_wallet_transactions')
        .selectAll()
        .where('vassalage', '=', vassalage)
        .where('transaction_id', '=', transactionId);
      if (options.lock) query = query.forUpdate();
      const row = await query.executeTakeFirst();
      if (!row) return undefined;
      return {
        vassalage: row.vassalage,
        transactionId: row.transaction_id,
        kind: row.kind,
        memberId: row.member_id,
        roundRef: row.round_ref,
        refTransactionId: row.ref_transaction_id,
        amountMinor: row.amount_minor,
        fingerprint: row.fingerprint,
        answer: (row.answer as StoredAnswer | null) ?? null,
        refundedBy: row.refunded_by,
      };
    },

    async saveAnswer(
      vassalage: string,
      transactionId: string,
      answer: StoredAnswer,
      ledgerTransferId: string | null,
    ): Promise<void> {
      await db
        .updateTable('game_wallet_transactions')
        .set({
          answer_status: answer.ok ? 200 : answer.status,
          answer: JSON.stringify(answer),
          ledger_transfer_id: ledgerTransferId,
        })
        .where('vassalage', '=', vassalage)
        .where('transaction_id', '=', transactionId)
        .execute();
    },

    async markRefunded(vassalage: string, betId: string, rollbackId: string): Promise<void> {
      await db
        .updateTable('game_wallet_transactions')
        .set({ refunded_by: rollbackId })
        .where('vassalage', '=', vassalage)
        .where('transaction_id', '=', betId)
        .execute();
    },

    /** The round, locked for this transaction; created (open, empty) first when `create` is given. */
    async lockRound(
      vassalage: string,
      roundRef: string,
      create?: {
        merchantCode: string;
        memberId: bigint;
        nodeId: bigint;
        gameType: string;
        currency: string;
      },
    ): Promise<GameRound | undefined> {
      if (create) {
        await db
          .insertInto('game_rounds')
          .values({
            merchant_code: create.merchantCode,
            member_id: create.memberId.toString(),
            vassalage,
            node_id: create.nodeId.toString(),
            game_type: create.gameType as never,
            round_ref: roundRef,
            currency: create.currency,
          })
          // A round whose ref is taken is skipped by the trigger `game_rounds_claim_ref`.
          .execute();
      }
      const row = await db
        .selectFrom('game_rounds')
        .select([
          'id',
          'member_id',
          'node_id',
          'status',
          'stake_minor',
          'win_minor',
          'refunded_minor',
        ])
        .where('vassalage', '=', vassalage)
        .where('round_ref', '=', roundRef)
        .forUpdate()
        .executeTakeFirst();
      return row
        ? {
            id: row.id,
            memberId: row.member_id,
            nodeId: row.node_id === null ? null : row.node_id,
            status: row.status,
            stakeMinor: row.stake_minor,
            winMinor: row.win_minor,
            refundedMinor: row.refunded_minor,
          }
        : undefined;
    },

    /** Adds to a round's sums, merges the provider's detail, sets its status. */
    async updateRound(
      roundId: bigint,
      change: {
        stakeMinor?: bigint;
        winMinor?: bigint;
        refundedMinor?: bigint;
        status: GameRoundStatus;
        detail?: Record<string, unknown>;
      },
    ): Promise<void> {
      await db
        .updateTable('game_rounds')
        .set({
          stake_minor: sql`stake_minor + ${(change.stakeMinor ?? 0n).toString()}::bigint`,
          win_minor: sql`win_minor + ${(change.winMinor ?? 0n).toString()}::bigint`,
          refunded_minor: sql`refunded_minor + ${(change.refundedMinor ?? 0n).toString()}::bigint`,
          status: change.status,
          detail: change.detail
            ? sql`detail || ${JSON.stringify(change.detail)}::jsonb`
            : sql`detail`,
          settled_at: change.status === 'open' ? null : sql`coalesce(settled_at, now())`,
          updated_at: sql`now()`,
        })
        .where('id', '=', roundId)
        .execute();
    },

    /**
     * Runs `work` under a savepoint: when it throws, what it wrote is undone and the
     * surrounding transaction stays usable (to store a refusal as the first answer).
     */
    async attempt<T>(work: () => Promise<T>): Promise<T> {
      await sql`SAVEPOINT seamless_work`.execute(db);
      try {
        const result = await work();
        await sql`RELEASE SAVEPOINT seamless_work`.execute(db);
        return result;
      } catch (error) {
        await sql`ROLLBACK TO SAVEPOINT seamless_work`.execute(db);
        throw error;
      }
    },
  };
}

export type SeamlessQueries = ReturnType<typeof seamlessQueries>;

export function createSeamlessRepository(db: Db) {
  return {
    ...seamlessQueries(db),
    /** Runs `work` in one database transaction; `executor` lets the ledger join it. */
    transaction<T>(work: (queries: SeamlessQueries, executor: Db) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(seamlessQueries(trx), trx));
    },

    /**
     * Rounds whose sums disagree with the accepted transactions behind them (each accepted bet
     * adds to the stake, each refunded bet to the refunds, each accepted win to the wins).
     */
    async roundBreaks(): Promise<RoundBreak[]> {
      const result = await sql<{ vassalage: string; round_ref: string; detail: string }>`
        WITH sums AS (
          SELECT vassalage, round_ref,
            coalesce(sum(amount_minor) FILTER (WHERE kind = 'bet' AND answer_status = 200), 0) AS stake,
            coalesce(sum(amount_minor) FILTER (WHERE kind = 'bet' AND answer_status = 200
              AND refunded_by IS NOT NULL), 0) AS refunded,
            coalesce(sum(amount_minor) FILTER (WHERE kind = 'win' AND answer_status = 200), 0) AS win
          FROM game_wallet_transactions GROUP BY vassalage, round_ref
        )
        SELECT r.vassalage, r.round_ref,
          format('round stake %s win %s refunded %s; transactions stake %s win %s refunded %s',
            r.stake_minor, r.win_minor, r.refunded_minor,
            coalesce(s.stake, 0), coalesce(s.win, 0), coalesce(s.refunded, 0)) AS detail
        FROM game_rounds r LEFT JOIN sums s USING (vassalage, round_ref)
        -- Rounds of engines that pay through the ledger themselves (the lottery) have no
        -- transactions here; a round with transactions is checked whatever its detail says.
        WHERE NOT (r.detail ? 'engine' AND s.round_ref IS NULL) AND (r.stake_minor <> coalesce(s.stake, 0) OR r.win_minor <> coalesce(s.win, 0)
          OR r.refunded_minor <> coalesce(s.refunded, 0))
      `.execute(db);
      return result.rows.map((row) => ({
        vassalage: row.vassalage,
        roundRef: row.round_ref,
        detail: row.detail,
      }));
    },

    /**
     * A page of the accepted money moves (bets and wins above 0) after `after`, in key order,
     * with the ledger transfer each names: the reconciliation asks the ledger for those.
     */
    async acceptedMoves(
      after: { vassalage: string; transactionId: string } | undefined,
      limit: number,
    ): Promise<AcceptedMove[]> {
      let query = db
        .selectFrom('game_wallet_transactions')
        .select(['vassalage', 'transaction_id', 'ledger_transfer_id', 'amount_minor'])
        .where('answer_status', '=', 200)
        .where('kind', 'in', ['bet', 'win'])
        .where('amount_minor', '>', 0n)
        .orderBy('vassalage')
        .orderBy('transaction_id')
        .limit(limit);
      if (after) {
        query = query.where(
          sql<boolean>`(vassalage, transaction_id) > (${after.vassalage}, ${after.transactionId})`,
        );
      }
      const rows = await query.execute();
      return rows.map((row) => ({
        vassalage: row.vassalage,
        transactionId: row.transaction_id,
        ledgerTransferId: row.ledger_transfer_id,
        amountMinor: row.amount_minor,
      }));
    },
  };
}

export type SeamlessRepository = ReturnType<typeof createSeamlessRepository>;
