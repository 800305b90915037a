import type { CursorPage } from '@app/contract';
import { agentMemberTypes } from '@app/contract';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../http/app-error.js';
import {
  type AgentRow,
  createTreeRepository,
  type DownlineFilter,
  type DownlineRow,
} from './tree.repository.js';

/** The most descendants `descendantIds` answers: a report over more reads the rollups instead. */
export const DESCENDANT_IDS_MAX = 100_000;

/**
 * How many uplines above a member a chain climbs for the contracts' figures and settlement order.
 * Trees deeper than this are cut off: the agents above the cap get nothing from this member's
 * play. Real programmes run 3 to 6 levels; 32 leaves room.
 */
export const UPLINE_CHAIN_MAX_DEPTH = 32;

/** One link of a member's chain: the member itself at depth 0, its upline at 1, and so on. */
export interface UplineLink {
  memberId: bigint;
  ancestorId: bigint;
  ancestorType: number;
  depth: number;
}

/** A member's move between uplines, as the audit entry records it. */
export interface UplineMove {
  memberId: bigint;
  account: string;
  fromUplineId: bigint | null;
  toUplineId: bigint | null;
}

/**
 * The downline tree (issue 18): who is below whom, at any depth, for the agent centre's
 * authorization and reports, and an operator's move of a member to another upline.
 */
export interface DownlineTree {
  /** Whether `memberId` is in the agent's downline (any depth; the agent itself is not). */
  isInDownline(agentId: bigint, memberId: bigint): Promise<boolean>;
  /** Those of `memberIds` that are in the agent's downline. */
  inDownlineOf(agentId: bigint, memberIds: readonly bigint[]): Promise<Set<bigint>>;
  /** Every member below the agent (nearest levels first), at most DESCENDANT_IDS_MAX. */
  descendantIds(agentId: bigint): Promise<bigint[]>;
  /** Each member's chain of uplines, the direct upline first (members without one: absent). */
  ancestorChainsOf(memberIds: readonly bigint[]): Promise<Map<bigint, bigint[]>>;
  /**
   * Each member's chain (itself at depth 0, up to UPLINE_CHAIN_MAX_DEPTH) with each ancestor's
   * type, from the closure table, read on `executor` (the caller's transaction).
   */
  uplineLinksWithin(executor: Db, memberIds: readonly bigint[]): Promise<UplineLink[]>;
  /** The agent's downline per level: how many, and how many registered since `since`. */
  countsByLevel(
    agentId: bigint,
    since: Date,
  ): Promise<Array<{ level: number; total: number; recent: number }>>;
  /** A page of the agent's downline, newest first. */
  downlinePage(
    filter: DownlineFilter,
    page: { cursor?: string | undefined; limit: number },
  ): Promise<CursorPage<DownlineRow>>;
  /**
   * Moves a member (and its whole subtree) under another upline, in the caller's transaction
   * (an operator's action: the audit entry commits with it). Refuses a member of another
   * merchant (NOT_FOUND), an upline that is no agent of the merchant (UPLINE_NOT_AGENT) and a
   * move under the member's own subtree (MEMBER_TREE_CYCLE).
   */
  moveWithin(
    executor: Db,
    merchantCode: string,
    memberId: bigint,
    toUplineId: bigint | null,
  ): Promise<UplineMove>;
  /** Sets a member's account type in the caller's transaction. */
  setTypeWithin(executor: Db, memberId: bigint, type: number): Promise<void>;
  /** A page of the merchant's agents (accounts starting with `accountPrefix`), newest first. */
  agentsPage(
    merchantCode: string,
    accountPrefix: string | undefined,
    page: { cursor?: string | undefined; limit: number },
  ): Promise<CursorPage<AgentRow>>;
}

export function createDownlineTree(db: Db): DownlineTree {
  const repository = createTreeRepository(db);
  return {
    isInDownline: (agentId, memberId) => repository.isBelow(agentId, memberId),
    inDownlineOf: (agentId, memberIds) => repository.belowOf(agentId, memberIds),
    descendantIds: (agentId) => repository.descendantIds(agentId, DESCENDANT_IDS_MAX),
    async ancestorChainsOf(memberIds) {
      const rows = await repository.ancestorRows([...new Set(memberIds)]);
      const chains = new Map<bigint, bigint[]>();
      for (const row of rows) {
        const chain = chains.get(row.member_id) ?? [];
        chain.push(row.ancestor_id);
        chains.set(row.member_id, chain);
      }
      return chains;
    },
    async uplineLinksWithin(executor, memberIds) {
      const rows = await repository.uplineLinks(
        executor,
        [...new Set(memberIds)],
        UPLINE_CHAIN_MAX_DEPTH,
      );
      return rows.map((row) => ({
        memberId: row.member_id,
        ancestorId: row.ancestor_id,
        ancestorType: Number(row.ancestor_type),
        depth: Number(row.depth),
      }));
    },
    async countsByLevel(agentId, since) {
      const rows = await repository.countsByLevel(agentId, since);
      return rows.map((row) => ({ level: row.depth, total: row.total, recent: row.recent }));
    },
    downlinePage: (filter, page) => repository.downlinePage(filter, page),
    async moveWithin(executor, merchantCode, memberId, toUplineId) {
      await repository.lockTreeForMove(executor);
      const member = await repository.lockMember(executor, merchantCode, memberId);
      if (!member) throw new AppError('NOT_FOUND', { field: 'memberId' });
      if (toUplineId !== null) {
        const upline = await repository.memberInMerchant(executor, merchantCode, toUplineId);
        if (!upline || !agentMemberTypes.includes(upline.type))
          throw new AppError('UPLINE_NOT_AGENT', { field: 'uplineMemberId' });
        if (upline.id === memberId || (await treeOf(executor).isBelow(memberId, upline.id)))
          throw new AppError('MEMBER_TREE_CYCLE', { field: 'uplineMemberId' });
      }
      await repository.setUpline(executor, memberId, toUplineId);
      return {
        memberId,
        account: member.username,
        fromUplineId: member.upline_member_id,
        toUplineId,
      };
    },
    setTypeWithin: (executor, memberId, type) => repository.setType(executor, memberId, type),
    agentsPage: (merchantCode, accountPrefix, page) =>
      repository.agentsPage(merchantCode, agentMemberTypes, accountPrefix, page),
  };
}

/** The repository on the caller's transaction: a check that must see its own locks. */
function treeOf(executor: Db) {
  return createTreeRepository(executor);
}

export type { AgentRow, DownlineFilter, DownlineRow };
