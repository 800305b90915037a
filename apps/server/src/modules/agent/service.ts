import type { AgentOverview } from '@app/contract';
import { AppError } from '../../http/app-error.js';
import type { AgentRepository } from './repository.js';

/** The agent centre (SPEC §2): what an agent sees of their own team, and nothing of others'. */
export function createAgentService(repository: AgentRepository) {
  return {
    async overview(merchantCode: string, agentMemberId: bigint): Promise<AgentOverview> {
      const agent = await repository.agent(merchantCode, agentMemberId);
      if (!agent) throw new AppError('SESSION_EXPIRED');
      const [downline, affiliateCodes] = await Promise.all([
        repository.downlineCounts(merchantCode, agentMemberId),
        repository.affiliateCodes(merchantCode, agentMemberId),
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

export type AgentService = ReturnType<typeof createAgentService>;
