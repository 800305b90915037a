import {
  ADJUSTMENT_SECOND_APPROVAL_ABOVE_MINOR,
  adminAdjustmentSettingsCall,
  adminSaveAdjustmentSettingsCall,
  amountToMinor,
  minorToAmount,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import type { RegisterCall } from '../../http/call-route.js';
import type { AuditService } from '../audit/index.js';
import { createAdjustmentRequestRepository } from './adjustment-requests.repository.js';
import { actorFields } from './operator-access.js';
import type { Operator } from './repository.js';
import type { AdminService } from './service.js';

/** The audit action of a change of the two-person limit. */
export const ADJUSTMENT_SETTINGS_AUDIT_ACTION = 'settings.adjustments';

function operatorOf(request: FastifyRequest): Operator {
  if (!request.operator) throw new AppError('SESSION_REQUIRED');
  return request.operator;
}

function settingsOf(ownMinor: bigint | undefined) {
  return {
    secondApprovalAbove: minorToAmount(ownMinor ?? BigInt(ADJUSTMENT_SECOND_APPROVAL_ABOVE_MINOR)),
    merchantOwn: ownMinor !== undefined,
  };
}

/**
 * The two-person limit's settings page (issue 17): read and change, admin only (`settings:edit`).
 * The change and its audit entry (before and after in minor units) commit in one transaction,
 * with the merchant's row locked so that two admins saving at once record true befores.
 */
export function registerAdjustmentSettingsRoutes(
  registerAdminCall: RegisterCall,
  deps: { admin: AdminService; audit: AuditService; unitOfWork: UnitOfWork },
): void {
  const { admin, audit, unitOfWork } = deps;

  registerAdminCall(adminAdjustmentSettingsCall, async ({ request }) => {
    const operator = operatorOf(request);
    admin.require(operator, 'settings:edit');
    return unitOfWork(async (executor) =>
      settingsOf(
        await createAdjustmentRequestRepository(executor).secondApprovalAboveMinor(
          operator.merchantCode,
        ),
      ),
    );
  });

  registerAdminCall(adminSaveAdjustmentSettingsCall, async ({ body, request }) => {
    const operator = operatorOf(request);
    admin.require(operator, 'settings:edit');
    const limitMinor = amountToMinor(body.secondApprovalAbove);
    return unitOfWork(async (executor) => {
      const repository = createAdjustmentRequestRepository(executor);
      const beforeMinor = await repository.lockSecondApprovalAboveMinor(operator.merchantCode);
      await repository.setSecondApprovalAboveMinor(operator.merchantCode, limitMinor);
      await audit.recordWithin(executor, {
        ...actorFields(operator, request.ip),
        action: ADJUSTMENT_SETTINGS_AUDIT_ACTION,
        subjectType: 'merchant',
        subjectId: operator.merchantCode,
        before: {
          secondApprovalAboveMinor: (
            beforeMinor ?? BigInt(ADJUSTMENT_SECOND_APPROVAL_ABOVE_MINOR)
          ).toString(),
          merchantOwn: beforeMinor !== undefined,
        },
        after: { secondApprovalAboveMinor: limitMinor.toString(), merchantOwn: true },
      });
      return settingsOf(limitMinor);
    });
  });
}
