import type { CursorPage } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { type KeysetOrder, keysetPage } from '../../../db/keyset-page.js';
import { countAll, sumBigint } from '../../../db/sql-numbers.js';
import type {
  WithdrawalReceipt,
  WithdrawalStatus,
  WithdrawalVerificationMethod,
} from '../../../db/types.js';
import { caseQueries } from './cases.repository.js';
import { newIpQueries } from './new-ip.repository.js';
import type { ProofImage, ProofImageKind } from './proof-image.js';

export type { WithdrawalCaseRecord } from './cases.repository.js';

export interface BankAccountRecord {
  id: bigint;
  memberId: bigint;
  bankName: string;
  accountNumber: string;
  accountName: string;
}

export interface WithdrawalRecord {
  id: string;
  merchantCode: string;
  memberId: bigint;
  bankAccount: BankAccountRecord;
  amountMinor: bigint;
  currency: string;
  status: WithdrawalStatus;
  holdTransferId: string;
  idempotencyKey: string | null;
  rejectReason: string | null;
  /** Who approved or rejected it (a retry by the same operator replays the decision). */
  resolvedByOperatorId: bigint | null;
  createdAt: Date;
  resolvedAt: Date | null;
  receipt: WithdrawalReceipt | null;
  hasProof: boolean;
  /** Approved and unanswered: when it counts as received. */
  autoReceiveAt: Date | null;
}

export interface WithdrawalSettings {
  minAmountMinor: bigint;
  maxAmountMinor: bigint;
  /** Bets since the last deposit must reach deposit x this; 0 is off. */
  turnoverMultiple: string;
  autoReceiveMinutes: number;
  newIpVerification: WithdrawalVerificationMethod;
  /** Most requests per member in any 24 hours; null: no limit. */
  dailyCountMax: number | null;
  /** Most requested per member in any 24 hours; null: no limit. */
  dailyAmountMaxMinor: bigint | null;
}

/** The window the daily withdrawal limits count in: any 24 hours, not a calendar day. */
export const WITHDRAWAL_DAILY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Bank accounts one member may bind. */
export const BANK_ACCOUNTS_PER_MEMBER_LIMIT = 5;
/** Withdrawals listed at once. */
export const WITHDRAWAL_LIST_LIMIT = 50;
/** Most breaks one reconciliation run reports; past it the job's log would be unreadable. */
export const WITHDRAWAL_BREAKS_LIMIT = 1000;

/** A withdrawal whose row and ledger hold disagree, as reconciliation reports it. */
export interface WithdrawalBreak {
  invariant: 'withdrawal-hold-without-withdrawal' | 'withdrawal-hold-mismatch';
  subject: string;
  detail: string;
}

/** The operator's queue: oldest first; index withdrawals_status_created_idx serves it. */
export const ADMIN_WITHDRAWALS_ORDER: KeysetOrder = {
  name: 'admin-withdrawals',
  keys: [
    { ref: 'w.created_at', type: 'timestamptz' },
    { ref: 'w.id', type: 'uuid' },
  ],
  direction: 'asc',
};

/**
 * Decided withdrawals (approved, rejected): newest first, since an operator looks for what was
 * just decided; the same index, read backwards.
 */
export const ADMIN_DECIDED_WITHDRAWALS_ORDER: KeysetOrder = {
  ...ADMIN_WITHDRAWALS_ORDER,
  name: 'admin-withdrawals-decided',
  direction: 'desc',
};

/** Every query, on the executor it is given (the pool or a transaction). */
function withdrawalQueries(db: Db) {
  const selectWithdrawals = () =>
    db
      .selectFrom('withdrawals as w')
      .innerJoin('member_bank_accounts as b', 'b.id', 'w.bank_account_id')
      .leftJoin('withdrawal_settings as s', 's.merchant_code', 'w.merchant_code')
      .select([
        'w.id',
        'w.merchant_code',
        'w.member_id',
        'w.amount_minor',
        'w.currency',
        'w.status',
        'w.hold_transfer_id',
        'w.idempotency_key',
        'w.reject_reason',
        'w.resolved_by_operator_id',
        'w.created_at',
        'w.resolved_at',
        'w.receipt',
        sql<boolean>`EXISTS (SELECT 1 FROM withdrawal_proofs p WHERE p.withdrawal_id = w.id)`.as(
          'has_proof',
        ),
        sql<Date | null>`CASE WHEN w.status = 'approved' AND w.receipt IS NULL
          THEN w.resolved_at + make_interval(mins => s.auto_receive_minutes) END`.as(
          'auto_receive_at',
        ),
        'b.id as bank_id',
        'b.bank_name',
        'b.account_number',
        'b.account_name',
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof selectWithdrawals>['execute']>>[number];
  const toWithdrawal = (row: Row): WithdrawalRecord => ({
    id: row.id,
    merchantCode: row.merchant_code,
    memberId: row.member_id,
    bankAccount: {
      id: row.bank_id,
      memberId: row.member_id,
      bankName: row.bank_name,
      accountNumber: row.account_number,
      accountName: row.account_name,
    },
    amountMinor: row.amount_minor,
    currency: row.currency,
    status: row.status,
    holdTransferId: row.hold_transfer_id,
    idempotencyKey: row.idempotency_key,
    rejectReason: row.reject_reason,
    resolvedByOperatorId: row.resolved_by_operator_id === null ? null : row.resolved_by_operator_id,
    createdAt: row.created_at,
    resolvedAt: row.resolved_at,
    receipt: row.receipt,
    hasProof: row.has_proof,
    autoReceiveAt: row.auto_receive_at,
  });

  return {
    ...caseQueries(db),
    ...newIpQueries(db),
    async settings(merchantCode: string): Promise<WithdrawalSettings | undefined> {
      const row = await db
        .selectFrom('withdrawal_settings')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .executeTakeFirst();
      return row
        ? {
            minAmountMinor: row.min_amount_minor,
            maxAmountMinor: row.max_amount_minor,
            turnoverMultiple: String(row.turnover_multiple),
            autoReceiveMinutes: row.auto_receive_minutes,
            newIpVerification: row.new_ip_verification,
            dailyCountMax: row.daily_count_max,
            dailyAmountMaxMinor: row.daily_amount_max_minor,
          }
        : undefined;
    },

    async bankAccounts(memberId: bigint): Promise<BankAccountRecord[]> {
      const rows = await db
        .selectFrom('member_bank_accounts')
        .selectAll()
        .where('member_id', '=', memberId)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        memberId: row.member_id,
        bankName: row.bank_name,
        accountNumber: row.account_number,
        accountName: row.account_name,
      }));
    },

    /** Binds an account unless the member is at the limit; the same account twice is one row. */
    async addBankAccount(
      account: Omit<BankAccountRecord, 'id'>,
    ): Promise<BankAccountRecord | 'limit'> {
      const inserted = await sql<{ id: bigint }>`
        INSERT INTO member_bank_accounts (member_id, bank_name, account_number, account_name)
        SELECT ${account.memberId.toString()}::bigint, ${account.bankName}, ${account.accountNumber}, ${account.accountName}
        WHERE (SELECT count(*) FROM member_bank_accounts WHERE member_id = ${account.memberId.toString()}::bigint)
              < ${BANK_ACCOUNTS_PER_MEMBER_LIMIT}
        ON CONFLICT (member_id, bank_name, account_number) DO UPDATE SET account_name = EXCLUDED.account_name
        RETURNING id
      `.execute(db);
      const row = inserted.rows[0];
      return row ? { id: row.id, ...account } : 'limit';
    },

    /**
     * Inserts a pending withdrawal unless the member already used the Idempotency-Key; answers
     * whether it was inserted. A concurrent insert with the same key waits for the other
     * transaction and then answers false, without aborting this transaction.
     */
    /**
     * The member's withdrawals since `sinceMs` that still count (rejected ones do not), after
     * taking a per-member lock held to the end of the caller's transaction, so two requests at
     * once are counted one after the other.
     */
    async recentWithdrawalsLocked(
      memberId: bigint,
      since: Date,
    ): Promise<{ count: number; amountMinor: bigint }> {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`withdrawal-daily:${memberId}`}, 0))`.execute(
        db,
      );
      const row = await db
        .selectFrom('withdrawals')
        .select([countAll().as('count'), sumBigint('amount_minor').as('amount_minor')])
        .where('member_id', '=', memberId)
        .where('created_at', '>=', since)
        .where('status', '<>', 'rejected')
        .executeTakeFirstOrThrow();
      return { count: row.count, amountMinor: row.amount_minor };
    },

    async insertWithdrawal(withdrawal: {
      id: string;
      merchantCode: string;
      memberId: bigint;
      bankAccountId: bigint;
      amountMinor: bigint;
      currency: string;
      holdTransferId: string;
      idempotencyKey: string | null;
    }): Promise<boolean> {
      const inserted = await db
        .insertInto('withdrawals')
        .values({
          id: withdrawal.id,
          merchant_code: withdrawal.merchantCode,
          member_id: withdrawal.memberId.toString(),
          bank_account_id: withdrawal.bankAccountId.toString(),
          amount_minor: withdrawal.amountMinor.toString(),
          currency: withdrawal.currency,
          status: 'pending',
          hold_transfer_id: withdrawal.holdTransferId,
          idempotency_key: withdrawal.idempotencyKey,
        })
        .onConflict((conflict) => conflict.columns(['member_id', 'idempotency_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** Locks the withdrawal's row until the transaction ends (one decision at a time). */
    async lock(id: string): Promise<void> {
      await sql`SELECT 1 FROM withdrawals WHERE id = ${id}::uuid FOR UPDATE`.execute(db);
    },

    async find(id: string): Promise<WithdrawalRecord | undefined> {
      const row = await selectWithdrawals().where('w.id', '=', id).executeTakeFirst();
      return row ? toWithdrawal(row) : undefined;
    },

    async findByKey(memberId: bigint, key: string): Promise<WithdrawalRecord | undefined> {
      const row = await selectWithdrawals()
        .where('w.member_id', '=', memberId)
        .where('w.idempotency_key', '=', key)
        .executeTakeFirst();
      return row ? toWithdrawal(row) : undefined;
    },

    async ofMember(memberId: bigint): Promise<WithdrawalRecord[]> {
      const rows = await selectWithdrawals()
        .where('w.member_id', '=', memberId)
        .orderBy('w.created_at', 'desc')
        .limit(WITHDRAWAL_LIST_LIMIT)
        .execute();
      return rows.map(toWithdrawal);
    },

    /** A keyset page of the merchant's withdrawals of a status, oldest first (the queue). */
    async pageOfMerchant(query: {
      merchantCode: string;
      status: WithdrawalStatus;
      cursor?: string | undefined;
      limit: number;
    }): Promise<CursorPage<WithdrawalRecord>> {
      const page = await keysetPage(
        selectWithdrawals()
          .where('w.merchant_code', '=', query.merchantCode)
          .where('w.status', '=', query.status),
        query.status === 'pending' ? ADMIN_WITHDRAWALS_ORDER : ADMIN_DECIDED_WITHDRAWALS_ORDER,
        query,
      );
      return { items: page.items.map(toWithdrawal), nextCursor: page.nextCursor };
    },

    /**
     * Withdrawals and ledger holds that disagree: a withdrawal hold with no withdrawal, or a
     * withdrawal whose hold is missing or not in its state (pending: held; approved: posted in
     * full; rejected: voided). Reads the ledger's table, never writes it.
     */
    async findBreaks(): Promise<WithdrawalBreak[]> {
      const result = await sql<WithdrawalBreak>`
        (SELECT 'withdrawal-hold-without-withdrawal' AS invariant, t.id AS subject,
           format('%s hold of %s has no withdrawal', t.status, t.amount_minor) AS detail
         FROM ledger_transfers t
         WHERE t.kind = 'pending' AND t.code = 'withdrawal'
           AND NOT EXISTS (SELECT 1 FROM withdrawals w WHERE w.hold_transfer_id = t.id)
         LIMIT ${WITHDRAWAL_BREAKS_LIMIT})
        UNION ALL
        (SELECT 'withdrawal-hold-mismatch', w.id::text,
           format('withdrawal %s of %s; hold %s %s, posted %s', w.status, w.amount_minor,
             coalesce(t.id, 'missing'), coalesce(t.status, '-'), coalesce(t.posted_amount_minor, 0))
         FROM withdrawals w LEFT JOIN ledger_transfers t ON t.id = w.hold_transfer_id
         WHERE t.id IS NULL OR t.kind <> 'pending' OR t.amount_minor <> w.amount_minor
           OR (w.status = 'pending' AND t.status <> 'pending')
           OR (w.status = 'approved' AND (t.status <> 'completed'
               OR t.posted_amount_minor IS DISTINCT FROM w.amount_minor))
           OR (w.status = 'rejected' AND t.status <> 'voided')
         LIMIT ${WITHDRAWAL_BREAKS_LIMIT})
      `.execute(db);
      return result.rows;
    },

    /**
     * Resolves a pending withdrawal once, with its proof when approved; answers false when it
     * was no longer pending. Run it in the decision's transaction (`transaction`), so that the
     * status, the proof, the ledger's payout and the audit entry commit together.
     */
    async resolve(
      id: string,
      outcome: {
        status: 'approved' | 'rejected';
        operatorId: bigint;
        rejectReason: string | null;
        proof?: ProofImage;
      },
    ): Promise<boolean> {
      const result = await db
        .updateTable('withdrawals')
        .set({
          status: outcome.status,
          resolved_by_operator_id: outcome.operatorId.toString(),
          reject_reason: outcome.rejectReason,
          resolved_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      if (outcome.proof) {
        await db
          .insertInto('withdrawal_proofs')
          .values({
            withdrawal_id: id,
            kind: outcome.proof.kind,
            width: outcome.proof.width,
            height: outcome.proof.height,
            bytes: outcome.proof.bytes,
          })
          .execute();
      }
      return true;
    },

    async proof(
      id: string,
    ): Promise<
      { memberId: bigint; merchantCode: string; kind: ProofImageKind; bytes: Buffer } | undefined
    > {
      const row = await db
        .selectFrom('withdrawal_proofs as p')
        .innerJoin('withdrawals as w', 'w.id', 'p.withdrawal_id')
        .select(['w.member_id', 'w.merchant_code', 'p.kind', 'p.bytes'])
        .where('p.withdrawal_id', '=', id)
        .executeTakeFirst();
      return row
        ? {
            memberId: row.member_id,
            merchantCode: row.merchant_code,
            kind: row.kind,
            bytes: row.bytes,
          }
        : undefined;
    },

    /**
     * The player's answer, once, while the auto-receive time has not passed; 'not received'
     * opens the operator's case in the same transaction. False when it could not be recorded.
     */
    async confirm(id: string, memberId: bigint, receipt: 'received' | 'notReceived') {
      return db.transaction().execute(async (trx) => {
        const updated = await sql<{ merchant_code: string }>`
          UPDATE withdrawals w SET receipt = ${receipt}, receipt_at = now()
          FROM withdrawal_settings s
          WHERE w.id = ${id}::uuid AND w.member_id = ${memberId.toString()}::bigint
            AND w.status = 'approved' AND w.receipt IS NULL
            AND s.merchant_code = w.merchant_code
            AND w.resolved_at + make_interval(mins => s.auto_receive_minutes) > now()
          RETURNING w.merchant_code
        `.execute(trx);
        const row = updated.rows[0];
        if (!row) return false;
        if (receipt === 'notReceived') {
          await trx
            .insertInto('withdrawal_cases')
            .values({ merchant_code: row.merchant_code, withdrawal_id: id })
            .execute();
        }
        return true;
      });
    },

    /** Marks approved withdrawals left unanswered past the merchant's minutes as received. */
    async autoReceive(limit: number): Promise<number> {
      const result = await sql`
        UPDATE withdrawals SET receipt = 'autoReceived', receipt_at = now()
        WHERE id IN (
          SELECT w.id FROM withdrawals w
          JOIN withdrawal_settings s ON s.merchant_code = w.merchant_code
          WHERE w.status = 'approved' AND w.receipt IS NULL
            AND w.resolved_at + make_interval(mins => s.auto_receive_minutes) <= now()
          ORDER BY w.resolved_at LIMIT ${limit}
          FOR UPDATE OF w SKIP LOCKED
        ) AND receipt IS NULL
      `.execute(db);
      return Number(result.numAffectedRows ?? 0n);
    },
  };
}

export type WithdrawalQueries = ReturnType<typeof withdrawalQueries>;

export interface WithdrawalRepository extends WithdrawalQueries {
  /**
   * Runs `work` in one database transaction: `queries` write this module's rows and `executor`
   * lets the ledger (and the caller's audit entry) join the same transaction.
   */
  transaction<T>(work: (queries: WithdrawalQueries, executor: Db) => Promise<T>): Promise<T>;
}

export function createWithdrawalRepository(db: Db): WithdrawalRepository {
  return {
    ...withdrawalQueries(db),
    transaction: (work) => db.transaction().execute((trx) => work(withdrawalQueries(trx), trx)),
  };
}
