import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { Database } from '../../../db/types.js';

/** What the console's member search may filter on (all optional, combined with AND). */
export interface MemberSearchFilter {
  merchantCode: string;
  /** Registration order: ids rise with registration, so the primary key serves both ways. */
  oldestFirst?: boolean | undefined;
  accountPrefix?: string | undefined;
  memberId?: bigint | undefined;
  phone?: string | undefined;
  email?: string | undefined;
  realName?: string | undefined;
  /** Only these members (the session module's answer to "last login from this address"). */
  memberIds?: readonly bigint[] | undefined;
  labelId?: bigint | undefined;
  status?: 'active' | 'disabled' | undefined;
  types?: readonly number[] | undefined;
  excludedTypes?: readonly number[] | undefined;
  registeredFrom?: Date | undefined;
  registeredTo?: Date | undefined;
}

export interface ConsoleMemberRow {
  id: bigint;
  merchantCode: string;
  username: string;
  nickname: string;
  type: number;
  status: 'active' | 'disabled';
  createdAt: Date;
  lastLoginAt: Date | null;
  profile: Record<string, string>;
  uplineMemberId: bigint | null;
  registerIp: string | null;
  registerMethod: string | null;
  /** The number proven by an SMS code in the security centre; null: none proven. */
  verifiedMobile: string | null;
}

/** Where a last-login page starts: the last row's login key (as PostgreSQL writes it) and id. */
export interface LastLoginKey {
  loginKey: string;
  id: bigint;
}

/**
 * The last-login order's key: a member who never logged in sorts as `-infinity` (last when
 * the most recent come first), so the key has no NULL (index of migration 20261126160100).
 */
const lastLoginKey = sql<string>`coalesce(last_login_at, '-infinity'::timestamptz)`;

export interface LabelRow {
  id: bigint;
  name: string;
}

export interface LabelColourRow extends LabelRow {
  color: string;
  backgroundColor: string;
}

export interface NoteRow {
  id: bigint;
  createdAt: Date;
  operatorId: bigint;
  operatorUsername: string;
  body: string;
}

const memberColumns = [
  'id',
  'merchant_code',
  'username',
  'nickname',
  'type',
  'status',
  'created_at',
  'last_login_at',
  'profile',
  'upline_member_id',
  'register_ip',
  'register_method',
  'verified_mobile',
] as const;

function toRow(row: {
  id: bigint;
  merchant_code: string;
  username: string;
  nickname: string;
  type: number;
  status: 'active' | 'disabled';
  created_at: Date;
  last_login_at: Date | null;
  profile: Record<string, string>;
  upline_member_id: bigint | null;
  register_ip: string | null;
  register_method: string | null;
  verified_mobile: string | null;
}): ConsoleMemberRow {
  return {
    id: BigInt(row.id),
    merchantCode: row.merchant_code,
    username: row.username,
    nickname: row.nickname,
    type: row.type,
    status: row.status,
    createdAt: row.created_at,
    lastLoginAt: row.last_login_at,
    profile: row.profile,
    uplineMemberId: row.upline_member_id === null ? null : BigInt(row.upline_member_id),
    registerIp: row.register_ip,
    registerMethod: row.register_method,
    verifiedMobile: row.verified_mobile,
  };
}

/** LIKE's own characters in a typed prefix match themselves, not patterns. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function profileFilters(eb: ExpressionBuilder<Database, 'members'>, filter: MemberSearchFilter) {
  const conditions = [eb('merchant_code', '=', filter.merchantCode)];
  if (filter.accountPrefix !== undefined) {
    conditions.push(eb('username_normalized', 'like', likePrefix(filter.accountPrefix)));
  }
  if (filter.memberId !== undefined) conditions.push(eb('id', '=', filter.memberId));
  if (filter.phone !== undefined) {
    conditions.push(eb(sql`profile->>'mobileNum'`, '=', filter.phone));
  }
  if (filter.email !== undefined) {
    conditions.push(eb(sql`lower(profile->>'email')`, '=', filter.email.toLowerCase()));
  }
  if (filter.realName !== undefined) {
    conditions.push(eb(sql`lower(profile->>'payeeName')`, '=', filter.realName.toLowerCase()));
  }
  if (filter.memberIds !== undefined) {
    conditions.push(
      filter.memberIds.length === 0 ? eb.val(false) : eb('id', 'in', filter.memberIds),
    );
  }
  if (filter.status !== undefined) conditions.push(eb('status', '=', filter.status));
  if (filter.types !== undefined) conditions.push(eb('type', 'in', [...filter.types]));
  if (filter.excludedTypes !== undefined) {
    conditions.push(eb('type', 'not in', [...filter.excludedTypes]));
  }
  if (filter.registeredFrom !== undefined) {
    conditions.push(eb('created_at', '>=', filter.registeredFrom));
  }
  if (filter.registeredTo !== undefined) {
    conditions.push(eb('created_at', '<', filter.registeredTo));
  }
  if (filter.labelId !== undefined) {
    const labelId = filter.labelId;
    conditions.push(
      eb.exists(
        eb
          .selectFrom('member_label_links')
          .select('member_label_links.member_id')
          .whereRef('member_label_links.member_id', '=', 'members.id')
          .where('member_label_links.label_id', '=', labelId),
      ),
    );
  }
  return eb.and(conditions);
}

/** The member module's tables as the operator console reads and changes them. */
export function createMemberConsoleRepository(db: Db) {
  return {
    within: (executor: Db) => createMemberConsoleRepository(executor),

    /**
     * Newest first by id (oldest first with `oldestFirst`), after `afterId`; one row more than
     * the page says whether more follow.
     */
    async search(filter: MemberSearchFilter, afterId: bigint | undefined, limit: number) {
      const oldestFirst = filter.oldestFirst === true;
      const rows = await db
        .selectFrom('members')
        .select(memberColumns)
        .where((eb) => profileFilters(eb, filter))
        .$if(afterId !== undefined, (query) =>
          query.where('id', oldestFirst ? '>' : '<', afterId as bigint),
        )
        .orderBy('id', oldestFirst ? 'asc' : 'desc')
        .limit(limit)
        .execute();
      return rows.map(toRow);
    },

    /** By last login, with the key of each row for the next page's cursor. */
    async searchByLastLogin(
      filter: MemberSearchFilter,
      direction: 'asc' | 'desc',
      after: LastLoginKey | undefined,
      limit: number,
    ): Promise<Array<ConsoleMemberRow & { loginKey: string }>> {
      const rows = await db
        .selectFrom('members')
        .select(memberColumns)
        .select(sql<string>`${lastLoginKey}::text`.as('login_key'))
        .where((eb) => profileFilters(eb, filter))
        .$if(after !== undefined, (query) =>
          query.where(
            sql<boolean>`(${lastLoginKey}, id) ${sql.raw(direction === 'asc' ? '>' : '<')} (cast(${after?.loginKey} as timestamptz), cast(${after?.id.toString()} as bigint))`,
          ),
        )
        .orderBy(lastLoginKey, direction)
        .orderBy('id', direction)
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...toRow(row), loginKey: row.login_key }));
    },

    async findInMerchant(merchantCode: string, memberId: bigint, options: { lock?: boolean } = {}) {
      const row = await db
        .selectFrom('members')
        .select(memberColumns)
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', memberId)
        .$if(options.lock === true, (query) => query.forUpdate())
        .executeTakeFirst();
      return row ? toRow(row) : undefined;
    },

    async setStatus(memberId: bigint, status: 'active' | 'disabled'): Promise<void> {
      await db.updateTable('members').set({ status }).where('id', '=', memberId).execute();
    },

    async labels(merchantCode: string, limit: number): Promise<LabelRow[]> {
      const rows = await db
        .selectFrom('member_labels')
        .select(['id', 'name'])
        .where('merchant_code', '=', merchantCode)
        .orderBy('name')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: BigInt(row.id), name: row.name }));
    },

    async labelColours(
      merchantCode: string,
      limit: number,
      options: { labelId?: bigint; lock?: boolean } = {},
    ): Promise<LabelColourRow[]> {
      let query = db
        .selectFrom('member_labels')
        .select(['id', 'name', 'color', 'background_color'])
        .where('merchant_code', '=', merchantCode)
        .orderBy('name')
        .limit(limit);
      if (options.labelId !== undefined) query = query.where('id', '=', options.labelId);
      if (options.lock) query = query.forUpdate();
      const rows = await query.execute();
      return rows.map((row) => ({
        id: BigInt(row.id),
        name: row.name,
        color: row.color,
        backgroundColor: row.background_color,
      }));
    },

    async setLabelColours(
      merchantCode: string,
      labelId: bigint,
      colours: { color: string; backgroundColor: string },
    ): Promise<void> {
      await db
        .updateTable('member_labels')
        .set({ color: colours.color, background_color: colours.backgroundColor })
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', labelId)
        .execute();
    },

    async countLabels(merchantCode: string): Promise<number> {
      const row = await db
        .selectFrom('member_labels')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('merchant_code', '=', merchantCode)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async findLabel(merchantCode: string, labelId: bigint): Promise<LabelRow | undefined> {
      const row = await db
        .selectFrom('member_labels')
        .select(['id', 'name'])
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', labelId)
        .executeTakeFirst();
      return row ? { id: BigInt(row.id), name: row.name } : undefined;
    },

    /** Adds a label to the list; an existing name answers the existing label (created: false). */
    async ensureLabel(merchantCode: string, name: string) {
      const inserted = await db
        .insertInto('member_labels')
        .values({ merchant_code: merchantCode, name })
        .onConflict((conflict) => conflict.columns(['merchant_code', 'name']).doNothing())
        .returning(['id', 'name'])
        .executeTakeFirst();
      if (inserted)
        return { label: { id: BigInt(inserted.id), name: inserted.name }, created: true };
      const existing = await db
        .selectFrom('member_labels')
        .select(['id', 'name'])
        .where('merchant_code', '=', merchantCode)
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return { label: { id: BigInt(existing.id), name: existing.name }, created: false };
    },

    async labelsOfMembers(memberIds: readonly bigint[]): Promise<Map<bigint, LabelRow[]>> {
      const byMember = new Map<bigint, LabelRow[]>();
      if (memberIds.length === 0) return byMember;
      const rows = await db
        .selectFrom('member_label_links')
        .innerJoin('member_labels', 'member_labels.id', 'member_label_links.label_id')
        .select(['member_label_links.member_id', 'member_labels.id', 'member_labels.name'])
        .where('member_label_links.member_id', 'in', memberIds)
        .orderBy('member_labels.name')
        .execute();
      for (const row of rows) {
        const memberId = BigInt(row.member_id);
        const list = byMember.get(memberId) ?? [];
        list.push({ id: BigInt(row.id), name: row.name });
        byMember.set(memberId, list);
      }
      return byMember;
    },

    /** Puts the label on or takes it off; answers whether anything changed. */
    async setLabel(memberId: bigint, labelId: bigint, present: boolean): Promise<boolean> {
      if (present) {
        const result = await db
          .insertInto('member_label_links')
          .values({ member_id: memberId, label_id: labelId })
          .onConflict((conflict) => conflict.columns(['member_id', 'label_id']).doNothing())
          .executeTakeFirst();
        return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
      }
      const result = await db
        .deleteFrom('member_label_links')
        .where('member_id', '=', memberId)
        .where('label_id', '=', labelId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async notes(memberId: bigint, afterId: bigint | undefined, limit: number): Promise<NoteRow[]> {
      const rows = await db
        .selectFrom('member_notes')
        .select(['id', 'created_at', 'operator_id', 'operator_username', 'body'])
        .where('member_id', '=', memberId)
        .$if(afterId !== undefined, (query) => query.where('id', '<', afterId as bigint))
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: BigInt(row.id),
        createdAt: row.created_at,
        operatorId: BigInt(row.operator_id),
        operatorUsername: row.operator_username,
        body: row.body,
      }));
    },

    async addNote(note: {
      merchantCode: string;
      memberId: bigint;
      operatorId: bigint;
      operatorUsername: string;
      body: string;
    }): Promise<NoteRow> {
      const row = await db
        .insertInto('member_notes')
        .values({
          merchant_code: note.merchantCode,
          member_id: note.memberId,
          operator_id: note.operatorId.toString(),
          operator_username: note.operatorUsername,
          body: note.body,
        })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      return {
        id: BigInt(row.id),
        createdAt: row.created_at,
        operatorId: note.operatorId,
        operatorUsername: note.operatorUsername,
        body: note.body,
      };
    },
  };
}

export type MemberConsoleRepository = ReturnType<typeof createMemberConsoleRepository>;
