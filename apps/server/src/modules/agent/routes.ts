import { agentOverviewCall } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { RegisterCall } from '../../http/call-route.js';
import { merchantOf } from '../system/index.js';
import type { AgentService } from './service.js';

export interface AgentRouteDeps {
  agents: AgentService;
  /** The agent's member id; refuses guests, trial accounts and members who are not agents. */
  agentIdOf(request: FastifyRequest): bigint;
}

export function registerAgentRoutes(registerCall: RegisterCall, deps: AgentRouteDeps): void {
  registerCall(agentOverviewCall, async ({ request }) =>
    deps.agents.overview(merchantOf(request).code, deps.agentIdOf(request)),
  );
}
