import { AppError } from '../../http/app-error.js';
import type { AuditService } from '../audit/index.js';
import { spendPasswordCheckTime, verifyPassword } from '../member/index.js';
import type { WithdrawalService } from '../payments/index.js';
import { generateSessionToken, hashSessionToken, SESSION_TOKEN_PATTERN } from '../session/index.js';
import type { Operator, OperatorRepository, OperatorRole } from './repository.js';

/** Operator sessions are short: a console left open does not stay trusted for long. */
export const OPERATOR_SESSION_TTL_MS = 8 * 60 * 60 * 1000;

/** What each role may do; `admin` may do everything. */
const permissions = {
  'withdrawals:read': ['admin', 'finance', 'support'],
  'withdrawals:decide': ['admin', 'finance'],
  'audit:read': ['admin'],
  'withdrawal-cases:resolve': ['admin', 'finance', 'support'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type Permission = keyof typeof permissions;

export function allows(role: OperatorRole, permission: Permission): boolean {
  return (permissions[permission] as readonly OperatorRole[]).includes(role);
}

export function createAdminService(deps: {
  operators: OperatorRepository;
  audit: AuditService;
  withdrawals: WithdrawalService;
}) {
  const { operators, audit, withdrawals } = deps;

  return {
    async login(merchantCode: string, username: string, password: string, ip: string) {
      const operator = await operators.findByUsername(merchantCode, username.toLowerCase());
      if (!operator) {
        await spendPasswordCheckTime(password);
        throw new AppError('INVALID_CREDENTIALS');
      }
      if (!(await verifyPassword(operator.passwordHash, password))) {
        throw new AppError('INVALID_CREDENTIALS');
      }
      if (operator.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
      const token = generateSessionToken();
      await operators.insertSession(
        operator.id,
        hashSessionToken(token),
        new Date(Date.now() + OPERATOR_SESSION_TTL_MS),
      );
      await audit.record({
        merchantCode,
        operatorId: operator.id,
        action: 'operator.login',
        subjectType: 'operator',
        subjectId: operator.id.toString(),
        before: null,
        after: null,
        ip,
      });
      return { token, role: operator.role };
    },

    async authenticate(token: string | undefined, merchantCode: string): Promise<Operator> {
      if (!token) throw new AppError('SESSION_REQUIRED');
      if (!SESSION_TOKEN_PATTERN.test(token)) throw new AppError('SESSION_EXPIRED');
      const operator = await operators.findBySession(hashSessionToken(token));
      if (!operator || operator.merchantCode !== merchantCode || operator.status !== 'active') {
        throw new AppError('SESSION_EXPIRED');
      }
      return operator;
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
            merchantCode: input.operator.merchantCode,
            operatorId: input.operator.id,
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

    /** Closes a 'not received' case with a note; audit logged like every operator action. */
    async resolveWithdrawalCase(input: {
      operator: Operator;
      caseId: number;
      note: string;
      ip: string;
    }) {
      const { before, after } = await withdrawals.resolveCase({
        merchantCode: input.operator.merchantCode,
        caseId: input.caseId,
        operatorId: input.operator.id,
        note: input.note,
      });
      await audit.record({
        merchantCode: input.operator.merchantCode,
        operatorId: input.operator.id,
        action: 'withdrawal-case.resolve',
        subjectType: 'withdrawal-case',
        subjectId: String(input.caseId),
        before,
        after,
        ip: input.ip,
      });
      return after;
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
