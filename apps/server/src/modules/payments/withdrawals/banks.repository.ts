import type { AdminWithdrawalBank } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { countAll, countWhere } from '../../../db/sql-numbers.js';

const columns = ['id', 'name', 'enabled', 'sort_order'] as const;

function toBank(row: {
  id: bigint;
  name: string;
  enabled: boolean;
  sort_order: number;
}): AdminWithdrawalBank {
  return { id: row.id.toString(), name: row.name, enabled: row.enabled, sortOrder: row.sort_order };
}

/** The answer to "may a member bind this bank name?". */
export type BankNameCheck = 'listed' | 'not-listed' | 'no-list';

/** The payments module's SQL for the merchant's withdrawal bank list (`withdrawal_banks`). */
export function createWithdrawalBanksRepository(db: Db) {
  return {
    async all(merchantCode: string): Promise<AdminWithdrawalBank[]> {
      const rows = await db
        .selectFrom('withdrawal_banks')
        .select(columns)
        .where('merchant_code', '=', merchantCode)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      return rows.map(toBank);
    },

    async enabledNames(merchantCode: string): Promise<string[]> {
      const rows = await db
        .selectFrom('withdrawal_banks')
        .select('name')
        .where('merchant_code', '=', merchantCode)
        .where('enabled', '=', true)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      return rows.map((row) => row.name);
    },

    /** A merchant with no row at all keeps the free-text name; a disabled bank is not listed. */
    async check(merchantCode: string, bankName: string): Promise<BankNameCheck> {
      const row = await db
        .selectFrom('withdrawal_banks')
        .select([
          countAll().as('banks'),
          countWhere(sql<boolean>`enabled AND name = ${bankName.trim()}`).as('matches'),
        ])
        .where('merchant_code', '=', merchantCode)
        .executeTakeFirstOrThrow();
      if (row.banks === 0) return 'no-list';
      return row.matches > 0 ? 'listed' : 'not-listed';
    },

    async count(merchantCode: string): Promise<number> {
      const row = await db
        .selectFrom('withdrawal_banks')
        .select(countAll().as('banks'))
        .where('merchant_code', '=', merchantCode)
        .executeTakeFirstOrThrow();
      return row.banks;
    },

    /** Whether another bank of the merchant has this name, whatever its letter case. */
    async nameTaken(merchantCode: string, name: string, exceptId?: string): Promise<boolean> {
      let query = db
        .selectFrom('withdrawal_banks')
        .select('id')
        .where('merchant_code', '=', merchantCode)
        .where(sql<boolean>`lower(name) = lower(${name})`);
      if (exceptId !== undefined) query = query.where('id', '!=', BigInt(exceptId));
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** Adds the bank at the end of the list; undefined when the name is taken (a race). */
    async add(merchantCode: string, name: string): Promise<AdminWithdrawalBank | undefined> {
      const row = await db
        .insertInto('withdrawal_banks')
        .values({
          merchant_code: merchantCode,
          name,
          sort_order: sql<number>`(SELECT coalesce(max(sort_order) + 1, 0) FROM withdrawal_banks WHERE merchant_code = ${merchantCode})`,
        })
        .onConflict((conflict) => conflict.doNothing())
        .returning(columns)
        .executeTakeFirst();
      return row ? toBank(row) : undefined;
    },

    /** The bank, its row locked for the rest of the caller's transaction. */
    async locked(merchantCode: string, id: string): Promise<AdminWithdrawalBank | undefined> {
      const row = await db
        .selectFrom('withdrawal_banks')
        .select(columns)
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', BigInt(id))
        .forUpdate()
        .executeTakeFirst();
      return row ? toBank(row) : undefined;
    },

    async update(
      merchantCode: string,
      id: string,
      change: { name: string; enabled: boolean },
    ): Promise<AdminWithdrawalBank | undefined> {
      const row = await db
        .updateTable('withdrawal_banks')
        .set({ name: change.name, enabled: change.enabled })
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', BigInt(id))
        .returning(columns)
        .executeTakeFirst();
      return row ? toBank(row) : undefined;
    },

    /** A new merchant's starting list; a merchant that has any bank already is left alone. */
    async seed(merchantCode: string, names: readonly string[]): Promise<void> {
      if (names.length === 0 || (await this.count(merchantCode)) > 0) return;
      await db
        .insertInto('withdrawal_banks')
        .values(
          names.map((name, index) => ({ merchant_code: merchantCode, name, sort_order: index })),
        )
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    },
  };
}

export type WithdrawalBanksRepository = ReturnType<typeof createWithdrawalBanksRepository>;
