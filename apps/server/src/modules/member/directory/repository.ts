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
  };
}

export type MemberDirectoryRepository = ReturnType<typeof createMemberDirectoryRepository>;
