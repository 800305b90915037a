import {
  adminAgentContractHistoryCall,
  adminAgentContractsCall,
  adminAgentContractTemplatesCall,
  adminAgentSettlementsCall,
  adminAgentsCall,
  adminOverrideAgentContractCall,
  adminRerunAgentSettlementCall,
  adminSaveAgentContractTemplateCall,
  adminSetHouseContractCall,
  adminTerminateAgentContractCall,
  adminVoidAgentSettlementCall,
  type Permission,
  roleAllows,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { RegisterCall } from '../../http/call-route.js';
import type { AgentContracts } from '../agent-contracts/index.js';
import type { AuditService } from '../audit/index.js';
import type { DownlineTree } from '../member/index.js';
import { actorFields } from './operator-access.js';
import type { Operator } from './repository.js';

function operatorAllowed(request: FastifyRequest, permission: Permission): Operator {
  const operator: Operator | null = request.operator;
  if (!operator) throw new AppError('SESSION_REQUIRED');
  if (!roleAllows(operator.role, permission)) throw new AppError('FORBIDDEN');
  return operator;
}

/**
 * The operators' agent programme (issue 18): agents with their team size, contracts (end one
 * with a reason) and settlement periods (rerun a failed one, void one that paid nothing). The
 * agent-contracts module makes each change and writes the audit entry in its transaction.
 */
export function registerAdminAgentContractRoutes(
  registerAdminCall: RegisterCall,
  deps: {
    tree: Pick<DownlineTree, 'agentsPage'>;
    agentContracts: Pick<AgentContracts, 'operator' | 'operatorTerms'>;
    audit: AuditService;
  },
): void {
  const { operator: contracts, operatorTerms } = deps.agentContracts;

  /** The audit entry of one change, written through the change's transaction. */
  const auditOf =
    (request: FastifyRequest, operator: Operator, action: string, subject: string, extra: object) =>
    (trx: Db, before: object, after: object) =>
      deps.audit.recordWithin(trx, {
        ...actorFields(operator, request.ip),
        action,
        subjectType: action.startsWith('agent-contract.') ? 'agent-contract' : 'agent-settlement',
        subjectId: subject,
        before,
        after: { ...after, ...extra },
      });

  registerAdminCall(adminAgentsCall, async ({ query, request }) => {
    const operator = operatorAllowed(request, 'agents:read');
    const page = await deps.tree.agentsPage(operator.merchantCode, query.account, query);
    return {
      nextCursor: page.nextCursor,
      items: page.items.map((agent) => ({
        memberId: agent.id.toString(),
        account: agent.username,
        type: agent.type,
        upline: agent.uplineUsername,
        teamSize: agent.teamSize,
        createdAt: agent.createdAt.toISOString(),
      })),
    };
  });

  registerAdminCall(adminAgentContractsCall, async ({ query, request }) => {
    const operator = operatorAllowed(request, 'agents:read');
    const { kind, status, account, ...page } = query;
    return contracts.contracts(operator.merchantCode, { kind, status, account }, page);
  });

  registerAdminCall(adminTerminateAgentContractCall, async ({ body, request }) => {
    const operator = operatorAllowed(request, 'agents:manage');
    return contracts.terminate(
      operator.merchantCode,
      BigInt(body.contractId),
      auditOf(request, operator, 'agent-contract.terminate', body.contractId, {
        reason: body.reason,
      }),
    );
  });

  registerAdminCall(adminAgentSettlementsCall, async ({ query, request }) => {
    const operator = operatorAllowed(request, 'agents:read');
    const { kind, status, ...page } = query;
    return contracts.settlements(operator.merchantCode, { kind, status }, page);
  });

  registerAdminCall(adminRerunAgentSettlementCall, async ({ body, request }) => {
    const operator = operatorAllowed(request, 'agents:manage');
    return contracts.rerunSettlement(
      operator.merchantCode,
      BigInt(body.settlementId),
      auditOf(request, operator, 'agent-settlement.rerun', body.settlementId, {
        reason: body.reason,
      }),
    );
  });

  registerAdminCall(adminVoidAgentSettlementCall, async ({ body, request }) => {
    const operator = operatorAllowed(request, 'agents:manage');
    return contracts.voidSettlement(
      operator.merchantCode,
      BigInt(body.settlementId),
      body.reason,
      auditOf(request, operator, 'agent-settlement.void', body.settlementId, {
        reason: body.reason,
      }),
    );
  });

  /** The audit entry of a change whose subject is known only inside its transaction. */
  const auditBySubject =
    (
      request: FastifyRequest,
      operator: Operator,
      action: string,
      subjectType: string,
      extra: object,
    ) =>
    (trx: Db, subjectId: string, before: object | null, after: object) =>
      deps.audit.recordWithin(trx, {
        ...actorFields(operator, request.ip),
        action,
        subjectType,
        subjectId,
        before,
        after: { ...after, ...extra },
      });

  registerAdminCall(adminAgentContractTemplatesCall, async ({ query, request }) => {
    const operator = operatorAllowed(request, 'agents:read');
    const { kind, active, ...page } = query;
    return operatorTerms.templates(
      operator.merchantCode,
      { kind, active: active === undefined ? undefined : active === 'true' },
      page,
    );
  });

  registerAdminCall(adminSaveAgentContractTemplateCall, async ({ body, request }) => {
    const operator = operatorAllowed(request, 'agents:manage');
    return operatorTerms.saveTemplate(
      operator.merchantCode,
      body,
      auditBySubject(
        request,
        operator,
        'agent-contract-template.save',
        'agent-contract-template',
        {},
      ),
    );
  });

  registerAdminCall(adminOverrideAgentContractCall, async ({ body, request }) => {
    const operator = operatorAllowed(request, 'agents:manage');
    return operatorTerms.override(
      operator.merchantCode,
      {
        contractId: BigInt(body.contractId),
        terms: body.terms,
        reason: body.reason,
        operatorAccount: actorFields(operator, request.ip).operatorUsername,
      },
      auditOf(request, operator, 'agent-contract.override', body.contractId, {
        reason: body.reason,
      }),
    );
  });

  registerAdminCall(adminAgentContractHistoryCall, async ({ query, request }) => {
    const operator = operatorAllowed(request, 'agents:read');
    return operatorTerms.history(operator.merchantCode, BigInt(query.contractId));
  });

  registerAdminCall(adminSetHouseContractCall, async ({ body, request }) => {
    const operator = operatorAllowed(request, 'agents:manage');
    return operatorTerms.setHouseContract(
      operator.merchantCode,
      { ...body, operatorAccount: actorFields(operator, request.ip).operatorUsername },
      auditBySubject(request, operator, 'agent-contract.house', 'agent-contract', {
        reason: body.reason,
        account: body.account,
      }),
    );
  });
}
