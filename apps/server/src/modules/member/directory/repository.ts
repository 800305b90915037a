import type { Db } from '../../../db/database.js';
import { countAll } from '../../../db/sql-numbers.js';

/** What other modules may know of a member to move money between members. */
export interface MemberParty {
  id: bigint;
  merchantCode: string;
  username: string;
  type: number;
  status: 'active' | 'disabled';
  uplineMemberId: bigint | null;
}

/** What a registration brought: the referral code typed (or from the link) and the address. */
export interface MemberRegistration {
  referralCode: string | null;
  registerIp: string | null;
  /** The registering browser's device cookie; null before it existed or when refused. */
  registerDeviceId: string | null;
}

/** How a member can be reached for a verification code, and the address they registered from. */
export interface MemberContact {
  username: string;
  registerMethod: string | null;
  email: string | null;
  mobileNum: string | null;
  registerIp: string | null;
}

const partyColumns = [
  'id',
  'merchant_code',
  'username',
  'type',
  'status',
  'upline_member_id',
] as const;

function toParty(row: {
  id: bigint;
  merchant_code: string;
  username: string;
  type: number;
  status: 'active' | 'disabled';
  upline_member_id: bigint | null;
}): MemberParty {
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    username: row.username,
    type: row.type,
    status: row.status,
    uplineMemberId: row.upline_member_id,
  };
}

export function createMemberDirectoryRepository(db: Db) {
  return {
    async findById(id: bigint): Promise<MemberParty | undefined> {
      const row = await db
        .selectFrom('members')
        .select(partyColumns)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toParty(row) : undefined;
    },

    /** The members of these ids that exist, in one statement. */
    async findByIds(ids: readonly bigint[]): Promise<MemberParty[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('members')
        .select(partyColumns)
        .where('id', 'in', [...ids])
        .execute();
      return rows.map(toParty);
    },

    async contact(id: bigint): Promise<MemberContact | undefined> {
      const row = await db
        .selectFrom('members')
        .select(['username', 'register_method', 'profile', 'register_ip'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row
        ? {
            username: row.username,
            registerMethod: row.register_method,
            email: row.profile.email ?? null,
            mobileNum: row.profile.mobileNum ?? null,
            registerIp: row.register_ip,
          }
        : undefined;
    },

    /** The upline (agent) of each member that has one. */
    async uplinesOf(ids: readonly bigint[]): Promise<Map<bigint, bigint>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('members')
        .select(['id', 'upline_member_id'])
        .where('id', 'in', [...ids])
        .where('upline_member_id', 'is not', null)
        .execute();
      return new Map(rows.map((row) => [row.id, row.upline_member_id as bigint]));
    },

    async findByUsername(
      merchantCode: string,
      usernameNormalized: string,
    ): Promise<MemberParty | undefined> {
      const row = await db
        .selectFrom('members')
        .select(partyColumns)
        .where('merchant_code', '=', merchantCode)
        .where('username_normalized', '=', usernameNormalized)
        .executeTakeFirst();
      return row ? toParty(row) : undefined;
    },

    /** Members (not of `excludedType`) who registered in [from, to): the dashboard's new players. */
    async countJoined(merchantCode: string, from: Date, to: Date, excludedType: number) {
      const row = await db
        .selectFrom('members')
        .select(countAll().as('count'))
        .where('merchant_code', '=', merchantCode)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .where('type', '<>', excludedType)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** The referral code and registration address of each of these members, in one read. */
    async registrationsOf(ids: readonly bigint[]): Promise<Map<bigint, MemberRegistration>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('members')
        .select(['id', 'profile', 'register_ip', 'register_device_id'])
        .where('id', 'in', [...ids])
        .execute();
      return new Map(
        rows.map((row) => [
          row.id,
          {
            referralCode: row.profile.referralCode ?? null,
            registerIp: row.register_ip,
            registerDeviceId: row.register_device_id,
          },
        ]),
      );
    },
  };
}

export type MemberDirectoryRepository = ReturnType<typeof createMemberDirectoryRepository>;
