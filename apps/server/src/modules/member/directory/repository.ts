import type { Db } from '../../../db/database.js';

/** What other modules may know of a member to move money between members. */
export interface MemberParty {
  id: bigint;
  merchantCode: string;
  username: string;
  type: number;
  status: 'active' | 'disabled';
  uplineMemberId: bigint | null;
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
  id: string;
  merchant_code: string;
  username: string;
  type: number;
  status: 'active' | 'disabled';
  upline_member_id: string | null;
}): MemberParty {
  return {
    id: BigInt(row.id),
    merchantCode: row.merchant_code,
    username: row.username,
    type: row.type,
    status: row.status,
    uplineMemberId: row.upline_member_id === null ? null : BigInt(row.upline_member_id),
  };
}

export function createMemberDirectoryRepository(db: Db) {
  return {
    async findById(id: bigint): Promise<MemberParty | undefined> {
      const row = await db
        .selectFrom('members')
        .select(partyColumns)
        .where('id', '=', id.toString())
        .executeTakeFirst();
      return row ? toParty(row) : undefined;
    },

    /** The upline (agent) of each member that has one. */
    async uplinesOf(ids: readonly bigint[]): Promise<Map<bigint, bigint>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('members')
        .select(['id', 'upline_member_id'])
        .where(
          'id',
          'in',
          ids.map((id) => id.toString()),
        )
        .where('upline_member_id', 'is not', null)
        .execute();
      return new Map(rows.map((row) => [BigInt(row.id), BigInt(row.upline_member_id as string)]));
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
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('merchant_code', '=', merchantCode)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .where('type', '<>', excludedType)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
  };
}

export type MemberDirectoryRepository = ReturnType<typeof createMemberDirectoryRepository>;
