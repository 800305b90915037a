import type { Db } from '../../../db/database.js';

/**
 * How many uplines above a member a chain climbs. Trees deeper than this are cut off: the
 * agents above the cap get nothing from this member's play. Real programmes run 3 to 6 levels;
 * 32 leaves room and bounds the recursion if a cycle ever slipped into the data.
 */
export const UPLINE_CHAIN_MAX_DEPTH = 32;

/** One link of a member's chain: the member itself at depth 0, its upline at 1, and so on. */
export interface UplineLink {
  memberId: bigint;
  ancestorId: bigint;
  ancestorType: number;
  depth: number;
}

/**
 * The chains of uplines of these members (each member itself included at depth 0), in one
 * recursive query over `members.upline_member_id`, on `executor` (the caller's transaction).
 * Built with the query builder of the executor it is given; the member module owns `members`.
 */
export async function uplineChainsOf(
  executor: Db,
  memberIds: readonly bigint[],
): Promise<UplineLink[]> {
  if (memberIds.length === 0) return [];
  const rows = await executor
    .withRecursive('chain(member_id, ancestor_id, upline_id, ancestor_type, depth)', (qb) =>
      qb
        .selectFrom('members')
        .select([
          'members.id as member_id',
          'members.id as ancestor_id',
          'members.upline_member_id as upline_id',
          'members.type as ancestor_type',
          (eb) => eb.lit(0).as('depth'),
        ])
        .where('members.id', 'in', [...memberIds])
        .unionAll((union) =>
          union
            .selectFrom('chain')
            .innerJoin('members', 'members.id', 'chain.upline_id')
            .select([
              'chain.member_id',
              'members.id as ancestor_id',
              'members.upline_member_id as upline_id',
              'members.type as ancestor_type',
              (eb) => eb(eb.ref('chain.depth'), '+', 1).as('depth'),
            ])
            .where('chain.depth', '<', UPLINE_CHAIN_MAX_DEPTH),
        ),
    )
    .selectFrom('chain')
    .select(['member_id', 'ancestor_id', 'ancestor_type', 'depth'])
    .execute();
  return rows.map((row) => ({
    memberId: BigInt(row.member_id),
    ancestorId: BigInt(row.ancestor_id),
    ancestorType: Number(row.ancestor_type),
    depth: Number(row.depth),
  }));
}
