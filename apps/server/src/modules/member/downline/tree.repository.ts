import { type CursorPage, memberTypes } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { type KeysetOrder, keysetPage } from '../../../db/keyset-page.js';
import { countAll, countWhere } from '../../../db/sql-numbers.js';

/** A member of an agent's downline as the team management list shows it. */
export interface DownlineRow {
  id: bigint;
  username: string;
  type: number;
  status: 'active' | 'disabled';
  /** Levels below the agent: 1 for a direct downline. */
  level: number;
  uplineMemberId: bigint | null;
  createdAt: Date;
  lastLoginAt: Date | null;
  /** Members whose upline this member is. */
  directDownlineCount: number;
}

/** An agent as the operators' agent list shows it. */
export interface AgentRow {
  id: bigint;
  username: string;
  type: number;
  uplineUsername: string | null;
  /** Every member below the agent, any depth. */
  teamSize: number;
  createdAt: Date;
}

export interface DownlineFilter {
  /** The agent whose downline is listed; only members below it ever answer. */
  agentId: bigint;
  /** Only the direct downline of this member (the agent itself, or a member below it). */
  parentId?: bigint | undefined;
  /** Only this level below the agent. */
  level?: number | undefined;
  /** Account names starting with this (normalized). */
  accountPrefix?: string | undefined;
  status?: 'active' | 'disabled' | undefined;
  registeredFrom?: Date | undefined;
  registeredTo?: Date | undefined;
}

const downlineOrder: KeysetOrder = {
  name: 'downline',
  keys: [{ ref: 'member.id', type: 'bigint' }],
  direction: 'desc',
};

/** Escapes LIKE's wildcards so an account prefix matches literally. */
function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/**
 * The downline tree (closure table `member_tree`, kept by triggers on `members`: migration
 * 20261126120000). Every read here is one range of an index: descendants by
 * `(ancestor_id, depth, member_id)`, ancestors by the primary key `(member_id, ancestor_id)`.
 */
export function createTreeRepository(db: Db) {
  return {
    /** Whether `memberId` is below `agentId` (any depth; the agent itself is not). */
    async isBelow(agentId: bigint, memberId: bigint): Promise<boolean> {
      const row = await db
        .selectFrom('member_tree')
        .select('depth')
        .where('member_id', '=', memberId)
        .where('ancestor_id', '=', agentId)
        .where('depth', '>', 0)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Which of `memberIds` are below `agentId`, in one statement. */
    async belowOf(agentId: bigint, memberIds: readonly bigint[]): Promise<Set<bigint>> {
      if (memberIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('member_tree')
        .select('member_id')
        .where('ancestor_id', '=', agentId)
        .where('member_id', 'in', [...memberIds])
        .where('depth', '>', 0)
        .execute();
      return new Set(rows.map((row) => row.member_id));
    },

    /** Every member below `agentId`, up to `limit` of them (nearest levels first). */
    async descendantIds(agentId: bigint, limit: number): Promise<bigint[]> {
      const rows = await db
        .selectFrom('member_tree')
        .select('member_id')
        .where('ancestor_id', '=', agentId)
        .where('depth', '>', 0)
        .orderBy('depth')
        .orderBy('member_id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.member_id);
    },

    /** Each member's uplines with their distance, nearest first. */
    async ancestorRows(memberIds: readonly bigint[]) {
      if (memberIds.length === 0) return [];
      return db
        .selectFrom('member_tree')
        .select(['member_id', 'ancestor_id', 'depth'])
        .where('member_id', 'in', [...memberIds])
        .where('depth', '>', 0)
        .orderBy('member_id')
        .orderBy('depth')
        .execute();
    },

    /**
     * Each member's chain from the closure table, the member itself at depth 0, with each
     * ancestor's account type, on `executor` (the caller's transaction), at most `maxDepth` up.
     */
    async uplineLinks(executor: Db, memberIds: readonly bigint[], maxDepth: number) {
      if (memberIds.length === 0) return [];
      return executor
        .selectFrom('member_tree')
        .innerJoin('members', 'members.id', 'member_tree.ancestor_id')
        .select([
          'member_tree.member_id',
          'member_tree.ancestor_id',
          'member_tree.depth',
          'members.type as ancestor_type',
        ])
        .where('member_tree.member_id', 'in', [...memberIds])
        .where('member_tree.depth', '<=', maxDepth)
        .execute();
    },

    /** The agent's downline per level: how many, and how many registered since `since`. */
    async countsByLevel(agentId: bigint, since: Date) {
      return db
        .selectFrom('member_tree as tree')
        .innerJoin('members as member', 'member.id', 'tree.member_id')
        .select([
          'tree.depth',
          countAll().as('total'),
          countWhere(sql<boolean>`member.created_at >= ${since}`).as('recent'),
        ])
        .where('tree.ancestor_id', '=', agentId)
        .where('tree.depth', '>', 0)
        .where('member.type', '<>', memberTypes.trial)
        .groupBy('tree.depth')
        .orderBy('tree.depth')
        .execute();
    },

    /** A page of the agent's downline, newest first, with each member's own direct count. */
    async downlinePage(
      filter: DownlineFilter,
      page: { cursor?: string | undefined; limit: number },
    ): Promise<CursorPage<DownlineRow>> {
      let query = db
        .selectFrom('member_tree as tree')
        .innerJoin('members as member', 'member.id', 'tree.member_id')
        .select([
          'member.id',
          'member.username',
          'member.type',
          'member.status',
          'tree.depth as level',
          'member.upline_member_id',
          'member.created_at',
          'member.last_login_at',
          sql<number>`(SELECT count(*)::int FROM member_tree below
            WHERE below.ancestor_id = member.id AND below.depth = 1)`.as('direct_count'),
        ])
        .where('tree.ancestor_id', '=', filter.agentId)
        .where('tree.depth', '>', 0);
      if (filter.parentId !== undefined)
        query = query.where('member.upline_member_id', '=', filter.parentId);
      if (filter.level !== undefined) query = query.where('tree.depth', '=', filter.level);
      if (filter.accountPrefix)
        query = query.where(
          sql<boolean>`member.username_normalized LIKE ${likePrefix(filter.accountPrefix)}`,
        );
      if (filter.status !== undefined) query = query.where('member.status', '=', filter.status);
      if (filter.registeredFrom !== undefined)
        query = query.where('member.created_at', '>=', filter.registeredFrom);
      if (filter.registeredTo !== undefined)
        query = query.where('member.created_at', '<', filter.registeredTo);
      const result = await keysetPage(query, downlineOrder, page);
      return {
        nextCursor: result.nextCursor,
        items: result.items.map((row) => ({
          id: row.id,
          username: row.username,
          type: row.type,
          status: row.status,
          level: row.level,
          uplineMemberId: row.upline_member_id,
          createdAt: row.created_at,
          lastLoginAt: row.last_login_at,
          directDownlineCount: row.direct_count,
        })),
      };
    },

    /** A page of the merchant's agents, newest first, each with its whole team's size. */
    async agentsPage(
      merchantCode: string,
      agentTypes: readonly number[],
      accountPrefix: string | undefined,
      page: { cursor?: string | undefined; limit: number },
    ): Promise<CursorPage<AgentRow>> {
      let query = db
        .selectFrom('members as member')
        .leftJoin('members as upline', 'upline.id', 'member.upline_member_id')
        .select([
          'member.id',
          'member.username',
          'member.type',
          'member.created_at',
          'upline.username as upline_username',
          sql<number>`(SELECT count(*)::int FROM member_tree below
            WHERE below.ancestor_id = member.id AND below.depth > 0)`.as('team_size'),
        ])
        .where('member.merchant_code', '=', merchantCode)
        .where('member.type', 'in', [...agentTypes]);
      if (accountPrefix)
        query = query.where(
          sql<boolean>`member.username_normalized LIKE ${likePrefix(accountPrefix.normalize('NFKC').toLowerCase())}`,
        );
      const result = await keysetPage(query, downlineOrder, page);
      return {
        nextCursor: result.nextCursor,
        items: result.items.map((row) => ({
          id: row.id,
          username: row.username,
          type: row.type,
          uplineUsername: row.upline_username,
          teamSize: row.team_size,
          createdAt: row.created_at,
        })),
      };
    },

    /**
     * The tree's move lock (the one the trigger takes), taken first so that the cycle check
     * and the move see the same tree: moves run one at a time.
     */
    async lockTreeForMove(executor: Db): Promise<void> {
      await sql`SELECT pg_advisory_xact_lock(hashtext('member_tree'))`.execute(executor);
    },

    /** The member's row locked for a move, in the caller's transaction. */
    async lockMember(executor: Db, merchantCode: string, memberId: bigint) {
      return executor
        .selectFrom('members')
        .select(['id', 'username', 'type', 'upline_member_id'])
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', memberId)
        .forUpdate()
        .executeTakeFirst();
    },

    async memberInMerchant(executor: Db, merchantCode: string, memberId: bigint) {
      return executor
        .selectFrom('members')
        .select(['id', 'username', 'type'])
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', memberId)
        .executeTakeFirst();
    },

    /** Hangs the member under another upline; the trigger moves its subtree in this transaction. */
    async setUpline(executor: Db, memberId: bigint, uplineId: bigint | null): Promise<void> {
      await executor
        .updateTable('members')
        .set({ upline_member_id: uplineId })
        .where('id', '=', memberId)
        .execute();
    },

    /** Changes a member's account type (an agent promoting a downline). */
    async setType(executor: Db, memberId: bigint, type: number): Promise<void> {
      await executor.updateTable('members').set({ type }).where('id', '=', memberId).execute();
    },
  };
}

export type TreeRepository = ReturnType<typeof createTreeRepository>;
