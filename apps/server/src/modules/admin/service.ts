import { type Permission, roleAllows } from '@app/contract';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import type { AuditSearch, AuditService } from '../audit/index.js';
import type { WithdrawalService } from '../payments/index.js';
import type { LoginFailureRepository } from './login-failures/repository.js';
import { actorFields, createOperatorAccess, type MerchantDirectory } from './operator-access.js';
import { OPERATORS_LIST_MAX } from './operator-management.js';
import type { Operator, OperatorRepository } from './repository.js';
import type { SecretBox } from './secret-box.js';

export type { Permission } from '@app/contract';
export type { AlertLog, LoginInput } from './operator-access.js';

export function allows(role: Operator['role'], permission: Permission): boolean {
  return roleAllows(role, permission);
}

export function createAdminService(deps: {
  operators: OperatorRepository;
  loginFailures: LoginFailureRepository;
  audit: AuditService;
  withdrawals: WithdrawalService;
  secretBox: SecretBox;
  unitOfWork: UnitOfWork;
  merchants: MerchantDirectory;
}) {
  const { operators, loginFailures, audit, withdrawals } = deps;
  const access = createOperatorAccess(deps);

  return {
    ...access,

    /**
     * Forgets login failure counts older than OPERATOR_LOGIN_FAILURE_MEMORY_MS; meant for the
     * housekeeping job's `prunables`.
     */
    prune(): Promise<void> {
      return loginFailures.prune();
    },

    /**
     * The audit log page; entries written without the operator's name (by modules that pass
     * only the id) get today's username. Their role stays unknown: it may have changed since.
     */
    async auditLog(merchantCode: string, query: Omit<AuditSearch, 'merchantCode'>) {
      const page = await audit.search({ merchantCode, ...query });
      if (!page.items.some((row) => row.operatorId !== null && row.operatorUsername === null)) {
        return page;
      }
      const known = await operators.listOf(merchantCode, OPERATORS_LIST_MAX);
      const names = new Map(known.map((operator) => [Number(operator.id), operator.username]));
      return {
        ...page,
        items: page.items.map((row) =>
          row.operatorId !== null && row.operatorUsername === null
            ? { ...row, operatorUsername: names.get(row.operatorId) ?? null }
            : row,
        ),
      };
    },

    require(operator: Operator, permission: Permission): void {
      if (!allows(operator.role, permission)) throw new AppError('FORBIDDEN');
    },

    /**
     * Approves or rejects a withdrawal; its audit entry commits in the decision's transaction.
     * A retry of the same decision by the same operator answers the decision and writes no
     * second entry.
     */
    async decideWithdrawal(input: {
      operator: Operator;
      withdrawalId: string;
      decision: 'approve' | 'reject';
      reason?: string;
      proofImageBase64?: string;
      ip: string;
    }) {
      const { after } = await withdrawals.resolve({
        merchantCode: input.operator.merchantCode,
        withdrawalId: input.withdrawalId,
        operatorId: input.operator.id,
        decision: input.decision,
        ...(input.reason === undefined ? {} : { reason: input.reason }),
        ...(input.proofImageBase64 === undefined
          ? {}
          : { proofImageBase64: input.proofImageBase64 }),
        recordWithin: (executor, change) =>
          audit.recordWithin(executor, {
            ...actorFields(input.operator, input.ip),
            action: `withdrawal.${input.decision}`,
            subjectType: 'withdrawal',
            subjectId: input.withdrawalId,
            before: change.before,
            after: change.after,
            ip: input.ip,
          }),
      });
      return after;
    },

    /** Closes a 'not received' case with a note; its audit entry commits with the change. */
    async resolveWithdrawalCase(input: {
      operator: Operator;
      caseId: number;
      note: string;
      ip: string;
    }) {
      const { after } = await withdrawals.resolveCase({
        merchantCode: input.operator.merchantCode,
        caseId: input.caseId,
        operatorId: input.operator.id,
        note: input.note,
        recordWithin: (executor, change) =>
          audit.recordWithin(executor, {
            ...actorFields(input.operator, input.ip),
            action: 'withdrawal-case.resolve',
            subjectType: 'withdrawal-case',
            subjectId: String(input.caseId),
            before: change.before,
            after: change.after,
          }),
      });
      return after;
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
