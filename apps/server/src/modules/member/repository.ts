import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { MemberRow } from '../../db/types.js';
import { appendEvents, type NewEvent } from '../events/index.js';

export interface Member {
  id: bigint;
  merchantCode: string;
  username: string;
  passwordHash: string;
  nickname: string;
  type: number;
  /**
   * Whether the member has an upline to send cash to (SPEC §4 member info `toUpline`): taken from
   * the tree, because the `to_upline` column was never written and showed the transfer page to
   * members with nobody above them.
   */
  toUpline: boolean;
  status: 'active' | 'disabled';
  passwordChangedAt: Date;
  lastLoginAt: Date | null;
  /** Whether the member knows their password (else the next change asks no old password). */
  passwordKnown: boolean;
  /** The site language the member saved (security centre); null: none. */
  language: string | null;
}

function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    username: row.username,
    passwordHash: row.password_hash,
    nickname: row.nickname,
    type: row.type,
    toUpline: row.upline_member_id !== null,
    status: row.status,
    passwordChangedAt: row.password_changed_at,
    passwordKnown: row.password_known,
    lastLoginAt: row.last_login_at,
    language: row.language,
  };
}

export interface NewMember {
  merchantCode: string;
  username: string;
  usernameNormalized: string;
  passwordHash: string;
  paymentPasswordHash: string | null;
  /** False for a random password nobody is told (social sign-in, free demo); true if absent. */
  passwordKnown?: boolean;
  nickname: string;
  profile: Record<string, string>;
  registerIp: string | null;
  /** The first-party device cookie of the registration, when the call carried one. */
  registerDeviceId?: string | null;
  registerUrl: string | null;
  registerDomain: string | null;
  registerMethod: string;
  /** The agent whose affiliate code brought the member, and that code. */
  uplineMemberId: bigint | null;
  affiliateCodeId: bigint | null;
  termsAcceptedAt: Date | null;
  /** Account type (SPEC §6); 0, a member, when absent. */
  type?: number;
}

const UNIQUE_VIOLATION = '23505';

function registeredEvent(row: MemberRow): NewEvent {
  return {
    type: 'member.registered',
    merchantCode: row.merchant_code,
    memberId: row.id,
    payload: {
      memberId: String(row.id),
      username: row.username,
      uplineMemberId: row.upline_member_id === null ? null : String(row.upline_member_id),
      registerMethod: row.register_method ?? '',
    },
  };
}

export function createMemberRepository(db: Db) {
  return {
    /** Inserts a member; answers undefined when the username is already taken in the merchant. */
    async insert(member: NewMember): Promise<Member | undefined> {
      try {
        // The account and its `member.registered` event commit together.
        return await db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('members')
            .values({
              merchant_code: member.merchantCode,
              username: member.username,
              username_normalized: member.usernameNormalized,
              password_hash: member.passwordHash,
              password_known: member.passwordKnown ?? true,
              payment_password_hash: member.paymentPasswordHash,
              nickname: member.nickname,
              profile: JSON.stringify(member.profile),
              register_ip: member.registerIp,
              register_device_id: member.registerDeviceId ?? null,
              register_url: member.registerUrl,
              register_domain: member.registerDomain,
              register_method: member.registerMethod,
              upline_member_id: member.uplineMemberId,
              affiliate_code_id: member.affiliateCodeId,
              terms_accepted_at: member.termsAcceptedAt,
              ...(member.type === undefined ? {} : { type: member.type }),
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          await appendEvents(trx, [registeredEvent(row)]);
          return toMember(row);
        });
      } catch (error) {
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) return undefined;
        throw error;
      }
    },

    async findByUsername(merchantCode: string, usernameNormalized: string) {
      const row = await db
        .selectFrom('members')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .where('username_normalized', '=', usernameNormalized)
        .executeTakeFirst();
      return row ? toMember(row) : undefined;
    },

    /**
     * The member who bound and verified this full number in the security centre; when several
     * did (a recycled number), the newest proof of owning it wins.
     */
    async findByVerifiedMobile(merchantCode: string, fullNumber: string) {
      const row = await db
        .selectFrom('members')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .where('verified_mobile', '=', fullNumber)
        .orderBy('mobile_verified_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? toMember(row) : undefined;
    },

    async findById(id: bigint) {
      const row = await db
        .selectFrom('members')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toMember(row) : undefined;
    },

    /** The member's labels with their colours (the member info's `memberLabel`), by name. */
    async labelsOf(id: bigint) {
      return db
        .selectFrom('member_label_links')
        .innerJoin('member_labels', 'member_labels.id', 'member_label_links.label_id')
        .select(['member_labels.name', 'member_labels.color', 'member_labels.background_color'])
        .where('member_label_links.member_id', '=', id)
        .orderBy('member_labels.name')
        .execute();
    },

    async updatePassword(id: bigint, passwordHash: string): Promise<void> {
      // password_changed_at is read-only in the table type (only this statement may move it).
      await sql`
        UPDATE members SET password_hash = ${passwordHash}, password_changed_at = now(),
          password_known = true
        WHERE id = ${id.toString()}
      `.execute(db);
    },
    /** Stamps a login and answers the previous one (null on the first login). */
    async recordLogin(id: bigint): Promise<Date | null> {
      // The stamp and its `member.logged-in` event commit together.
      return db.transaction().execute(async (trx) => {
        // The old value is read in FROM, before the row changes; a RETURNING subquery would see the new one.
        const result = await sql<{ previous_login_at: Date | null; merchant_code: string }>`
          UPDATE members AS member SET last_login_at = now()
          FROM (SELECT id, last_login_at FROM members WHERE id = ${id.toString()} FOR UPDATE) AS previous
          WHERE member.id = previous.id
          RETURNING previous.last_login_at AS previous_login_at, member.merchant_code
        `.execute(trx);
        const row = result.rows[0];
        if (!row) return null;
        await appendEvents(trx, [
          {
            type: 'member.logged-in',
            merchantCode: row.merchant_code,
            memberId: id,
            payload: { memberId: id.toString() },
          },
        ]);
        return row.previous_login_at;
      });
    },
  };
}

export type MemberRepository = ReturnType<typeof createMemberRepository>;
