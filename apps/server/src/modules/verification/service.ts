import { randomBytes } from 'node:crypto';
import { CAPTCHA_TTL_MS } from '@app/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { captchaAnswerMatches, hashCaptchaAnswer } from './answer-hash.js';
import { drawCaptcha, randomCaptchaAnswer } from './captcha-image.js';
import { LOGIN_CAP_PERIOD_MS, loginWaitSeconds } from './login-throttle.js';
import { createVerificationRepository, type LoginFailureScope } from './repository.js';
import {
  createSliderChallenges,
  type SliderChallenges,
  type SliderOptions,
} from './slider-challenge.js';

/** After this many failed logins for a username or from an address, logins need a captcha... */
export const LOGIN_FAILURES_BEFORE_CAPTCHA = 3;
/** ...counted over this window. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
const KEY_MAX_LENGTH = 200;
const CAPTCHA_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export interface VerificationOptions extends SliderOptions {
  /** Test-only: every captcha has this answer (config refuses it outside NODE_ENV=test). */
  fixedCaptchaAnswer?: string | undefined;
  now?: () => number;
}

export interface LoginAttempt {
  /** The normalized username. */
  username: string;
  ip: string;
}

/** Bot checks (captcha and slider) and the failed-login throttle. */
export interface VerificationService extends SliderChallenges {
  /** Draws a new captcha and remembers its answer (hashed). */
  issueCaptcha(merchantCode: string): Promise<{ captchaId: string; image: string }>;
  /** Checks and spends a captcha: CAPTCHA_REQUIRED when missing, CAPTCHA_INVALID when wrong. */
  checkCaptcha(
    merchantCode: string,
    captchaId: string | undefined,
    answer: string | undefined,
  ): Promise<void>;
  /** Whether recent failures for this username or from this address call for a captcha. */
  loginCaptchaRequired(merchantCode: string, attempt: LoginAttempt): Promise<boolean>;
  /** Seconds this login must still wait (growing delay, hourly cap). */
  loginWaitSeconds(merchantCode: string, attempt: LoginAttempt): Promise<number>;
  /** Counts a failed login against the username and the address. */
  recordLoginFailure(merchantCode: string, attempt: LoginAttempt): Promise<void>;
  /** Forgives the username's failures after a successful login. */
  clearLoginFailures(merchantCode: string, attempt: LoginAttempt): Promise<void>;
  /** Deletes captchas, challenges and failures past their periods. */
  prune(): Promise<void>;
}

function failureKeys(attempt: LoginAttempt): { scope: LoginFailureScope; key: string }[] {
  return [
    { scope: 'username', key: attempt.username.slice(0, KEY_MAX_LENGTH) },
    { scope: 'ip', key: attempt.ip.slice(0, KEY_MAX_LENGTH) },
  ];
}

/** The verification service on its own repository over `db`. */
export function createVerificationService(
  db: Db,
  options: VerificationOptions = {},
): VerificationService {
  const repository = createVerificationRepository(db);
  const now = options.now ?? Date.now;
  return {
    ...createSliderChallenges(repository, options),
    async issueCaptcha(merchantCode) {
      const answer = options.fixedCaptchaAnswer ?? randomCaptchaAnswer();
      const captchaId = randomBytes(16).toString('base64url');
      const salt = randomBytes(16);
      await repository.insertCaptcha({
        id: captchaId,
        merchantCode,
        salt,
        answerHash: hashCaptchaAnswer(salt, answer),
        expiresAt: new Date(now() + CAPTCHA_TTL_MS),
      });
      const image = `data:image/png;base64,${drawCaptcha(answer).toString('base64')}`;
      return { captchaId, image };
    },
    /**
     * Checks and spends a captcha: a missing one is CAPTCHA_REQUIRED; an unknown, spent,
     * expired or wrong one is CAPTCHA_INVALID. Either way the field is `captcha`.
     */
    async checkCaptcha(merchantCode, captchaId, answer) {
      if (!captchaId || !answer?.trim()) {
        throw new AppError('CAPTCHA_REQUIRED', { field: 'captcha' });
      }
      const stored = CAPTCHA_ID_PATTERN.test(captchaId)
        ? await repository.spendCaptcha(merchantCode, captchaId)
        : undefined;
      if (!stored || !captchaAnswerMatches(stored.salt, stored.answerHash, answer)) {
        throw new AppError('CAPTCHA_INVALID', { field: 'captcha' });
      }
    },
    /** Whether recent failures for this username or from this address call for a captcha. */
    async loginCaptchaRequired(merchantCode, attempt) {
      const failures = await repository.countLoginFailures(
        merchantCode,
        failureKeys(attempt),
        LOGIN_FAILURE_WINDOW_MS,
      );
      return failures >= LOGIN_FAILURES_BEFORE_CAPTCHA;
    },
    /**
     * Seconds this login must still wait (growing delay, hourly cap), by the failures of the
     * username and of the address alike, so that the answer says nothing about the account.
     */
    async loginWaitSeconds(merchantCode, attempt) {
      const stats = await repository.loginFailureStats(
        merchantCode,
        failureKeys(attempt),
        LOGIN_FAILURE_WINDOW_MS,
        LOGIN_CAP_PERIOD_MS,
      );
      return loginWaitSeconds(stats);
    },
    async recordLoginFailure(merchantCode, attempt) {
      await repository.recordLoginFailures(merchantCode, failureKeys(attempt));
    },
    /** A successful login forgives the username's failures (the address keeps its own). */
    async clearLoginFailures(merchantCode, attempt) {
      await repository.clearLoginFailures(
        merchantCode,
        'username',
        attempt.username.slice(0, KEY_MAX_LENGTH),
      );
    },
    prune() {
      // Failures are kept for the hourly cap, the longer of the two periods.
      return repository.prune(Math.max(LOGIN_FAILURE_WINDOW_MS, LOGIN_CAP_PERIOD_MS));
    },
  };
}
