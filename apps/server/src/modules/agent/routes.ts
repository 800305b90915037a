import {
  agentDownlineCall,
  agentDownlineTransactionsCall,
  agentInvitationCodesCall,
  agentInvitationQrCall,
  agentOverviewCall,
  agentRegisterDownlineCall,
  agentSaveInvitationCodeCall,
  agentSetDownlineTypeCall,
  agentTeamBettingCall,
  agentTeamOverviewCall,
  agentUserProfitCall,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { RegisterCall } from '../../http/call-route.js';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.js';
import { merchantOf } from '../system/index.js';
import type { AgentService } from './service.js';
import type { TeamService } from './team-service.js';

/** Accounts one agent may register in the agent centre per hour (a leaked session is bounded). */
export const AGENT_REGISTER_PER_AGENT_LIMIT: RateLimitRule = {
  name: 'agent-register-downline',
  limit: 60,
  windowMs: 60 * 60 * 1000,
};

export interface AgentRouteDeps {
  agents: AgentService;
  team: TeamService;
  rateLimit: RateLimiter;
  /** The agent's member id; refuses guests, trial accounts and members who are not agents. */
  agentIdOf(request: FastifyRequest): bigint;
  /** The same, with the agent's account type. */
  agentOf(request: FastifyRequest): { memberId: bigint; memberType: number };
}

/**
 * The agent centre's calls. Each one starts with the agent guard (`agentIdOf`: SESSION_REQUIRED,
 * TRIAL_ACCOUNT or NOT_AGENT), and the team service checks every member id against the caller's
 * downline (DOWNLINE_NOT_FOUND for another team's member and an unknown id alike).
 */
export function registerAgentRoutes(registerCall: RegisterCall, deps: AgentRouteDeps): void {
  const { team } = deps;
  registerCall(agentOverviewCall, async ({ request }) =>
    deps.agents.overview(merchantOf(request).code, deps.agentIdOf(request)),
  );
  registerCall(agentTeamOverviewCall, async ({ query, request }) =>
    team.teamOverview(merchantOf(request), deps.agentIdOf(request), query),
  );
  registerCall(agentDownlineCall, async ({ query, request }) =>
    team.downline(deps.agentIdOf(request), query),
  );
  registerCall(agentSetDownlineTypeCall, async ({ body, request }) => {
    const agent = deps.agentOf(request);
    return team.setDownlineType(agent.memberId, agent.memberType, body);
  });
  registerCall(agentRegisterDownlineCall, async ({ body, request }) => {
    const agentId = deps.agentIdOf(request);
    await deps.rateLimit(AGENT_REGISTER_PER_AGENT_LIMIT, agentId.toString());
    return team.registerDownline(merchantOf(request), agentId, body, request.ip);
  });
  registerCall(agentInvitationCodesCall, async ({ request }) =>
    team.invitationCodes(merchantOf(request).code, deps.agentIdOf(request)),
  );
  registerCall(agentSaveInvitationCodeCall, async ({ body, request }) =>
    team.saveInvitationCode(merchantOf(request).code, deps.agentIdOf(request), body),
  );
  registerCall(agentInvitationQrCall, async ({ query, request }) =>
    team.invitationQr(
      merchantOf(request).code,
      deps.agentIdOf(request),
      query.code,
      `${request.protocol}://${request.host}`,
    ),
  );
  registerCall(agentTeamBettingCall, async ({ query, request }) =>
    team.teamBetting(deps.agentIdOf(request), query),
  );
  registerCall(agentUserProfitCall, async ({ query, request }) =>
    team.userProfit(deps.agentIdOf(request), query),
  );
  registerCall(agentDownlineTransactionsCall, async ({ query, request }) =>
    team.transactions(deps.agentIdOf(request), query),
  );
}
