import {
  adminAdjustBalanceCall,
  adminApproveDepositCall,
  adminDepositsCall,
  adminRejectDepositCall,
  amountToMinor,
  type Permission,
  roleAllows,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { RegisterCall } from '../../http/call-route.js';
import type { AuditService } from '../audit/index.js';
import type { ManualDepositDecision, ManualDepositService } from '../payments/index.js';
import { merchantOf } from '../system/index.js';
import type { AdjustmentService } from './adjustments.js';
import { actorFields } from './operator-access.js';
import type { Operator } from './repository.js';

/** The guard checked the permission already; checked again here next to the money. */
function operatorAllowed(request: FastifyRequest, permission: Permission) {
  const operator: Operator | null = request.operator;
  if (!operator) throw new AppError('SESSION_REQUIRED');
  if (!roleAllows(operator.role, permission)) throw new AppError('FORBIDDEN');
  return operator;
}

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return Array.isArray(key) ? key[0] : key;
}

/** Operator calls on money: manual bank deposits and balance adjustments, each audited in its transaction. */
export function registerAdminMoneyRoutes(
  registerAdminCall: RegisterCall,
  deps: {
    manualDeposits: ManualDepositService;
    adjustments: AdjustmentService;
    audit: AuditService;
  },
): void {
  const { manualDeposits, adjustments, audit } = deps;

  registerAdminCall(adminDepositsCall, async ({ query, request }) => {
    const operator = operatorAllowed(request, 'deposits:read');
    return manualDeposits.list({ merchantCode: operator.merchantCode, ...query });
  });

  for (const [call, decision] of [
    [adminApproveDepositCall, 'approve'],
    [adminRejectDepositCall, 'reject'],
  ] as const) {
    registerAdminCall(call, async ({ body, request }) => {
      const operator = operatorAllowed(request, 'deposits:decide');
      const input = {
        merchantCode: operator.merchantCode,
        depositId: body.depositId,
        operatorId: operator.id,
        recordWithin: (executor: Db, change: ManualDepositDecision) =>
          audit.recordWithin(executor, {
            ...actorFields(operator, request.ip),
            action: `deposit.${decision}`,
            subjectType: 'deposit',
            subjectId: body.depositId,
            before: change.before,
            after: change.after,
          }),
      };
      const { after } =
        decision === 'approve'
          ? await manualDeposits.approve(input)
          : await manualDeposits.reject({
              ...input,
              reason: 'reason' in body ? body.reason : '',
            });
      return after;
    });
  }

  registerAdminCall(adminAdjustBalanceCall, async ({ body, request }) => {
    const operator = operatorAllowed(request, 'members:adjust');
    const amountMinor =
      body.amountMinor !== undefined ? BigInt(body.amountMinor) : amountToMinor(body.amount ?? 0);
    return adjustments.adjust({
      merchant: merchantOf(request),
      operator,
      account: body.account,
      amountMinor,
      reason: body.reason,
      idempotencyKey: idempotencyKeyOf(request),
      ip: request.ip,
    });
  });
}
