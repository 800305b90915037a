import { AGENT_OVERVIEW_CODES_LIMIT } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** New downline members are counted over this many days on the overview. */
export const NEW_DOWNLINE_WINDOW_DAYS = 30;

export function createAgentRepository(db: Db) {
  return {
    /** The agent's own row, scoped to the merchant; undefined for anyone else's id. */
    async agent(merchantCode: string, memberId: bigint) {
      return db
        .selectFrom('members')
        .select(['username', 'type'])
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', memberId.toString())
        .executeTakeFirst();
    },

    /** Direct downline counts: every member whose upline is the agent, and the recent ones. */
    async downlineCounts(merchantCode: string, agentMemberId: bigint) {
      const row = await db
        .selectFrom('members')
        .select([
          sql<string>`count(*)`.as('total'),
          sql<string>`count(*) filter (where created_at > now() - make_interval(days => ${NEW_DOWNLINE_WINDOW_DAYS}))`.as(
            'recent',
          ),
        ])
        .where('merchant_code', '=', merchantCode)
        .where('upline_member_id', '=', agentMemberId.toString())
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), recent: Number(row.recent) };
    },

    /** The agent's codes with how many members registered through each, newest first. */
    async affiliateCodes(merchantCode: string, agentMemberId: bigint) {
      const rows = await db
        .selectFrom('affiliate_codes as affiliate')
        .leftJoin('members as invited', 'invited.affiliate_code_id', 'affiliate.id')
        .select([
          'affiliate.code',
          'affiliate.active',
          sql<string>`count(invited.id)`.as('registered'),
        ])
        .where('affiliate.merchant_code', '=', merchantCode)
        .where('affiliate.agent_member_id', '=', agentMemberId.toString())
        .groupBy(['affiliate.id', 'affiliate.code', 'affiliate.active'])
        .orderBy('affiliate.id', 'desc')
        .limit(AGENT_OVERVIEW_CODES_LIMIT)
        .execute();
      return rows.map((row) => ({
        code: row.code,
        active: row.active,
        registeredCount: Number(row.registered),
      }));
    },
  };
}

export type AgentRepository = ReturnType<typeof createAgentRepository>;
