import {
  type AgentContractKind,
  agentContractHistoryCall,
  agentContractListCall,
  agentContractTemplatesCall,
  agentRevenueReportCall,
  agentSettlementListCall,
  processCommissionCall,
  processDailySalaryCall,
  processDividendCall,
  processHourlySalaryCall,
  processRealTimeSalaryCall,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { RegisterCall } from '../../http/call-route.js';
import { merchantOf } from '../system/index.js';
import type { AgentContracts } from './create.js';
import type { ContractAction } from './service.js';

export interface AgentContractRouteDeps {
  agentContracts: AgentContracts;
  /** The agent's member id; refuses guests, trial accounts and members who are not agents. */
  agentIdOf(request: FastifyRequest): bigint;
}

export function registerAgentContractRoutes(
  registerCall: RegisterCall,
  deps: AgentContractRouteDeps,
) {
  const { contracts, reports } = deps.agentContracts;
  const processCalls = [
    [processDividendCall, 'dividend'],
    [processDailySalaryCall, 'daily'],
    [processHourlySalaryCall, 'hourly'],
    [processRealTimeSalaryCall, 'realtime'],
    [processCommissionCall, 'commission'],
  ] as const;
  for (const [call, kind] of processCalls) {
    registerCall(call, async ({ request, body }) =>
      contracts.process(merchantOf(request), deps.agentIdOf(request), kind, body as ContractAction),
    );
  }
  registerCall(agentContractListCall, async ({ request, query }) =>
    contracts.list(deps.agentIdOf(request), query.kind as AgentContractKind, query),
  );
  registerCall(agentContractTemplatesCall, async ({ request, query }) => {
    deps.agentIdOf(request);
    return contracts.templates(merchantOf(request), query.kind);
  });
  registerCall(agentContractHistoryCall, async ({ request, query }) =>
    contracts.history(deps.agentIdOf(request), BigInt(query.contractId)),
  );
  registerCall(agentSettlementListCall, async ({ request, query }) =>
    reports.settlements(deps.agentIdOf(request), query.kind, query),
  );
  registerCall(agentRevenueReportCall, async ({ request, query }) =>
    reports.revenue(deps.agentIdOf(request), merchantOf(request).currency, query),
  );
}
