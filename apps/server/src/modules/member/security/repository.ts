import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

/** What the security centre shows and changes of the member's own row. */
export interface MemberSecurityRecord {
  merchantCode: string;
  username: string;
  nickname: string;
  profile: Record<string, string>;
  emailVerified: boolean;
  verifiedMobile: string | null;
  paymentPasswordSet: boolean;
  passwordKnown: boolean;
  language: string | null;
}

export function createMemberSecurityRepository(db: Db) {
  return {
    async find(memberId: bigint): Promise<MemberSecurityRecord | undefined> {
      const row = await db
        .selectFrom('members')
        .select([
          'merchant_code',
          'username',
          'nickname',
          'profile',
          'email_verified_at',
          'verified_mobile',
          'payment_password_hash',
          'password_known',
          'language',
        ])
        .where('id', '=', memberId)
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        merchantCode: row.merchant_code,
        username: row.username,
        nickname: row.nickname,
        profile: row.profile as Record<string, string>,
        emailVerified: row.email_verified_at !== null,
        verifiedMobile: row.verified_mobile,
        paymentPasswordSet: row.payment_password_hash !== null,
        passwordKnown: row.password_known,
        language: row.language,
      };
    },

    /** The e-mail goes into the profile, where forgot password by e-mail looks for it. */
    async bindEmail(memberId: bigint, email: string): Promise<void> {
      await db
        .updateTable('members')
        .set({
          profile: sql`profile || jsonb_build_object('email', ${email}::text)`,
          email_verified_at: sql<Date>`now()`,
        })
        .where('id', '=', memberId)
        .execute();
    },

    async bindMobile(memberId: bigint, fullNumber: string, nationalNumber: string): Promise<void> {
      await db
        .updateTable('members')
        .set({
          profile: sql`profile || jsonb_build_object('mobileNum', ${nationalNumber}::text)`,
          verified_mobile: fullNumber,
          mobile_verified_at: sql<Date>`now()`,
        })
        .where('id', '=', memberId)
        .execute();
    },

    async setLanguage(memberId: bigint, language: string): Promise<void> {
      await db.updateTable('members').set({ language }).where('id', '=', memberId).execute();
    },
  };
}

export type MemberSecurityRepository = ReturnType<typeof createMemberSecurityRepository>;
