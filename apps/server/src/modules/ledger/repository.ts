import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { createLedgerReads } from './reads/repository.js';
import type {
  LedgerAccount,
  LedgerAsset,
  LedgerEntry,
  LedgerTransfer,
  LedgerTransferStatus,
} from './types.js';

interface AccountRow {
  id: bigint;
  merchant_code: string;
  currency: string;
  asset: LedgerAsset;
  owner_kind: 'member' | 'system';
  member_id: bigint | null;
  code: string | null;
  balance_minor: bigint;
  held_minor: bigint;
}

function toAccount(row: AccountRow): LedgerAccount {
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    currency: row.currency,
    asset: row.asset,
    ownerKind: row.owner_kind,
    memberId: row.member_id,
    code: row.code,
    balanceMinor: row.balance_minor,
    heldMinor: row.held_minor,
  };
}

const transferColumns = [
  'id',
  'merchant_code',
  'debit_account_id',
  'credit_account_id',
  'amount_minor',
  'code',
  'reference',
  'kind',
  'status',
  'pending_id',
  'posted_amount_minor',
  'expires_at',
  'created_at',
] as const;

function toTransfer(row: {
  id: string;
  merchant_code: string;
  debit_account_id: bigint;
  credit_account_id: bigint;
  amount_minor: bigint;
  code: string;
  reference: string;
  kind: LedgerTransfer['kind'];
  status: LedgerTransferStatus;
  pending_id: string | null;
  posted_amount_minor: bigint | null;
  expires_at: Date | null;
  created_at: Date;
}): LedgerTransfer {
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    debitAccountId: row.debit_account_id,
    creditAccountId: row.credit_account_id,
    amountMinor: row.amount_minor,
    code: row.code,
    reference: row.reference,
    kind: row.kind,
    status: row.status,
    pendingId: row.pending_id,
    postedAmountMinor: row.posted_amount_minor,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  };
}

interface SingleTransferRow {
  id: string;
  debitAccountId: bigint;
  creditAccountId: bigint;
  amountMinor: bigint;
  code: string;
  reference: string;
}

type SingleTransferOutcome = { createdAt: Date; merchantCode: string } | 'exists' | 'insufficient';

function createLedgerQueries(db: Db) {
  /**
   * A posted transfer in one statement (see the `ledger_post_single_transfer` migration):
   * answers its creation time, 'exists' when the id was already used, or 'insufficient'.
   */
  async function postSingleTransfer(transfer: SingleTransferRow): Promise<SingleTransferOutcome> {
    try {
      const result = await sql<{ o_created_at: Date | null; o_merchant_code: string }>`
        SELECT * FROM ledger_post_single_transfer(
          ${transfer.id}, ${transfer.debitAccountId.toString()}::bigint,
          ${transfer.creditAccountId.toString()}::bigint, ${transfer.amountMinor.toString()}::bigint,
          ${transfer.code}, ${transfer.reference})
      `.execute(db);
      const row = result.rows[0];
      if (!row?.o_created_at) return 'exists';
      return { createdAt: row.o_created_at, merchantCode: row.o_merchant_code };
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'LDG01') return 'insufficient';
      if (code === 'LDG02')
        throw new Error(`ledger transfer ${transfer.id}: accounts do not match`);
      throw error;
    }
  }

  return {
    async ensureMemberAccount(input: {
      merchantCode: string;
      memberId: bigint;
      asset: LedgerAsset;
      currency: string;
      /** 'main' unless a vendor's transfer wallet. */
      wallet: string;
    }): Promise<bigint> {
      await db
        .insertInto('ledger_accounts')
        .values({
          merchant_code: input.merchantCode,
          currency: input.currency,
          asset: input.asset,
          owner_kind: 'member',
          member_id: input.memberId.toString(),
          wallet: input.wallet,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['member_id', 'asset', 'currency', 'wallet'])
            .where('member_id', 'is not', null)
            .doNothing(),
        )
        .execute();
      const row = await db
        .selectFrom('ledger_accounts')
        .select('id')
        .where('member_id', '=', input.memberId)
        .where('asset', '=', input.asset)
        .where('currency', '=', input.currency)
        .where('wallet', '=', input.wallet)
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async ensureSystemAccount(input: {
      merchantCode: string;
      code: string;
      asset: LedgerAsset;
      currency: string;
      shard: number;
    }): Promise<bigint> {
      await db
        .insertInto('ledger_accounts')
        .values({
          merchant_code: input.merchantCode,
          currency: input.currency,
          asset: input.asset,
          owner_kind: 'system',
          code: input.code,
          shard: input.shard,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['merchant_code', 'code', 'asset', 'currency', 'shard'])
            .where('code', 'is not', null)
            .doNothing(),
        )
        .execute();
      const row = await db
        .selectFrom('ledger_accounts')
        .select('id')
        .where('merchant_code', '=', input.merchantCode)
        .where('code', '=', input.code)
        .where('asset', '=', input.asset)
        .where('currency', '=', input.currency)
        .where('shard', '=', input.shard)
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async findAccounts(ids: readonly bigint[]): Promise<LedgerAccount[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('ledger_accounts')
        .select([
          'id',
          'merchant_code',
          'currency',
          'asset',
          'owner_kind',
          'member_id',
          'code',
          'balance_minor',
          'held_minor',
        ])
        .where('id', 'in', [...ids])
        .execute();
      return rows.map(toAccount);
    },

    postSingleTransfer,

    /**
     * `postSingleTransfer` inside a transaction someone else opened: under a savepoint, so that
     * a refusal ('insufficient') leaves the caller's transaction usable.
     */
    async postSingleTransferInTransaction(
      transfer: SingleTransferRow,
    ): Promise<SingleTransferOutcome> {
      await sql`SAVEPOINT ledger_post_single`.execute(db);
      const outcome = await postSingleTransfer(transfer);
      if (outcome === 'insufficient') {
        await sql`ROLLBACK TO SAVEPOINT ledger_post_single`.execute(db);
      } else {
        await sql`RELEASE SAVEPOINT ledger_post_single`.execute(db);
      }
      return outcome;
    },

    /**
     * Posted transfers in one statement (see the `ledger_post_transfer_batch` migration): for
     * each, in order, 'posted' with its creation time, or 'exists', 'insufficient', 'invalid'.
     */
    async postTransferBatch(
      transfers: readonly {
        id: string;
        debitAccountId: bigint;
        creditAccountId: bigint;
        amountMinor: bigint;
        code: string;
        reference: string;
      }[],
    ): Promise<
      (
        | { outcome: 'posted'; createdAt: Date; merchantCode: string }
        | { outcome: 'exists' | 'insufficient' | 'invalid' }
      )[]
    > {
      const column = <T>(pick: (transfer: (typeof transfers)[number]) => T) => transfers.map(pick);
      const result = await sql<{
        o_index: number;
        o_outcome: 'posted' | 'exists' | 'insufficient' | 'invalid';
        o_created_at: Date | null;
        o_merchant_code: string | null;
      }>`
        SELECT * FROM ledger_post_transfer_batch(
          ${column((t) => t.id)}::text[],
          ${column((t) => t.debitAccountId.toString())}::bigint[],
          ${column((t) => t.creditAccountId.toString())}::bigint[],
          ${column((t) => t.amountMinor.toString())}::bigint[],
          ${column((t) => t.code)}::text[],
          ${column((t) => t.reference)}::text[])
      `.execute(db);
      const byIndex = new Map(result.rows.map((row) => [row.o_index, row]));
      return transfers.map((_, index) => {
        const row = byIndex.get(index + 1);
        if (!row) throw new Error('ledger batch answered fewer rows than transfers');
        return row.o_outcome === 'posted' && row.o_created_at && row.o_merchant_code
          ? { outcome: 'posted', createdAt: row.o_created_at, merchantCode: row.o_merchant_code }
          : { outcome: row.o_outcome === 'posted' ? 'invalid' : row.o_outcome };
      });
    },

    /**
     * Posted transfers as one set (see the `ledger_post_transfer_set` migration): per input, in
     * order, 'posted' or 'exists'. A member account that cannot cover its part answers
     * 'insufficient' for the whole set, and nothing moved.
     */
    async postTransferSet(
      transfers: readonly SingleTransferRow[],
    ): Promise<('posted' | 'exists')[] | 'insufficient'> {
      const column = <T>(pick: (transfer: SingleTransferRow) => T) => transfers.map(pick);
      try {
        const result = await sql<{ o_index: number; o_outcome: 'posted' | 'exists' }>`
          SELECT * FROM ledger_post_transfer_set(
            ${column((t) => t.id)}::text[],
            ${column((t) => t.debitAccountId.toString())}::bigint[],
            ${column((t) => t.creditAccountId.toString())}::bigint[],
            ${column((t) => t.amountMinor.toString())}::bigint[],
            ${column((t) => t.code)}::text[],
            ${column((t) => t.reference)}::text[])
        `.execute(db);
        if (result.rows.length !== transfers.length) {
          throw new Error('ledger set answered another number of rows than transfers');
        }
        return result.rows.map((row) => row.o_outcome);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'LDG01') return 'insufficient';
        if (code === 'LDG02') throw new Error('ledger transfer set: accounts do not match');
        throw error;
      }
    },

    /** The transfers of these ids that exist. */
    async findTransfers(ids: readonly string[]): Promise<LedgerTransfer[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('ledger_transfers')
        .select(transferColumns)
        .where('id', '=', sql<string>`ANY(${[...ids]}::text[])`)
        .execute();
      return rows.map(toTransfer);
    },

    /** The main or vendor account of each member (made when missing), by member id. */
    async ensureMemberAccounts(input: {
      merchantCode: string;
      memberIds: readonly bigint[];
      asset: LedgerAsset;
      currency: string;
      wallet: string;
    }): Promise<Map<bigint, bigint>> {
      if (input.memberIds.length === 0) return new Map();
      const memberIds = input.memberIds.map((id) => id.toString());
      await sql`
        INSERT INTO ledger_accounts (merchant_code, currency, asset, owner_kind, member_id, wallet)
        SELECT ${input.merchantCode}, ${input.currency}, ${input.asset}, 'member', m.id, ${input.wallet}
        FROM unnest(${memberIds}::bigint[]) AS m (id)
        ON CONFLICT (member_id, asset, currency, wallet) WHERE member_id IS NOT NULL DO NOTHING
      `.execute(db);
      const rows = await sql<{ id: bigint; member_id: bigint }>`
        SELECT id, member_id FROM ledger_accounts
        WHERE member_id = ANY(${memberIds}::bigint[]) AND asset = ${input.asset}
          AND currency = ${input.currency} AND wallet = ${input.wallet}
      `.execute(db);
      return new Map(rows.rows.map((row) => [row.member_id, row.id]));
    },

    /** Inserts the transfer unless its id exists; answers whether it was inserted. */
    async insertTransfer(transfer: Omit<LedgerTransfer, 'createdAt'>): Promise<boolean> {
      const inserted = await db
        .insertInto('ledger_transfers')
        .values({
          id: transfer.id,
          merchant_code: transfer.merchantCode,
          debit_account_id: transfer.debitAccountId.toString(),
          credit_account_id: transfer.creditAccountId.toString(),
          amount_minor: transfer.amountMinor.toString(),
          code: transfer.code,
          reference: transfer.reference,
          kind: transfer.kind,
          status: transfer.status,
          pending_id: transfer.pendingId,
          posted_amount_minor: transfer.postedAmountMinor?.toString() ?? null,
          expires_at: transfer.expiresAt,
          resolved_at: transfer.kind === 'pending' ? null : new Date(),
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** The amounts of the transfers of these ids that exist. */
    async transferAmounts(ids: readonly string[]): Promise<Map<string, bigint>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('ledger_transfers')
        .select(['id', 'amount_minor'])
        .where('id', 'in', [...ids])
        .execute();
      return new Map(rows.map((row) => [row.id, row.amount_minor]));
    },

    async findTransfer(id: string, options: { lock?: boolean } = {}) {
      let query = db.selectFrom('ledger_transfers').select(transferColumns).where('id', '=', id);
      if (options.lock) query = query.forUpdate();
      const row = await query.executeTakeFirst();
      return row ? toTransfer(row) : undefined;
    },

    /**
     * Moves a balance by `deltaMinor` in one conditional statement: a member account is moved
     * down only while its available balance covers the move. Answers the balance after, or
     * undefined when the funds are not there.
     */
    async moveBalance(accountId: bigint, deltaMinor: bigint): Promise<bigint | undefined> {
      const result = await sql<{ balance_minor: bigint }>`
        UPDATE ledger_accounts SET balance_minor = balance_minor + ${deltaMinor.toString()}::bigint
        WHERE id = ${accountId.toString()}
          AND (owner_kind <> 'member' OR ${deltaMinor.toString()}::bigint >= 0
               OR balance_minor - held_minor + ${deltaMinor.toString()}::bigint >= 0)
        RETURNING balance_minor
      `.execute(db);
      const row = result.rows[0];
      return row ? row.balance_minor : undefined;
    },

    /** Holds more (positive delta, only if available) or releases a hold (negative delta). */
    async moveHold(accountId: bigint, deltaMinor: bigint): Promise<boolean> {
      const result = await sql`
        UPDATE ledger_accounts SET held_minor = held_minor + ${deltaMinor.toString()}::bigint
        WHERE id = ${accountId.toString()}
          AND held_minor + ${deltaMinor.toString()}::bigint >= 0
          AND (owner_kind <> 'member' OR ${deltaMinor.toString()}::bigint <= 0
               OR balance_minor - held_minor - ${deltaMinor.toString()}::bigint >= 0)
      `.execute(db);
      return Number(result.numAffectedRows ?? 0) === 1;
    },

    async insertEntries(entries: readonly LedgerEntry[]): Promise<void> {
      if (entries.length === 0) return;
      await db
        .insertInto('ledger_entries')
        .values(
          entries.map((entry) => ({
            transfer_id: entry.transferId,
            merchant_code: entry.merchantCode,
            account_id: entry.accountId.toString(),
            amount_minor: entry.amountMinor.toString(),
            balance_after_minor: entry.balanceAfterMinor.toString(),
          })),
        )
        .execute();
    },

    async resolvePending(
      id: string,
      status: Extract<LedgerTransferStatus, 'completed' | 'voided' | 'expired'>,
      postedAmountMinor: bigint,
    ): Promise<void> {
      await db
        .updateTable('ledger_transfers')
        .set({
          status,
          posted_amount_minor: postedAmountMinor.toString(),
          resolved_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    async expiredPendingIds(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('ledger_transfers')
        .select('id')
        .where('status', '=', 'pending')
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    // What members and the reconciliation read (reads/repository.ts).
    ...createLedgerReads(db),
  };
}

export type LedgerQueries = ReturnType<typeof createLedgerQueries>;

export interface LedgerRepository extends LedgerQueries {
  /** Runs `work` in one database transaction, with the queries bound to it. */
  transaction<T>(work: (transactional: LedgerQueries) => Promise<T>): Promise<T>;
  /** The queries bound to a transaction another module opened (its rows commit with the money). */
  within(executor: Db): LedgerQueries;
}

export function createLedgerRepository(db: Db): LedgerRepository {
  return {
    ...createLedgerQueries(db),
    within: (executor) => createLedgerQueries(executor),
    transaction: (work) => db.transaction().execute((trx) => work(createLedgerQueries(trx))),
  };
}
