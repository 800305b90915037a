import {
  ADMIN_WITHDRAWAL_PROOF_PATH,
  adminApproveWithdrawalCall,
  adminAuditLogCall,
  adminAuditVerifyCall,
  adminLoginCall,
  adminLogoutCall,
  adminRejectWithdrawalCall,
  adminResolveWithdrawalCaseCall,
  adminSessionCall,
  adminSessionMerchantsCall,
  adminSwitchMerchantCall,
  adminTotpConfirmCall,
  adminTotpStartCall,
  adminWithdrawalCasesCall,
  adminWithdrawalsCall,
} from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { RegisterCall } from '../../http/call-route.js';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.js';
import type { AuditService } from '../audit/index.js';
import { proofWithdrawalIdOf, sendProofImage, type WithdrawalService } from '../payments/index.js';
import { merchantOf } from '../system/index.js';
import { createOperatorAuthenticate } from './guard.js';
import { consoleSessionOf, type OperatorAccess } from './operator-access.js';
import type { Operator } from './repository.js';
import type { AdminService } from './service.js';
import { clearSessionCookie, isBrowserRequest, setSessionCookie } from './session-cookie.js';

declare module 'fastify' {
  interface FastifyRequest {
    operator: Operator | null;
    /** The operator's session, set by the admin guard. */
    operatorAccess: OperatorAccess | null;
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

function accessOf(request: FastifyRequest): OperatorAccess {
  if (!request.operatorAccess) throw new AppError('SESSION_REQUIRED');
  return request.operatorAccess;
}

/** The proof image of any withdrawal of the operator's merchant (not a JSON call). */
export function registerAdminProofRoute(
  app: FastifyInstance,
  deps: { admin: AdminService; withdrawals: WithdrawalService },
): void {
  app.get(
    ADMIN_WITHDRAWAL_PROOF_PATH,
    { preHandler: createOperatorAuthenticate(deps.admin, 'withdrawals:read') },
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

/** The operator API: its own sign-in and sessions, a permission per call (guard.ts), audit. */
export function registerAdminRoutes(
  registerAdminCall: RegisterCall,
  deps: {
    admin: AdminService;
    withdrawals: WithdrawalService;
    audit: AuditService;
    rateLimit: RateLimiter;
    /** Marks the session cookie Secure (production: served over HTTPS only). */
    secureCookies: boolean;
  },
): void {
  const { admin, withdrawals, audit, rateLimit, secureCookies } = deps;

  registerAdminCall(adminLoginCall, async ({ body, request, reply }) => {
    const merchant = merchantOf(request);
    await rateLimit(OPERATOR_LOGIN_LIMIT, `${merchant.code}:${request.ip}`);
    const result = await admin.login({
      merchantCode: merchant.code,
      username: body.username,
      password: body.password,
      totpCode: body.totpCode,
      recoveryCode: body.recoveryCode,
      ip: request.ip,
      log: request.log,
    });
    if (result.status === 'totp-required') return result;
    setSessionCookie(reply, result.token, secureCookies);
    // A browser keeps the token in the HttpOnly cookie alone, out of reach of page scripts.
    return {
      status: 'signed-in' as const,
      session: result.session,
      role: result.operator.role,
      ...(isBrowserRequest(request) ? {} : { token: result.token }),
    };
  });

  registerAdminCall(adminSessionCall, async ({ request }) => {
    const access = accessOf(request);
    return consoleSessionOf(access.operator, access.token, access.session);
  });

  registerAdminCall(adminSessionMerchantsCall, async ({ request }) => ({
    merchantCodes: await admin.merchantsOf(accessOf(request).operator),
  }));

  registerAdminCall(adminSwitchMerchantCall, async ({ body, request }) =>
    admin.switchMerchant(accessOf(request), body.merchantCode, request.ip),
  );

  registerAdminCall(adminLogoutCall, async ({ request, reply }) => {
    await admin.logout(accessOf(request), request.ip);
    clearSessionCookie(reply, secureCookies);
    return {};
  });

  registerAdminCall(adminTotpStartCall, async ({ request }) =>
    admin.startTotp(operatorOf(request), request.ip),
  );

  registerAdminCall(adminTotpConfirmCall, async ({ body, request }) =>
    admin.confirmTotp(operatorOf(request), body.code, request.ip),
  );

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
    return withdrawals.cases({ merchantCode: operator.merchantCode, ...query });
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
    return admin.auditLog(operator.merchantCode, query);
  });

  registerAdminCall(adminAuditVerifyCall, async ({ request }) => {
    const operator = operatorOf(request);
    admin.require(operator, 'audit:read');
    return audit.verify(operator.merchantCode);
  });
}
