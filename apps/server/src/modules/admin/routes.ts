import {
  ADMIN_WITHDRAWAL_PROOF_PATH,
  adminApproveWithdrawalCall,
  adminAuditLogCall,
  adminLoginCall,
  adminRejectWithdrawalCall,
  adminResolveWithdrawalCaseCall,
  adminWithdrawalCasesCall,
  adminWithdrawalsCall,
} from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { Authenticate, RegisterCall } from '../../http/call-route.js';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.js';
import type { AuditService } from '../audit/index.js';
import { proofWithdrawalIdOf, sendProofImage, type WithdrawalService } from '../payments/index.js';
import { merchantOf } from '../system/index.js';
import type { Operator } from './repository.js';
import type { AdminService } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    operator: Operator | null;
  }
}

/** Per address; the per-account lockout (login-lockout.ts) holds across addresses. */
export const OPERATOR_LOGIN_LIMIT: RateLimitRule = {
  name: 'operator-login',
  limit: 10,
  windowMs: 15 * 60 * 1000,
};

function operatorOf(request: FastifyRequest): Operator {
  if (!request.operator) throw new AppError('SESSION_REQUIRED');
  return request.operator;
}

/** The proof image of any withdrawal of the operator's merchant (not a JSON call). */
export function registerAdminProofRoute(
  app: FastifyInstance,
  deps: { admin: AdminService; withdrawals: WithdrawalService; authenticate: Authenticate },
): void {
  app.get(
    ADMIN_WITHDRAWAL_PROOF_PATH,
    { preHandler: deps.authenticate },
    async (request, reply) => {
      const operator = operatorOf(request);
      deps.admin.require(operator, 'withdrawals:read');
      const proof = await deps.withdrawals.proofForMerchant(
        operator.merchantCode,
        proofWithdrawalIdOf(request.query),
      );
      return sendProofImage(reply, proof);
    },
  );
}

/** The operator API (the console comes later): its own login and sessions, roles per call, audit. */
export function registerAdminRoutes(
  registerAdminCall: RegisterCall,
  deps: {
    admin: AdminService;
    withdrawals: WithdrawalService;
    audit: AuditService;
    rateLimit: RateLimiter;
  },
): void {
  const { admin, withdrawals, audit, rateLimit } = deps;

  registerAdminCall(adminLoginCall, async ({ body, request }) => {
    const merchant = merchantOf(request);
    await rateLimit(OPERATOR_LOGIN_LIMIT, `${merchant.code}:${request.ip}`);
    return admin.login({
      merchantCode: merchant.code,
      username: body.username,
      password: body.password,
      ip: request.ip,
      log: request.log,
    });
  });

  registerAdminCall(adminWithdrawalsCall, async ({ query, request }) => {
    const operator = operatorOf(request);
    admin.require(operator, 'withdrawals:read');
    return withdrawals.ofMerchant({ merchantCode: operator.merchantCode, ...query });
  });

  registerAdminCall(adminApproveWithdrawalCall, async ({ body, request }) => {
    const operator = operatorOf(request);
    admin.require(operator, 'withdrawals:decide');
    return admin.decideWithdrawal({
      operator,
      withdrawalId: body.withdrawalId,
      decision: 'approve',
      proofImageBase64: body.proofImageBase64,
      ip: request.ip,
    });
  });

  registerAdminCall(adminRejectWithdrawalCall, async ({ body, request }) => {
    const operator = operatorOf(request);
    admin.require(operator, 'withdrawals:decide');
    return admin.decideWithdrawal({
      operator,
      withdrawalId: body.withdrawalId,
      decision: 'reject',
      reason: body.reason,
      ip: request.ip,
    });
  });

  registerAdminCall(adminWithdrawalCasesCall, async ({ query, request }) => {
    const operator = operatorOf(request);
    admin.require(operator, 'withdrawals:read');
    return withdrawals.cases(operator.merchantCode, query.status);
  });

  registerAdminCall(adminResolveWithdrawalCaseCall, async ({ body, request }) => {
    const operator = operatorOf(request);
    admin.require(operator, 'withdrawal-cases:resolve');
    return admin.resolveWithdrawalCase({
      operator,
      caseId: body.caseId,
      note: body.note,
      ip: request.ip,
    });
  });

  registerAdminCall(adminAuditLogCall, async ({ query, request }) => {
    const operator = operatorOf(request);
    admin.require(operator, 'audit:read');
    const page = await audit.page(operator.merchantCode, 1, query.pageSize);
    return {
      list: page.list.map((row) => ({
        ...row,
        operatorUsername: null,
        role: null,
        ip: null,
        createdAtMs: Date.parse(row.createdAt),
      })),
      nextAfterId: null,
    };
  });
}
