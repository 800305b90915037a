import type { OperatorRole, OperatorRow } from '@app/contract';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import type { AuditService } from '../audit/index.js';
import { hashPassword } from '../member/index.js';
import { normaliseAllowedIps } from './allowed-ips.js';
import { actorFields, totpEnrolled } from './operator-access.js';
import { createOperatorRepository, type Operator, type OperatorRepository } from './repository.js';

/** Most operators one merchant's list shows: a console team, never thousands. */
export const OPERATORS_LIST_MAX = 500;

export function operatorRowOf(operator: Operator): OperatorRow {
  return {
    id: Number(operator.id),
    username: operator.username,
    role: operator.role,
    disabled: operator.status === 'disabled',
    totpEnrolled: totpEnrolled(operator),
    lastLoginAtMs: operator.lastLoginAt?.getTime() ?? null,
    allowedIps: operator.allowedIps,
  };
}

export interface OperatorUpdate {
  operatorId: number;
  role?: OperatorRole | undefined;
  disabled?: boolean | undefined;
  resetTotp?: true | undefined;
  allowedIps?: string[] | undefined;
}

/** Operators and roles: each change commits with its audit entry (who, role, address, before, after). */
export function createOperatorManagement(deps: {
  operators: OperatorRepository;
  audit: AuditService;
  unitOfWork: UnitOfWork;
}) {
  const { operators, audit, unitOfWork } = deps;

  return {
    async list(actor: Operator): Promise<{ list: OperatorRow[] }> {
      const list = await operators.listOf(actor.merchantCode, OPERATORS_LIST_MAX);
      return { list: list.map(operatorRowOf) };
    },

    async create(
      actor: Operator,
      input: {
        username: string;
        password: string;
        role: OperatorRole;
        allowedIps?: string[] | undefined;
      },
      ip: string,
    ): Promise<OperatorRow> {
      const allowedIps = normaliseAllowedIps(input.allowedIps ?? []);
      const passwordHash = await hashPassword(input.password);
      return unitOfWork(async (executor) => {
        const repository = createOperatorRepository(executor);
        const id = await repository.create({
          merchantCode: actor.merchantCode,
          username: input.username,
          passwordHash,
          role: input.role,
          allowedIps,
        });
        if (id === undefined) throw new AppError('USERNAME_TAKEN');
        const created = await repository.findById(actor.merchantCode, id);
        if (!created) throw new Error('operator missing after insert');
        const row = operatorRowOf(created);
        await audit.recordWithin(executor, {
          ...actorFields(actor, ip),
          action: 'operator.create',
          subjectType: 'operator',
          subjectId: id.toString(),
          before: null,
          after: row,
        });
        return row;
      });
    },

    /**
     * Role, disabled, TOTP reset, allowed addresses: never on oneself, so an admin cannot lock
     * the last admin out by mistake (another admin is always the one acting). A change of role,
     * a disable or a TOTP reset ends the operator's sessions.
     */
    async update(actor: Operator, input: OperatorUpdate, ip: string): Promise<OperatorRow> {
      if (BigInt(input.operatorId) === actor.id) throw new AppError('OPERATOR_SELF_CHANGE');
      const allowedIps =
        input.allowedIps === undefined ? undefined : normaliseAllowedIps(input.allowedIps);
      return unitOfWork(async (executor) => {
        const repository = createOperatorRepository(executor);
        const target = await repository.findById(actor.merchantCode, BigInt(input.operatorId));
        if (!target) throw new AppError('NOT_FOUND');
        await repository.update(target.id, {
          ...(input.role === undefined ? {} : { role: input.role }),
          ...(input.disabled === undefined
            ? {}
            : { status: input.disabled ? 'disabled' : 'active' }),
          ...(allowedIps === undefined ? {} : { allowedIps }),
          ...(input.resetTotp ? { resetTotp: true } : {}),
        });
        const endsSessions =
          (input.role !== undefined && input.role !== target.role) ||
          input.disabled === true ||
          input.resetTotp === true;
        if (endsSessions) await repository.revokeSessionsOf(target.id);
        const updated = await repository.findById(actor.merchantCode, target.id);
        if (!updated) throw new Error('operator missing after update');
        const before = operatorRowOf(target);
        const after = operatorRowOf(updated);
        await audit.recordWithin(executor, {
          ...actorFields(actor, ip),
          action: input.resetTotp ? 'operator.totp.reset' : 'operator.update',
          subjectType: 'operator',
          subjectId: target.id.toString(),
          before,
          after,
        });
        return after;
      });
    },
  };
}

export type OperatorManagement = ReturnType<typeof createOperatorManagement>;
