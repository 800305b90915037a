import {
  adminAdjustBalanceCall,
  adminApproveDepositCall,
  adminDepositsCall,
  adminRejectDepositCall,
  amountToMinor,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { RegisterCall } from '../../http/call-route.js';
import type { AuditService } from '../audit/index.js';
import type { ManualDepositService } from '../payments/index.js';
import { merchantOf } from '../system/index.js';
import type { AdjustmentService } from './adjustments.js';
import type { Operator, OperatorRole } from './repository.js';

/** Who may do what with deposits and balances (withdrawals keep theirs in service.ts). */
const moneyPermissions = {
  'deposits:read': ['admin', 'finance', 'support'],
  'deposits:decide': ['admin', 'finance'],
  'balance:adjust': ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;

function operatorAllowed(request: FastifyRequest, permission: keyof typeof moneyPermissions) {
  const operator: Operator | null = request.operator;
  if (!operator) throw new AppError('SESSION_REQUIRED');
  if (!(moneyPermissions[permission] as readonly OperatorRole[]).includes(operator.role)) {
    throw new AppError('FORBIDDEN');
  }
  return operator;
}

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return Array.isArray(key) ? key[0] : key;
}

/** Operator calls on money: manual bank deposits and balance adjustments, each audited. */
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
    return manualDeposits.list(operator.merchantCode, query.status);
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
      };
      const { before, after } =
        decision === 'approve'
          ? await manualDeposits.approve(input)
          : await manualDeposits.reject({
              ...input,
              reason: 'reason' in body ? body.reason : '',
            });
      await audit.record({
        merchantCode: operator.merchantCode,
        operatorId: operator.id,
        action: `deposit.${decision}`,
        subjectType: 'deposit',
        subjectId: body.depositId,
        before,
        after,
        ip: request.ip,
      });
      return after;
    });
  }

  registerAdminCall(adminAdjustBalanceCall, async ({ body, request }) => {
    const operator = operatorAllowed(request, 'balance:adjust');
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
