import type { CursorPage } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { type KeysetOrder, keysetPage } from '../../db/keyset-page.js';
import { countAll, sumBigint } from '../../db/sql-numbers.js';
import type { Bonus } from './types.js';

/** The bonus engine's tables (`bonuses`, `bonus_settings`): the only place naming them. */

type BonusRow = {
  id: bigint;
  merchant_code: string;
  member_id: bigint;
  currency: string;
  amount_minor: bigint;
  requirement_minor: bigint;
  progress_minor: bigint;
  max_bet_minor: bigint | null;
  category_weights: Record<string, number>;
  source_kind: Bonus['sourceKind'];
  source_ref: string;
  idempotency_key: string;
  status: Bonus['status'];
  granted_at: Date;
  expires_at: Date;
  closed_at: Date | null;
};

function toBonus(row: BonusRow): Bonus {
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    memberId: row.member_id,
    currency: row.currency,
    amountMinor: row.amount_minor,
    requirementMinor: row.requirement_minor,
    progressMinor: row.progress_minor,
    maxBetMinor: row.max_bet_minor,
    categoryWeights: row.category_weights,
    sourceKind: row.source_kind,
    sourceRef: row.source_ref,
    idempotencyKey: row.idempotency_key,
    status: row.status,
    grantedAt: row.granted_at,
    expiresAt: row.expires_at,
    closedAt: row.closed_at,
  };
}

/** The operator's list: newest first by id (index bonuses_merchant_idx). */
const BONUS_LIST_ORDER: KeysetOrder = {
  name: 'bonuses',
  keys: [{ ref: 'id', type: 'bigint' }],
  direction: 'desc',
};

export interface NewBonusRow {
  merchantCode: string;
  memberId: bigint;
  currency: string;
  amountMinor: bigint;
  requirementMinor: bigint;
  maxBetMinor: bigint | null;
  categoryWeights: Record<string, number>;
  sourceKind: Bonus['sourceKind'];
  sourceRef: string;
  idempotencyKey: string;
  expiresAt: Date;
}

export interface ProgressUpdate {
  id: bigint;
  progressMinor: bigint;
}

export function createBonusRepository(db: Db) {
  return {
    /** The merchant's own category weights, if it set any. */
    async merchantWeights(
      executor: Db,
      merchantCode: string,
    ): Promise<Record<string, number> | undefined> {
      const row = await executor
        .selectFrom('bonus_settings')
        .select('category_weights')
        .where('merchant_code', '=', merchantCode)
        .executeTakeFirst();
      return row?.category_weights;
    },

    /** Stores the merchant's category weights (operators, seeds). */
    async saveMerchantWeights(merchantCode: string, weights: Record<string, number>) {
      await db
        .insertInto('bonus_settings')
        .values({ merchant_code: merchantCode, category_weights: JSON.stringify(weights) })
        .onConflict((conflict) =>
          conflict.column('merchant_code').doUpdateSet({
            category_weights: JSON.stringify(weights),
            updated_at: new Date(),
          }),
        )
        .execute();
    },

    /** Inserts a grant's row; undefined when its key was used already (a replay). */
    async insert(executor: Db, row: NewBonusRow): Promise<Bonus | undefined> {
      const inserted = await executor
        .insertInto('bonuses')
        .values({
          merchant_code: row.merchantCode,
          member_id: row.memberId,
          currency: row.currency,
          amount_minor: row.amountMinor,
          requirement_minor: row.requirementMinor,
          max_bet_minor: row.maxBetMinor,
          category_weights: JSON.stringify(row.categoryWeights),
          source_kind: row.sourceKind,
          source_ref: row.sourceRef,
          idempotency_key: row.idempotencyKey,
          expires_at: row.expiresAt,
        })
        .onConflict((conflict) =>
          conflict.columns(['merchant_code', 'idempotency_key']).doNothing(),
        )
        .returningAll()
        .executeTakeFirst();
      return inserted ? toBonus(inserted as BonusRow) : undefined;
    },

    async findByKey(executor: Db, merchantCode: string, key: string) {
      const row = await executor
        .selectFrom('bonuses')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      return row ? toBonus(row as BonusRow) : undefined;
    },

    async find(executor: Db, id: bigint): Promise<Bonus | undefined> {
      const row = await executor
        .selectFrom('bonuses')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toBonus(row as BonusRow) : undefined;
    },

    /** A merchant's bonuses by id (a promotion's participants list); other merchants' are absent. */
    async findMany(merchantCode: string, ids: readonly bigint[]): Promise<Bonus[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('bonuses')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .where('id', 'in', [...ids])
        .execute();
      return rows.map((row) => toBonus(row as BonusRow));
    },

    /** The bonus under a row lock (closing it): the first of two concurrent closings wins. */
    async lock(executor: Db, id: bigint): Promise<Bonus | undefined> {
      const row = await executor
        .selectFrom('bonuses')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      return row ? toBonus(row as BonusRow) : undefined;
    },

    async close(executor: Db, id: bigint, status: Bonus['status'], progressMinor: bigint) {
      await executor
        .updateTable('bonuses')
        .set({ status, closed_at: sql`now()`, progress_minor: progressMinor })
        .where('id', '=', id)
        .where('status', '=', 'wagering')
        .execute();
    },

    /** The open bonuses of these members, oldest first, locked for the wagering batch. */
    async lockWagering(executor: Db, memberIds: readonly bigint[]): Promise<Bonus[]> {
      if (memberIds.length === 0) return [];
      const rows = await executor
        .selectFrom('bonuses')
        .selectAll()
        .where('member_id', 'in', memberIds)
        .where('status', '=', 'wagering')
        .orderBy('id')
        .forUpdate()
        .execute();
      return rows.map((row) => toBonus(row as BonusRow));
    },

    /** Writes the new progress of several bonuses in one statement. */
    async setProgress(executor: Db, updates: readonly ProgressUpdate[]) {
      if (updates.length === 0) return;
      const values = sql.join(
        updates.map((update) => sql`(${update.id}::bigint, ${update.progressMinor}::bigint)`),
      );
      await sql`
        UPDATE bonuses AS b SET progress_minor = v.progress
          FROM (VALUES ${values}) AS v (id, progress)
         WHERE b.id = v.id AND b.status = 'wagering'
      `.execute(executor);
    },

    /** What the member still has to wager on open bonuses of a currency (withdrawal guard). */
    async openRequirement(executor: Db, memberId: bigint, currency: string) {
      const row = await executor
        .selectFrom('bonuses')
        .select([
          countAll().as('open'),
          sumBigint('requirement_minor').as('requirement'),
          sumBigint('progress_minor').as('progress'),
        ])
        .where('member_id', '=', memberId)
        .where('currency', '=', currency)
        .where('status', '=', 'wagering')
        .executeTakeFirstOrThrow();
      return {
        open: row.open,
        requirementMinor: row.requirement,
        progressMinor: row.progress,
      };
    },

    /** The largest stake allowed now (the bonus_max_bet_minor function), or null. */
    async maxBetMinor(executor: Db, memberId: bigint, currency: string): Promise<bigint | null> {
      const result = await sql<{ max_bet: bigint | null }>`
        SELECT bonus_max_bet_minor(${memberId}::bigint, ${currency}) AS max_bet
      `.execute(executor);
      return result.rows[0]?.max_bet ?? null;
    },

    /** Wagering bonuses past their expiry, oldest first (the expiry job). */
    async expiredIds(now: Date, limit: number): Promise<bigint[]> {
      const rows = await db
        .selectFrom('bonuses')
        .select('id')
        .where('status', '=', 'wagering')
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** A page of the member's bonuses, newest first, with the total count. */
    async memberPage(memberId: bigint, limit: number, offset: number) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom('bonuses')
          .selectAll()
          .where('member_id', '=', memberId)
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('bonuses')
          .select(countAll().as('count'))
          .where('member_id', '=', memberId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map((row) => toBonus(row as BonusRow)), totalCount: total.count };
    },

    /** Every bonus of a member (the reward centre: a member has a handful). */
    async memberAll(memberId: bigint, limit: number): Promise<Bonus[]> {
      const rows = await db
        .selectFrom('bonuses')
        .selectAll()
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => toBonus(row as BonusRow));
    },

    /** A merchant's bonuses, newest first, keyset paged; optionally one member's or status. */
    async merchantPage(
      merchantCode: string,
      filter: { memberId?: bigint; status?: Bonus['status'] },
      page: { cursor?: string | undefined; limit: number },
    ): Promise<CursorPage<Bonus>> {
      let query = db.selectFrom('bonuses').selectAll().where('merchant_code', '=', merchantCode);
      if (filter.memberId !== undefined) query = query.where('member_id', '=', filter.memberId);
      if (filter.status !== undefined) query = query.where('status', '=', filter.status);
      const result = await keysetPage(query, BONUS_LIST_ORDER, page);
      return {
        items: result.items.map((row) => toBonus(row as BonusRow)),
        nextCursor: result.nextCursor,
      };
    },

    /**
     * The sums of the bonuses one source granted, by status (a promotion's cost report). Reads
     * the merchant's bonuses of that source through bonuses_merchant_idx.
     */
    async totalsBySource(merchantCode: string, sourceKind: Bonus['sourceKind'], sourceRef: string) {
      return db
        .selectFrom('bonuses')
        .select(['status', sumBigint('amount_minor').as('amount')])
        .where('merchant_code', '=', merchantCode)
        .where('source_kind', '=', sourceKind)
        .where('source_ref', '=', sourceRef)
        .groupBy('status')
        .execute();
    },

    /** Per member and currency, the amounts of open bonuses (reconciliation with the ledger). */
    async openAmountsByMember() {
      return db
        .selectFrom('bonuses')
        .select(['member_id', 'merchant_code', 'currency', sumBigint('amount_minor').as('open')])
        .where('status', '=', 'wagering')
        .groupBy(['member_id', 'merchant_code', 'currency'])
        .execute();
    },
  };
}

export type BonusRepository = ReturnType<typeof createBonusRepository>;
