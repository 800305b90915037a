import {
  adminApprovePointRedemptionCall,
  adminPointRedemptionsCall,
  adminPointRewardsCall,
  adminPointRulesCall,
  adminRejectPointRedemptionCall,
  adminSavePointRewardCall,
  adminSavePointRulesCall,
  type Permission,
  roleAllows,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { RegisterCall } from '../../http/call-route.js';
import type { LoyaltyActor, PointsAdminService } from './admin-service.js';

/** The operator behind the call (the guard checked the permission already; checked again here). */
export function loyaltyActorOf(request: FastifyRequest, permission: Permission): LoyaltyActor {
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

/** The operators' points calls: rules, catalogue and stock, the redemption queue. */
export function registerPointsAdminRoutes(
  registerAdminCall: RegisterCall,
  points: PointsAdminService,
): void {
  registerAdminCall(adminPointRulesCall, async ({ request }) =>
    points.rules(loyaltyActorOf(request, 'loyalty:read')),
  );
  registerAdminCall(adminSavePointRulesCall, async ({ request, body }) =>
    points.saveRules(loyaltyActorOf(request, 'loyalty:configure'), body),
  );
  registerAdminCall(adminPointRewardsCall, async ({ request }) =>
    points.rewards(loyaltyActorOf(request, 'loyalty:read')),
  );
  registerAdminCall(adminSavePointRewardCall, async ({ request, body }) =>
    points.saveReward(loyaltyActorOf(request, 'loyalty:configure'), body),
  );
  registerAdminCall(adminPointRedemptionsCall, async ({ request, query }) =>
    points.redemptions(loyaltyActorOf(request, 'loyalty:read'), query),
  );
  registerAdminCall(adminApprovePointRedemptionCall, async ({ request, body }) =>
    points.approve(loyaltyActorOf(request, 'loyalty:decide'), body.id),
  );
  registerAdminCall(adminRejectPointRedemptionCall, async ({ request, body }) =>
    points.reject(loyaltyActorOf(request, 'loyalty:decide'), body.id, body.reason),
  );
}
