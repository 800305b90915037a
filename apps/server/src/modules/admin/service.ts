import { OPERATOR_SESSION_IDLE_MS, permissionsOf } from '@app/contract';
import { AppError } from '../../http/app-error.js';
import type { AuditService } from '../audit/index.js';
import { spendPasswordCheckTime, verifyPassword } from '../member/index.js';
import type { WithdrawalService } from '../payments/index.js';
import { generateSessionToken, hashSessionToken, SESSION_TOKEN_PATTERN } from '../session/index.js';
import type { LoginFailureRepository } from './login-failures/repository.js';
import { OPERATOR_LOGIN_ALERT_FAILURES, operatorUsernameKey } from './login-lockout.js';
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

/** Where the lockout's alert goes: the request's logger in the server. */
export interface AlertLog {
  error(fields: Record<string, unknown>, message: string): void;
}

export interface LoginInput {
  merchantCode: string;
  username: string;
  password: string;
  ip: string;
  log: AlertLog;
}

export function createAdminService(deps: {
  operators: OperatorRepository;
  loginFailures: LoginFailureRepository;
  audit: AuditService;
  withdrawals: WithdrawalService;
}) {
  const { operators, loginFailures, audit, withdrawals } = deps;

  /** A failed login in the audit log, by account name (no operator id: the name may not exist). */
  function auditLoginFailure(
    attempt: { merchantCode: string; username: string; ip: string },
    action: string,
    after: Record<string, number>,
  ): Promise<void> {
    return audit.record({
      merchantCode: attempt.merchantCode,
      operatorId: null,
      action,
      subjectType: 'operator-username',
      subjectId: attempt.username,
      before: null,
      after,
      ip: attempt.ip,
    });
  }

  return {
    /**
     * Password login with a per-account lockout (login-lockout.ts): a locked account name, known
     * or not, is refused with RATE_LIMITED before its password is checked; every failure is
     * audited, and failures past OPERATOR_LOGIN_ALERT_FAILURES raise an alert.
     */
    async login(input: LoginInput) {
      const { merchantCode, password, ip, log } = input;
      const username = operatorUsernameKey(input.username);
      const attempt = await loginFailures.admit(merchantCode, username);
      if (attempt.kind === 'locked') {
        const retryAfterSeconds = Math.max(1, Math.ceil(attempt.retryAfterMs / 1000));
        await auditLoginFailure({ merchantCode, username, ip }, 'operator.login.refused-locked', {
          retryAfterSeconds,
        });
        throw new AppError('RATE_LIMITED', { retryAfterSeconds });
      }
      const operator = await operators.findByUsername(merchantCode, username);
      if (!operator || !(await verifyPassword(operator.passwordHash, password))) {
        if (!operator) await spendPasswordCheckTime(password);
        await auditLoginFailure({ merchantCode, username, ip }, 'operator.login.failed', {
          failures: attempt.failures,
        });
        if (attempt.failures >= OPERATOR_LOGIN_ALERT_FAILURES) {
          log.error(
            {
              alert: 'operator-login-failures',
              merchantCode,
              username,
              failures: attempt.failures,
            },
            'operator account under repeated failed logins',
          );
        }
        throw new AppError('INVALID_CREDENTIALS');
      }
      await loginFailures.clear(merchantCode, username);
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
      const nowMs = Date.now();
      return {
        status: 'signed-in' as const,
        token,
        role: operator.role,
        session: {
          operator: {
            id: Number(operator.id),
            username: operator.username,
            role: operator.role,
            merchantCode: operator.merchantCode,
            totpEnrolled: false,
          },
          permissions: permissionsOf(operator.role),
          csrfToken: '',
          idleExpiresAtMs: nowMs + OPERATOR_SESSION_IDLE_MS,
          absoluteExpiresAtMs: nowMs + OPERATOR_SESSION_TTL_MS,
        },
      };
    },

    /**
     * Forgets login failure counts older than OPERATOR_LOGIN_FAILURE_MEMORY_MS; meant for the
     * housekeeping job's `prunables`.
     */
    prune(): Promise<void> {
      return loginFailures.prune();
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
