import {
  type OperatorRole,
  PLATFORM_OPERATORS_LIST_MAX,
  type PlatformOperatorRow,
} from '@app/contract';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import type { AuditService } from '../audit/index.js';
import { hashPassword } from '../member/index.js';
import { actorFields } from './operator-access.js';
import {
  createPlatformOperatorRepository,
  type PlatformOperator,
} from './platform-operators.repository.js';
import { createOperatorRepository, type Operator } from './repository.js';

export function platformOperatorRowOf(operator: PlatformOperator): PlatformOperatorRow {
  return {
    id: Number(operator.id),
    username: operator.username,
    role: operator.role,
    homeMerchantCode: operator.homeMerchantCode,
    locked: operator.status === 'disabled',
    totpEnrolled: operator.totpEnrolled,
    lastLoginAtMs: operator.lastLoginAt?.getTime() ?? null,
  };
}

/**
 * Only a platform operator with the admin role manages platform operators. The guard has
 * checked the role (`platform-operators:manage`); a merchant operator is answered as if the
 * calls did not exist, so nothing tells it that platform operators do.
 */
function requirePlatformAdmin(actor: Operator): void {
  if (actor.kind !== 'platform' || actor.role !== 'admin') throw new AppError('NOT_FOUND');
}

/**
 * Creating and locking platform operators (issue 17). Each change commits with its audit entry,
 * written in the chain of the operator's home merchant (where it signs in and is listed).
 */
export function createPlatformOperatorManagement(deps: {
  audit: AuditService;
  unitOfWork: UnitOfWork;
}) {
  const { audit, unitOfWork } = deps;

  return {
    async list(actor: Operator): Promise<{ list: PlatformOperatorRow[] }> {
      requirePlatformAdmin(actor);
      const list = await unitOfWork((executor) =>
        createPlatformOperatorRepository(executor).list(PLATFORM_OPERATORS_LIST_MAX),
      );
      return { list: list.map(platformOperatorRowOf) };
    },

    /** The new operator's home is the acting admin's: it signs in where its creator does. */
    async create(
      actor: Operator,
      input: { username: string; password: string; role: OperatorRole },
      ip: string,
    ): Promise<PlatformOperatorRow> {
      requirePlatformAdmin(actor);
      const passwordHash = await hashPassword(input.password);
      return unitOfWork(async (executor) => {
        const repository = createPlatformOperatorRepository(executor);
        const id = await repository.create({
          homeMerchantCode: actor.homeMerchantCode,
          username: input.username,
          passwordHash,
          role: input.role,
        });
        if (id === undefined) throw new AppError('USERNAME_TAKEN');
        const created = await repository.findById(id);
        if (!created) throw new Error('platform operator missing after insert');
        const row = platformOperatorRowOf(created);
        await audit.recordWithin(executor, {
          ...actorFields(actor, ip),
          merchantCode: created.homeMerchantCode,
          action: 'operator.platform.create',
          subjectType: 'operator',
          subjectId: id.toString(),
          before: null,
          after: row,
        });
        return row;
      });
    },

    /** Never on oneself, so the acting admin always remains one. Locking ends every session. */
    async setLocked(
      actor: Operator,
      input: { operatorId: number; locked: boolean },
      ip: string,
    ): Promise<PlatformOperatorRow> {
      requirePlatformAdmin(actor);
      if (BigInt(input.operatorId) === actor.id) throw new AppError('OPERATOR_SELF_CHANGE');
      return unitOfWork(async (executor) => {
        const repository = createPlatformOperatorRepository(executor);
        const target = await repository.lockById(BigInt(input.operatorId));
        if (!target) throw new AppError('NOT_FOUND');
        await repository.setStatus(target.id, input.locked ? 'disabled' : 'active');
        if (input.locked) await createOperatorRepository(executor).revokeSessionsOf(target.id);
        const updated = await repository.findById(target.id);
        if (!updated) throw new Error('platform operator missing after update');
        const after = platformOperatorRowOf(updated);
        await audit.recordWithin(executor, {
          ...actorFields(actor, ip),
          merchantCode: target.homeMerchantCode,
          action: input.locked ? 'operator.platform.lock' : 'operator.platform.unlock',
          subjectType: 'operator',
          subjectId: target.id.toString(),
          before: platformOperatorRowOf(target),
          after,
        });
        return after;
      });
    },
  };
}

export type PlatformOperatorManagement = ReturnType<typeof createPlatformOperatorManagement>;
