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

    /**
     * A new code of the agent; undefined when the merchant already has it (any case) or the
     * agent holds `maxCodes` already (checked under the agent's row lock, so two at once
     * cannot both pass the limit).
     */
    async createCode(merchantCode: string, agentMemberId: bigint, code: string, maxCodes: number) {
      return db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('members')
          .select('id')
          .where('id', '=', agentMemberId)
          .forUpdate()
          .executeTakeFirst();
        const held = await trx
          .selectFrom('affiliate_codes')
          .select(countAll().as('count'))
          .where('agent_member_id', '=', agentMemberId)
          .executeTakeFirstOrThrow();
        if (held.count >= maxCodes) return 'limit' as const;
        const row = await trx
          .insertInto('affiliate_codes')
          .values({ merchant_code: merchantCode, code, agent_member_id: agentMemberId })
          .onConflict((conflict) => conflict.doNothing())
          .returning(['code', 'active'])
          .executeTakeFirst();
        return row ?? ('taken' as const);
      });
    },

    /** Switches one of the agent's own codes; undefined when the agent holds no such code. */
    async setCodeActive(
      merchantCode: string,
      agentMemberId: bigint,
      code: string,
      active: boolean,
    ) {
      return db
        .updateTable('affiliate_codes')
        .set({ active })
        .where('merchant_code', '=', merchantCode)
        .where('agent_member_id', '=', agentMemberId)
        .where(sql<string>`lower(code)`, '=', code.toLowerCase())
        .returning(['code', 'active'])
        .executeTakeFirst();
    },
  };
}
