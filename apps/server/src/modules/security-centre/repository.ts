import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export interface NewEmailCode {
  merchantCode: string;
  memberId: bigint;
  email: string;
  salt: Buffer;
  hash: Buffer;
  expiresAt: Date;
}

/** The newest unspent code of a member, as the check reads it (locked). */
export interface StoredEmailCode {
  id: bigint;
  email: string;
  salt: Buffer;
  hash: Buffer;
  tries: number;
  expired: boolean;
}

/** E-mail codes that prove an address a member binds (table `security_email_codes`). */
export function createSecurityCentreRepository(db: Db) {
  return {
    /** Stores a new code; the member's older codes die with it (only the newest counts). */
    async insertEmailCode(code: NewEmailCode): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('security_email_codes')
          .set({ spent_at: sql<Date>`now()` })
          .where('member_id', '=', code.memberId)
          .where('spent_at', 'is', null)
          .execute();
        await trx
          .insertInto('security_email_codes')
          .values({
            merchant_code: code.merchantCode,
            member_id: code.memberId,
            email: code.email,
            code_salt: code.salt,
            code_hash: code.hash,
            expires_at: code.expiresAt,
          })
          .execute();
      });
    },

    /**
     * Runs `decide` on the member's newest unspent code under a row lock and stores its verdict:
     * spent (right code), one more try (wrong code), or dead (too many tries).
     */
    async checkEmailCode(
      memberId: bigint,
      decide: (code: StoredEmailCode | undefined) => 'spend' | 'wrong' | 'kill' | 'none',
    ): Promise<'spend' | 'wrong' | 'kill' | 'none'> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('security_email_codes')
          .select([
            'id',
            'email',
            'code_salt',
            'code_hash',
            'tries',
            sql<boolean>`expires_at <= now()`.as('expired'),
          ])
          .where('member_id', '=', memberId)
          .where('spent_at', 'is', null)
          .orderBy('id', 'desc')
          .limit(1)
          .forUpdate()
          .executeTakeFirst();
        const code = row
          ? {
              id: BigInt(row.id),
              email: row.email,
              salt: row.code_salt,
              hash: row.code_hash,
              tries: row.tries,
              expired: row.expired,
            }
          : undefined;
        const verdict = decide(code);
        if (!code || verdict === 'none') return verdict;
        await trx
          .updateTable('security_email_codes')
          .set(
            verdict === 'wrong'
              ? { tries: sql<number>`tries + 1` }
              : { spent_at: sql<Date>`now()`, tries: sql<number>`tries + 1` },
          )
          .where('id', '=', code.id)
          .execute();
        return verdict;
      });
    },

    /** Housekeeping: codes older than `olderThanMs`. */
    async prune(olderThanMs: number): Promise<void> {
      await db
        .deleteFrom('security_email_codes')
        .where('created_at', '<', sql<Date>`now() - ${`${olderThanMs} milliseconds`}::interval`)
        .execute();
    },
  };
}

export type SecurityCentreRepository = ReturnType<typeof createSecurityCentreRepository>;
