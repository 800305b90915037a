import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { countAll, countOf, countWhere } from '../../../db/sql-numbers.js';

/** An agent's downline as the member tables record it: uplines and invitation codes. */
export function createDownlineRepository(db: Db) {
  return {
    async member(merchantCode: string, memberId: bigint) {
      return db
        .selectFrom('members')
        .select(['username', 'type'])
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', memberId)
        .executeTakeFirst();
    },

    async directDownlineCounts(merchantCode: string, agentMemberId: bigint, recentDays: number) {
      const row = await db
        .selectFrom('members')
        .select([
          countAll().as('total'),
          countWhere(sql<boolean>`created_at > now() - make_interval(days => ${recentDays})`).as(
            'recent',
          ),
        ])
        .where('merchant_code', '=', merchantCode)
        .where('upline_member_id', '=', agentMemberId)
        .executeTakeFirstOrThrow();
      return { total: row.total, recent: row.recent };
    },

    async affiliateCodesWithRegistrations(
      merchantCode: string,
      agentMemberId: bigint,
      limit: number,
    ) {
      const rows = await db
        .selectFrom('affiliate_codes as affiliate')
        .leftJoin('members as invited', 'invited.affiliate_code_id', 'affiliate.id')
        .select(['affiliate.code', 'affiliate.active', countOf('invited.id').as('registered')])
        .where('affiliate.merchant_code', '=', merchantCode)
        .where('affiliate.agent_member_id', '=', agentMemberId)
        .groupBy(['affiliate.id', 'affiliate.code', 'affiliate.active'])
        .orderBy('affiliate.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        code: row.code,
        active: row.active,
        registeredCount: row.registered,
      }));
    },
  };
}
