import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

/**
 * New-address verification: the addresses a member withdrew or verified from, and the e-mail
 * codes that confirm a withdrawal from a new address (the member module knows how to reach the
 * member and where they registered from).
 */
export function newIpQueries(db: Db) {
  return {
    /** Whether the member withdrew or verified from this address before. */
    async isKnownIp(memberId: bigint, ip: string): Promise<boolean> {
      const row = await db
        .selectFrom('member_known_ips')
        .select('ip')
        .where('member_id', '=', memberId)
        .where('ip', '=', ip)
        .executeTakeFirst();
      return row !== undefined;
    },

    async rememberIp(memberId: bigint, ip: string): Promise<void> {
      await db
        .insertInto('member_known_ips')
        .values({ member_id: memberId.toString(), ip })
        .onConflict((conflict) => conflict.columns(['member_id', 'ip']).doNothing())
        .execute();
    },

    async insertEmailCode(code: {
      memberId: bigint;
      salt: Buffer;
      hash: Buffer;
      expiresAt: Date;
    }): Promise<void> {
      await db
        .insertInto('withdrawal_email_codes')
        .values({
          member_id: code.memberId.toString(),
          code_salt: code.salt,
          code_hash: code.hash,
          expires_at: code.expiresAt,
        })
        .execute();
    },

    /**
     * Checks the member's newest e-mail code and spends it when `matches`; every wrong try
     * counts, and a code is dead after `maxTries`.
     */
    async checkEmailCode(
      memberId: bigint,
      maxTries: number,
      matches: (salt: Buffer, hash: Buffer) => boolean,
    ): Promise<'ok' | 'invalid' | 'expired'> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('withdrawal_email_codes')
          .selectAll()
          .where('member_id', '=', memberId)
          .orderBy('id', 'desc')
          .limit(1)
          .forUpdate()
          .executeTakeFirst();
        if (!row || row.spent_at || row.tries >= maxTries) return 'invalid';
        if (row.expires_at.getTime() <= Date.now()) return 'expired';
        const ok = matches(row.code_salt, row.code_hash);
        await trx
          .updateTable('withdrawal_email_codes')
          .set(ok ? { spent_at: sql<Date>`now()` } : { tries: sql<number>`tries + 1` })
          .where('id', '=', row.id as never)
          .execute();
        return ok ? 'ok' : 'invalid';
      });
    },
  };
}
