import { agentMemberTypes } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

export interface AffiliateCode {
  id: bigint;
  /** As the agent spelt it. */
  code: string;
  agentMemberId: bigint;
}

export function createAffiliateRepository(db: Db) {
  return {
    /**
     * The active code of an active agent of the merchant, compared without regard to case;
     * undefined for any other code.
     */
    async findUsable(merchantCode: string, code: string): Promise<AffiliateCode | undefined> {
      const row = await db
        .selectFrom('affiliate_codes as affiliate')
        .innerJoin('members as agent', 'agent.id', 'affiliate.agent_member_id')
        .select(['affiliate.id', 'affiliate.code', 'affiliate.agent_member_id'])
        .where('affiliate.merchant_code', '=', merchantCode)
        .where(sql<string>`lower(affiliate.code)`, '=', code.toLowerCase())
        .where('affiliate.active', '=', true)
        .where('agent.merchant_code', '=', merchantCode)
        .where('agent.status', '=', 'active')
        .where('agent.type', 'in', [...agentMemberTypes])
        .executeTakeFirst();
      return row ? { id: row.id, code: row.code, agentMemberId: row.agent_member_id } : undefined;
    },
  };
}

export type AffiliateRepository = ReturnType<typeof createAffiliateRepository>;
