import type { Db } from '../../db/database.js';

export function createLedgerRepository(db: Db) {
  return {
    /** Sum of a member's accounts of one asset, in minor units; 0 when none is open yet. */
    async memberBalanceMinor(
      memberId: bigint,
      asset: 'cash' | 'bonus' | 'points',
    ): Promise<bigint> {
      const row = await db
        .selectFrom('ledger_accounts')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('balance_minor'), eb.lit(0)).as('total'))
        .where('member_id', '=', memberId.toString())
        .where('asset', '=', asset)
        .executeTakeFirst();
      return BigInt(row?.total ?? 0);
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
