import {
  adminDecideApplicationCall,
  adminPromotionApplicationImageCall,
  adminPromotionApplicationsCall,
  adminPromotionParticipantsCall,
  adminPromotionPreviewCall,
  adminPromotionReportCall,
  adminPromotionsCall,
  adminSavePromotionCall,
  adminSetPromotionStateCall,
  type Permission,
  roleAllows,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { RegisterCall } from '../../http/call-route.js';
import type { PromotionActor, PromotionsAdminService } from './admin-service.js';

/** The operator behind the call (the guard checked the permission already; checked again here). */
function actorOf(request: FastifyRequest, permission: Permission): PromotionActor {
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

/** The console's Promotions calls (registered with the operator guard: a permission per call). */
export function registerPromotionAdminRoutes(
  registerAdminCall: RegisterCall,
  promotions: PromotionsAdminService,
): void {
  registerAdminCall(adminPromotionsCall, async ({ request, query }) => {
    const { category, ...page } = query;
    return promotions.list(actorOf(request, 'promotions:read'), category, page);
  });
  registerAdminCall(adminSavePromotionCall, async ({ request, body }) =>
    promotions.save(actorOf(request, 'promotions:edit'), body),
  );
  registerAdminCall(adminSetPromotionStateCall, async ({ request, body }) =>
    promotions.setState(actorOf(request, 'promotions:edit'), body.id, body.state),
  );
  registerAdminCall(adminPromotionReportCall, async ({ request, query }) =>
    promotions.report(actorOf(request, 'promotions:read'), query.id),
  );
  registerAdminCall(adminPromotionApplicationsCall, async ({ request, query }) => {
    const { status, ...page } = query;
    return promotions.applications(actorOf(request, 'promotions:read'), status, page);
  });
  registerAdminCall(adminPromotionApplicationImageCall, async ({ request, query }) =>
    promotions.image(actorOf(request, 'promotions:read'), query.id),
  );
  registerAdminCall(adminDecideApplicationCall, async ({ request, body }) =>
    promotions.decide(actorOf(request, 'promotions:review'), body),
  );
  registerAdminCall(adminPromotionParticipantsCall, async ({ request, query }) =>
    promotions.participants(actorOf(request, 'promotions:read').merchantCode, query),
  );
  registerAdminCall(adminPromotionPreviewCall, async ({ request, body }) => {
    actorOf(request, 'promotions:edit');
    return promotions.preview(body);
  });
}
