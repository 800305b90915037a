import {
  adminCreateOperatorCall,
  adminCreatePlatformOperatorCall,
  adminDashboardCall,
  adminLockPlatformOperatorCall,
  adminOperatorsCall,
  adminPlatformOperatorsCall,
  adminUpdateOperatorCall,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import type { RegisterCall } from '../../http/call-route.js';
import type { AuditService } from '../audit/index.js';
import { merchantOf } from '../system/index.js';
import { createDashboard, type DashboardSources } from './dashboard.js';
import { createOperatorManagement } from './operator-management.js';
import { createPlatformOperatorManagement } from './platform-operator-management.js';
import type { Operator, OperatorRepository } from './repository.js';

/** The console's operator management and dashboard, composed from their parts. */
export function createAdminConsole(deps: {
  operators: OperatorRepository;
  audit: AuditService;
  unitOfWork: UnitOfWork;
  dashboardSources: DashboardSources;
}) {
  return {
    operators: createOperatorManagement(deps),
    dashboard: createDashboard(deps.dashboardSources),
    platformOperators: createPlatformOperatorManagement(deps),
  };
}

export type AdminConsole = ReturnType<typeof createAdminConsole>;

function operatorOf(request: FastifyRequest): Operator {
  if (!request.operator) throw new AppError('SESSION_REQUIRED');
  return request.operator;
}

/** Operators and the dashboard; their permissions are checked by the admin guard (guard.ts). */
export function registerAdminConsoleRoutes(registerAdminCall: RegisterCall, console: AdminConsole) {
  registerAdminCall(adminOperatorsCall, async ({ request }) =>
    console.operators.list(operatorOf(request)),
  );
  registerAdminCall(adminCreateOperatorCall, async ({ body, request }) =>
    console.operators.create(operatorOf(request), body, request.ip),
  );
  registerAdminCall(adminUpdateOperatorCall, async ({ body, request }) =>
    console.operators.update(operatorOf(request), body, request.ip),
  );
  registerAdminCall(adminDashboardCall, async ({ query, request }) => {
    const operator = operatorOf(request);
    return console.dashboard({
      merchantCode: operator.merchantCode,
      currency: merchantOf(request).currency,
      fromMs: query.fromMs,
      toMs: query.toMs,
    });
  });
  registerAdminCall(adminPlatformOperatorsCall, async ({ request }) =>
    console.platformOperators.list(operatorOf(request)),
  );
  registerAdminCall(adminCreatePlatformOperatorCall, async ({ body, request }) =>
    console.platformOperators.create(operatorOf(request), body, request.ip),
  );
  registerAdminCall(adminLockPlatformOperatorCall, async ({ body, request }) =>
    console.platformOperators.setLocked(operatorOf(request), body, request.ip),
  );
}
