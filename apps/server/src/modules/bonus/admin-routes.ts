import {
  adminBonusesCall,
  adminForfeitBonusCall,
  adminGrantBonusCall,
  type Permission,
  roleAllows,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { RegisterCall } from '../../http/call-route.js';
import { merchantOf } from '../system/index.js';
import type { BonusOperator, BonusOperatorCalls } from './operator-calls.js';

/** The operator behind the call (the guard checked the permission already; checked again here). */
function operatorOf(request: FastifyRequest, permission: Permission): BonusOperator {
  const operator = request.operator;
  if (!operator) throw new AppError('SESSION_REQUIRED');
  if (!roleAllows(operator.role, permission)) throw new AppError('FORBIDDEN');
  return {
    merchantCode: operator.merchantCode,
    currency: merchantOf(request).currency,
    operatorId: operator.id,
    operatorUsername: operator.username,
    operatorRole: operator.role,
    ip: request.ip,
  };
}

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return Array.isArray(key) ? key[0] : key;
}

/** The console's bonus calls: the merchant's bonuses, and a bonus granted by hand. */
export function registerBonusAdminRoutes(
  registerAdminCall: RegisterCall,
  calls: BonusOperatorCalls,
): void {
  registerAdminCall(adminBonusesCall, async ({ request, query }) =>
    calls.list(operatorOf(request, 'bonuses:read').merchantCode, query),
  );
  registerAdminCall(adminGrantBonusCall, async ({ request, body }) =>
    calls.grant(operatorOf(request, 'bonuses:grant'), {
      ...body,
      idempotencyKey: idempotencyKeyOf(request),
    }),
  );
  registerAdminCall(adminForfeitBonusCall, async ({ request, body }) =>
    calls.forfeit(operatorOf(request, 'bonuses:grant'), body),
  );
}
