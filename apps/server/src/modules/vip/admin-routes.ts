import {
  adminSaveVipRanksCall,
  adminVipRanksCall,
  type Permission,
  roleAllows,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { RegisterCall } from '../../http/call-route.js';
import type { VipActor, VipService } from './service.js';

function actorOf(request: FastifyRequest, permission: Permission): VipActor {
  const operator = request.operator;
  if (!operator) throw new AppError('SESSION_REQUIRED');
  if (!roleAllows(operator.role, permission)) throw new AppError('FORBIDDEN');
  return {
    merchantCode: operator.merchantCode,
    operatorId: operator.id,
    operatorUsername: operator.username,
    operatorRole: operator.role,
    ip: request.ip,
  };
}

/** The operators' club rank calls. */
export function registerVipAdminRoutes(registerAdminCall: RegisterCall, vip: VipService): void {
  registerAdminCall(adminVipRanksCall, async ({ request }) =>
    vip.ranks(actorOf(request, 'loyalty:read')),
  );
  registerAdminCall(adminSaveVipRanksCall, async ({ request, body }) =>
    vip.saveRanks(actorOf(request, 'loyalty:configure'), body),
  );
}
