import {
  type ConsoleSession,
  OPERATOR_SESSION_ABSOLUTE_MS,
  OPERATOR_SESSION_IDLE_MS,
  permissionsOf,
} from '@app/contract';
import QRCode from 'qrcode';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import type { AuditEntry, AuditService } from '../audit/index.js';
import { spendPasswordCheckTime, verifyPassword } from '../member/index.js';
import { generateSessionToken, hashSessionToken, SESSION_TOKEN_PATTERN } from '../session/index.js';
import type { Merchant } from '../system/index.js';
import { ipAllowed } from './allowed-ips.js';
import type { LoginFailureRepository } from './login-failures/repository.js';
import { OPERATOR_LOGIN_ALERT_FAILURES, operatorUsernameKey } from './login-lockout.js';
import { generateRecoveryCodes, recoveryCodeHash } from './recovery-codes.js';
import {
  createOperatorRepository,
  type Operator,
  type OperatorRepository,
  type OperatorSessionRow,
} from './repository.js';
import type { SecretBox } from './secret-box.js';
import { csrfTokenOf } from './session-cookie.js';
import { base32Encode, generateTotpSecret, matchTotpStep, otpauthUri } from './totp.js';

/** Where the lockout's alert goes: the request's logger in the server. */
export interface AlertLog {
  error(fields: Record<string, unknown>, message: string): void;
}

export interface LoginInput {
  merchantCode: string;
  username: string;
  password: string;
  totpCode?: string | undefined;
  recoveryCode?: string | undefined;
  ip: string;
  log: AlertLog;
}

export type LoginResult =
  | { status: 'totp-required' }
  | { status: 'signed-in'; token: string; operator: Operator; session: ConsoleSession };

/** A request's operator and the session it came with. */
export interface OperatorAccess {
  operator: Operator;
  token: string;
  session: OperatorSessionRow;
  /**
   * The merchant a platform operator acts on when it is not the request's own: the guard makes
   * it the request's merchant, so every call runs for it.
   */
  actingMerchant?: Merchant;
}

/** The merchants a platform operator may choose from, from the system module. */
export interface MerchantDirectory {
  resolve(code: string): Promise<Merchant>;
  codes(limit: number): Promise<string[]>;
}

/** At most this many merchants are offered to a platform operator's picker. */
export const PLATFORM_MERCHANTS_MAX = 200;

export function totpEnrolled(operator: Operator): boolean {
  return operator.totpSecretSealed !== null;
}

/**
 * The name an audit entry records: a platform operator's carries its home merchant
 * (`alice@PLATFORM`), so that an entry in another merchant's chain names both merchants.
 */
export function auditUsername(operator: Operator): string {
  return operator.kind === 'platform'
    ? `${operator.username}@${operator.homeMerchantCode}`
    : operator.username;
}

/** The audit entry's who: the operator as they are when they act. */
export function actorFields(operator: Operator, ip: string) {
  return {
    merchantCode: operator.merchantCode,
    operatorId: operator.id,
    operatorUsername: auditUsername(operator),
    operatorRole: operator.role,
    ip,
  };
}

export function consoleSessionOf(
  operator: Operator,
  token: string,
  session: { expiresAt: Date; lastSeenAt: Date },
): ConsoleSession {
  const absoluteExpiresAtMs = session.expiresAt.getTime();
  return {
    operator: {
      id: Number(operator.id),
      username: operator.username,
      role: operator.role,
      merchantCode: operator.merchantCode,
      totpEnrolled: totpEnrolled(operator),
      kind: operator.kind,
      homeMerchantCode: operator.homeMerchantCode,
    },
    permissions: permissionsOf(operator.role),
    csrfToken: csrfTokenOf(token),
    idleExpiresAtMs: Math.min(
      session.lastSeenAt.getTime() + OPERATOR_SESSION_IDLE_MS,
      absoluteExpiresAtMs,
    ),
    absoluteExpiresAtMs,
  };
}

/** Operator sign-in (password, then TOTP or a recovery code), sessions and TOTP enrolment. */
export function createOperatorAccess(deps: {
  operators: OperatorRepository;
  loginFailures: LoginFailureRepository;
  audit: AuditService;
  secretBox: SecretBox;
  unitOfWork: UnitOfWork;
  merchants: MerchantDirectory;
}) {
  const { operators, loginFailures, audit, secretBox, unitOfWork, merchants } = deps;

  /**
   * Runs an operator's change of their own account or session and its audit entry in one
   * transaction: a session, a sign-out or an enrolment that is not recorded does not happen.
   */
  function auditedChange<T>(
    work: (within: OperatorRepository, record: (entry: AuditEntry) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    return unitOfWork((executor) =>
      work(createOperatorRepository(executor), (entry) => audit.recordWithin(executor, entry)),
    );
  }

  /**
   * A failed attempt in the audit log, by account name (the name may not exist). It changes no
   * data, so it is written on its own: it must stay even though the attempt changed nothing.
   */
  function auditAttempt(
    attempt: { merchantCode: string; username: string; ip: string },
    action: string,
    after: Record<string, unknown>,
  ): Promise<void> {
    const entry: AuditEntry = {
      merchantCode: attempt.merchantCode,
      operatorId: null,
      operatorUsername: null,
      operatorRole: null,
      action,
      subjectType: 'operator-username',
      subjectId: attempt.username,
      before: null,
      after,
      ip: attempt.ip,
    };
    return audit.record(entry);
  }

  function alertIfRepeated(input: LoginInput, username: string, failures: number): void {
    if (failures < OPERATOR_LOGIN_ALERT_FAILURES) return;
    input.log.error(
      { alert: 'operator-login-failures', merchantCode: input.merchantCode, username, failures },
      'operator account under repeated failed logins',
    );
  }

  /** Checks the second factor; answers how the operator proved it, or null when it failed. */
  async function secondFactor(
    operator: Operator,
    input: LoginInput,
  ): Promise<'totp' | 'recovery-code' | null> {
    if (input.totpCode !== undefined && operator.totpSecretSealed) {
      const secret = secretBox.open(operator.totpSecretSealed);
      const step = matchTotpStep(secret, input.totpCode, Date.now());
      if (step === null || !(await operators.claimTotpStep(operator.id, step))) return null;
      return 'totp';
    }
    if (input.recoveryCode !== undefined) {
      const used = await operators.useRecoveryCode(
        operator.id,
        recoveryCodeHash(input.recoveryCode),
      );
      return used ? 'recovery-code' : null;
    }
    return null;
  }

  return {
    /**
     * Password, then the second factor when enrolled, under the per-account lockout: every
     * attempt counts as a failure until one signs in fully (the count then resets), so that a
     * TOTP guess costs the same as a password guess, and the `totp-required` answer resets
     * nothing. Every failure is audited; repeated ones raise an alert.
     */
    async login(input: LoginInput): Promise<LoginResult> {
      const { merchantCode, ip } = input;
      const username = operatorUsernameKey(input.username);
      const attempt = { merchantCode, username, ip };
      const admitted = await loginFailures.admit(merchantCode, username);
      if (admitted.kind === 'locked') {
        const retryAfterSeconds = Math.max(1, Math.ceil(admitted.retryAfterMs / 1000));
        await auditAttempt(attempt, 'operator.login.refused-locked', { retryAfterSeconds });
        throw new AppError('RATE_LIMITED', { retryAfterSeconds });
      }
      const operator = await operators.findByUsername(merchantCode, username);
      if (!operator || !(await verifyPassword(operator.passwordHash, input.password))) {
        if (!operator) await spendPasswordCheckTime(input.password);
        await auditAttempt(attempt, 'operator.login.failed', { failures: admitted.failures });
        alertIfRepeated(input, username, admitted.failures);
        throw new AppError('INVALID_CREDENTIALS');
      }
      if (operator.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
      if (!ipAllowed(operator.allowedIps, ip)) {
        await auditAttempt(attempt, 'operator.login.address-refused', {});
        throw new AppError('OPERATOR_ADDRESS_NOT_ALLOWED');
      }
      let method: 'password' | 'totp' | 'recovery-code' = 'password';
      if (totpEnrolled(operator)) {
        if (input.totpCode === undefined && input.recoveryCode === undefined) {
          return { status: 'totp-required' };
        }
        const proved = await secondFactor(operator, input);
        if (!proved) {
          await auditAttempt(attempt, 'operator.login.second-factor-failed', {
            failures: admitted.failures,
          });
          alertIfRepeated(input, username, admitted.failures);
          throw new AppError('TOTP_CODE_INVALID');
        }
        method = proved;
      }
      await loginFailures.clear(merchantCode, username);
      const token = generateSessionToken();
      const now = new Date();
      const expiresAt = new Date(now.getTime() + OPERATOR_SESSION_ABSOLUTE_MS);
      await auditedChange(async (within, record) => {
        await within.insertSession(operator.id, hashSessionToken(token), expiresAt);
        await within.markLogin(operator.id);
        await record({
          ...actorFields(operator, ip),
          action: 'operator.login',
          subjectType: 'operator',
          subjectId: operator.id.toString(),
          before: null,
          after: { method, totpEnrolled: totpEnrolled(operator) },
        });
      });
      return {
        status: 'signed-in',
        token,
        operator,
        session: consoleSessionOf(operator, token, { expiresAt, lastSeenAt: now }),
      };
    },

    /**
     * The operator behind a session token of `merchantCode`: live (idle and absolute expiry),
     * the operator active, the address allowed. The idle clock restarts.
     */
    async authenticate(
      token: string | undefined,
      merchantCode: string,
      ip: string,
    ): Promise<OperatorAccess> {
      if (!token) throw new AppError('SESSION_REQUIRED');
      if (!SESSION_TOKEN_PATTERN.test(token)) throw new AppError('SESSION_EXPIRED');
      const session = await operators.touchSession(
        hashSessionToken(token),
        OPERATOR_SESSION_IDLE_MS,
      );
      const operator = session && (await operators.findById(merchantCode, session.operatorId));
      if (!session || !operator || operator.status !== 'active') {
        throw new AppError('SESSION_EXPIRED');
      }
      if (!ipAllowed(operator.allowedIps, ip)) throw new AppError('OPERATOR_ADDRESS_NOT_ALLOWED');
      const acting = session.actingMerchantCode;
      if (operator.kind !== 'platform' || acting === null || acting === merchantCode) {
        return { operator, token, session };
      }
      const actingMerchant = await merchants.resolve(acting);
      return {
        operator: { ...operator, merchantCode: actingMerchant.code },
        token,
        session,
        actingMerchant,
      };
    },

    /**
     * The merchants the operator may act on: every merchant for a platform operator, its own
     * for a merchant operator (who never learns of the others).
     */
    async merchantsOf(operator: Operator): Promise<string[]> {
      if (operator.kind !== 'platform') return [operator.homeMerchantCode];
      return merchants.codes(PLATFORM_MERCHANTS_MAX);
    },

    /**
     * A platform operator chooses the merchant every later call of the session runs for. The
     * session's change and its audit entry (in the chosen merchant's chain, naming the operator's
     * home merchant and the one left) commit together. A merchant operator is refused.
     */
    async switchMerchant(
      access: OperatorAccess,
      merchantCode: string,
      ip: string,
    ): Promise<ConsoleSession> {
      const { operator } = access;
      if (operator.kind !== 'platform') throw new AppError('FORBIDDEN');
      if (!totpEnrolled(operator) && !operator.totpExempt) {
        throw new AppError('TOTP_ENROLMENT_REQUIRED');
      }
      const target = await merchants.resolve(merchantCode);
      const acting = { ...operator, merchantCode: target.code };
      await auditedChange(async (within, record) => {
        await within.setActingMerchant(hashSessionToken(access.token), target.code);
        await record({
          ...actorFields(acting, ip),
          action: 'operator.merchant.switch',
          subjectType: 'operator',
          subjectId: operator.id.toString(),
          before: { merchantCode: operator.merchantCode },
          after: { merchantCode: target.code },
        });
      });
      return consoleSessionOf(acting, access.token, access.session);
    },

    async logout(access: OperatorAccess, ip: string): Promise<void> {
      await auditedChange(async (within, record) => {
        await within.revokeSession(hashSessionToken(access.token));
        await record({
          ...actorFields(access.operator, ip),
          action: 'operator.logout',
          subjectType: 'operator',
          subjectId: access.operator.id.toString(),
          before: null,
          after: null,
        });
      });
    },

    /** A new secret to enrol (replacing any unconfirmed one); nothing is enrolled yet. */
    async startTotp(operator: Operator, ip: string) {
      if (totpEnrolled(operator)) throw new AppError('TOTP_ALREADY_ENROLLED');
      const secret = generateTotpSecret();
      await auditedChange(async (within, record) => {
        await within.setPendingTotp(operator.id, secretBox.seal(secret));
        await record({
          ...actorFields(operator, ip),
          action: 'operator.totp.start',
          subjectType: 'operator',
          subjectId: operator.id.toString(),
          before: null,
          after: null,
        });
      });
      const uri = otpauthUri({
        issuer: `${operator.merchantCode} console`,
        account: operator.username,
        secret,
      });
      return {
        otpauthUri: uri,
        qrSvg: await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
        secretBase32: base32Encode(secret),
      };
    },

    /** Confirms the pending secret with a code; answers the recovery codes, shown this once. */
    async confirmTotp(operator: Operator, code: string, ip: string) {
      if (totpEnrolled(operator)) throw new AppError('TOTP_ALREADY_ENROLLED');
      if (!operator.totpPendingSealed) throw new AppError('TOTP_ENROLMENT_NOT_STARTED');
      const step = matchTotpStep(secretBox.open(operator.totpPendingSealed), code, Date.now());
      if (step === null) throw new AppError('TOTP_CODE_INVALID');
      const recoveryCodes = generateRecoveryCodes();
      const pendingSealed = operator.totpPendingSealed;
      await auditedChange(async (within, record) => {
        const confirmed = await within.confirmTotp({
          operatorId: operator.id,
          pendingSealed,
          step,
          recoveryCodeHashes: recoveryCodes.map(recoveryCodeHash),
        });
        if (!confirmed) throw new AppError('TOTP_ENROLMENT_NOT_STARTED');
        await record({
          ...actorFields(operator, ip),
          action: 'operator.totp.enrol',
          subjectType: 'operator',
          subjectId: operator.id.toString(),
          before: { totpEnrolled: false },
          after: { totpEnrolled: true },
        });
      });
      return { recoveryCodes };
    },
  };
}

export type OperatorAccessService = ReturnType<typeof createOperatorAccess>;
