import { AGENT_OVERVIEW_CODES_LIMIT, type AgentOverview } from '@app/contract';
import { AppError } from '../../http/app-error.js';
import type { DownlineReader } from '../member/index.js';

/** New downline members are counted over this many days on the overview. */
export const NEW_DOWNLINE_WINDOW_DAYS = 30;

/** The agent centre (SPEC §2): what an agent sees of their own team, and nothing of others'. */
export interface AgentService {
  overview(merchantCode: string, agentMemberId: bigint): Promise<AgentOverview>;
}

export function createAgentService(deps: { downline: DownlineReader }): AgentService {
  return {
    async overview(merchantCode, agentMemberId) {
      const agent = await deps.downline.member(merchantCode, agentMemberId);
      if (!agent) throw new AppError('SESSION_EXPIRED');
      const [downline, affiliateCodes] = await Promise.all([
        deps.downline.directDownlineCounts(merchantCode, agentMemberId, NEW_DOWNLINE_WINDOW_DAYS),
        deps.downline.affiliateCodesWithRegistrations(
          merchantCode,
          agentMemberId,
          AGENT_OVERVIEW_CODES_LIMIT,
        ),
      ]);
      return {
        account: agent.username,
        type: agent.type,
        directDownlineCount: downline.total,
        newDownlineLast30Days: downline.recent,
        affiliateCodes,
      };
    },
  };
}
