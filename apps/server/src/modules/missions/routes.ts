import {
  adminMissionsCall,
  adminSaveMissionCall,
  adminSetMissionStatusCall,
  claimMissionCall,
  missionLeaderboardCall,
  missionSummaryCall,
  type Permission,
  roleAllows,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { RegisterCall } from '../../http/call-route.js';
import { requestLanguage } from '../../http/language.js';
import { merchantOf } from '../system/index.js';
import type { LoyaltyActor, MissionsAdminService, MissionsService } from './service.js';

export interface MissionRouteDeps {
  missions: MissionsService;
  /** The member of the session; trial accounts may look but not claim. */
  memberIdOf(request: FastifyRequest): bigint;
  /** The member of the session, refusing trial accounts (TRIAL_ACCOUNT). */
  realMemberIdOf(request: FastifyRequest): bigint;
}

export function registerMissionRoutes(registerCall: RegisterCall, deps: MissionRouteDeps): void {
  const { missions } = deps;
  registerCall(missionSummaryCall, async ({ request }) =>
    missions.summary(merchantOf(request), deps.memberIdOf(request), requestLanguage(request)),
  );
  registerCall(missionLeaderboardCall, async ({ request, query }) =>
    missions.leaderboard(merchantOf(request), deps.memberIdOf(request), query.period),
  );
  registerCall(claimMissionCall, async ({ request, body }) =>
    missions.claim(merchantOf(request), deps.realMemberIdOf(request), body),
  );
}

/** The operator behind a console call (the guard checked the permission; checked again here). */
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

export function registerMissionAdminRoutes(
  registerAdminCall: RegisterCall,
  missions: MissionsAdminService,
): void {
  registerAdminCall(adminMissionsCall, async ({ request }) =>
    missions.list(loyaltyActorOf(request, 'missions:read')),
  );
  registerAdminCall(adminSaveMissionCall, async ({ request, body }) =>
    missions.save(loyaltyActorOf(request, 'missions:edit'), {
      ...body,
      titles: body.titles as Record<string, string>,
    }),
  );
  registerAdminCall(adminSetMissionStatusCall, async ({ request, body }) =>
    missions.setStatus(loyaltyActorOf(request, 'missions:edit'), body),
  );
}
