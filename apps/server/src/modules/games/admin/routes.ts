import {
  adminGamesCall,
  adminGameVendorsCall,
  adminUpdateGameCall,
  adminUpdateGameVendorCall,
  type Permission,
  roleAllows,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../http/app-error.js';
import type { RegisterCall } from '../../../http/call-route.js';
import type { GamesActor, GamesAdminService } from './service.js';

/** The operator behind the call (the guard checked the permission already; checked again here). */
function actorOf(request: FastifyRequest, permission: Permission): GamesActor {
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

/** The console's Games calls (registered with the operator guard: a permission per call). */
export function registerGamesAdminRoutes(
  registerAdminCall: RegisterCall,
  games: GamesAdminService,
): void {
  registerAdminCall(adminGameVendorsCall, async ({ request }) =>
    games.vendors(actorOf(request, 'games:read')),
  );
  registerAdminCall(adminGamesCall, async ({ request, query }) => {
    const { cursor, limit, vassalage, gameType, enabled, search } = query;
    return games.games(
      actorOf(request, 'games:read'),
      {
        ...(vassalage ? { vassalage } : {}),
        ...(gameType ? { gameType } : {}),
        ...(enabled === undefined ? {} : { enabled }),
        ...(search ? { search } : {}),
      },
      { cursor, limit },
    );
  });
  registerAdminCall(adminUpdateGameVendorCall, async ({ request, body }) => {
    const { vassalage, ...flags } = body;
    return games.updateVendor(actorOf(request, 'games:edit'), vassalage, flags);
  });
  registerAdminCall(adminUpdateGameCall, async ({ request, body }) => {
    const { nodeId, ...update } = body;
    return games.updateGame(actorOf(request, 'games:edit'), nodeId, update);
  });
}
