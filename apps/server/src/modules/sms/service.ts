import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  checkRegisterField,
  normalizeRegisterValue,
  SMS_CODE_LENGTH,
  SMS_RESEND_SECONDS,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Merchant } from '../system/index.js';
import type { SmsProvider } from './provider.js';
import {
  createSmsRepository,
  type OutboxSms,
  type SmsPurpose,
  type SmsRepository,
} from './repository.js';

/** A code is valid this long (the response's expiredMinutes). */
export const SMS_CODE_TTL_MINUTES = 5;
/** A code dies after this many wrong tries. */
export const SMS_CODE_MAX_TRIES = 5;
/** At most one code per number this often. */
export const SMS_RESEND_INTERVAL_MS = SMS_RESEND_SECONDS * 1000;
/** Codes sent to one number per day... */
export const SMS_DAILY_PER_NUMBER = 10;
/** ...and from one address per day (whatever the numbers). */
export const SMS_DAILY_PER_IP = 20;
export const SMS_DAY_MS = 24 * 60 * 60 * 1000;
/** Codes and outbox messages are kept this long (the daily caps count the last day). */
export const SMS_RETENTION_MS = 2 * SMS_DAY_MS;
const IP_KEY_MAX_LENGTH = 200;

export function hashSmsCode(salt: Buffer, code: string): Buffer {
  return createHash('sha256').update(salt).update(code, 'utf8').digest();
}

/** The number as digits, dialling code first; a leading 0 of the national number is dropped. */
export function fullPhoneNumber(dialingCode: string, nationalNumber: string): string {
  return `${dialingCode}${nationalNumber.replace(/^0/, '')}`;
}

/**
 * The full number of a dialling code and a national number, checked against the merchant's
 * mobile rule and its dialling codes. Errors name the field `field`.
 */
export function checkedPhoneNumber(
  merchant: Merchant,
  input: { countryDialingCode?: string | undefined; mobileNum?: string | undefined },
  field = 'mobileNum',
): string {
  const national = normalizeRegisterValue('mobileNum', input.mobileNum ?? '');
  const rule = { ...merchant.registerSettings.mobileNum, enabled: true, required: true };
  const problem = checkRegisterField(rule, national);
  if (problem?.kind === 'required') throw new AppError('VALIDATION_FAILED', { field });
  if (problem?.kind === 'pattern') {
    throw new AppError('REG_FIELD_INVALID', {
      field,
      patternId: problem.patternId,
      minLength: problem.minLength,
      maxLength: problem.maxLength,
    });
  }
  const dialingCode = (input.countryDialingCode ?? merchant.smsDialingCodes[0] ?? '').replace(
    /^\+/,
    '',
  );
  if (!/^[0-9]+$/.test(national) || !merchant.smsDialingCodes.includes(dialingCode)) {
    throw new AppError('PHONE_NUMBER_INVALID', { field });
  }
  return fullPhoneNumber(dialingCode, national);
}

function newCode(): string {
  return randomInt(0, 10 ** SMS_CODE_LENGTH)
    .toString()
    .padStart(SMS_CODE_LENGTH, '0');
}

/**
 * The merchant's third-party phone identity (SPEC §3 firebaseIdToken), handed in by the app:
 * proves a number with the provider's ID token instead of our code.
 */
export interface PhoneTokenVerifier {
  verify(merchantCode: string, phone: string, token: string | undefined): Promise<void>;
  /** Forgets remembered (used) tokens that have expired; run with the SMS housekeeping. */
  prune?(): Promise<void>;
}

/** The number a code goes to, as the page sends it (mobileNo is the older field's name). */
export interface SmsCodeTarget {
  countryDialingCode?: string | undefined;
  mobileNum?: string | undefined;
  mobileNo?: string | undefined;
}

/** What the caller decides around a send: the bot check and whether the message goes out. */
export interface SendCodeMeta {
  ip: string;
  botCheck: () => Promise<void>;
  deliver: (phone: string) => Promise<boolean>;
  /**
   * noLogin: a failed delivery answers as a success (the provider logged it), since an
   * error only for members' numbers would tell which numbers have accounts.
   */
  hideDeliveryFailure?: boolean;
}

/** Verification codes by SMS: sending them within the limits, checking them, the outbox. */
export interface SmsService {
  /** Checks the number, runs the bot check and the send limits, stores a code and sends it. */
  sendCode(
    merchant: Merchant,
    purpose: SmsPurpose,
    input: SmsCodeTarget,
    meta: SendCodeMeta,
  ): Promise<{ expiredMinutes: number }>;
  /** Checks and, when right, spends the newest code sent to `phone` for `purpose`. */
  checkCode(
    merchantCode: string,
    purpose: SmsPurpose,
    phone: string,
    code: string | undefined,
  ): Promise<void>;
  /** Sends a text the caller wrote (a reset link an operator sends): no code, no limits here. */
  sendText(message: { merchantCode: string; number: string; text: string }): Promise<void>;
  /** The newest messages of the outbox provider (the developer page reads them). */
  newestOutbox(limit: number, merchantCode?: string): Promise<OutboxSms[]>;
  /** Proves `phone` for `purpose` with our code or, with firebaseChannel 'sms', a provider token. */
  checkProof(
    merchantCode: string,
    purpose: SmsPurpose,
    phone: string,
    proof: PhoneProof,
  ): Promise<void>;
  /** Deletes codes and outbox messages past the retention, and expired remembered tokens. */
  prune(): Promise<void>;
}

/** How a caller proves a number: our SMS code, or with firebaseChannel 'sms' a provider token. */
export interface PhoneProof {
  verificationCode?: string | undefined;
  firebaseChannel?: 'sms' | undefined;
  firebaseIdToken?: string | undefined;
}

/**
 * Sends a code to a number: the number is checked first, then the bot check, then the
 * send limits. `deliver` says whether the message really goes out (noLogin: only to a
 * member's number); the code is stored and the limits count either way, so the answer is
 * the same.
 */
async function sendCode(
  repository: SmsRepository,
  provider: SmsProvider,
  merchant: Merchant,
  purpose: SmsPurpose,
  input: SmsCodeTarget,
  meta: SendCodeMeta,
): Promise<{ expiredMinutes: number }> {
  const phone = checkedPhoneNumber(merchant, {
    countryDialingCode: input.countryDialingCode,
    mobileNum: input.mobileNum || input.mobileNo,
  });
  await meta.botCheck();
  const code = newCode();
  const salt = randomBytes(16);
  const result = await repository.insertCodeIfAllowed(
    {
      merchantCode: merchant.code,
      purpose,
      phone,
      ip: meta.ip.slice(0, IP_KEY_MAX_LENGTH),
      salt,
      hash: hashSmsCode(salt, code),
      expiresAt: new Date(Date.now() + SMS_CODE_TTL_MINUTES * 60 * 1000),
    },
    {
      resendIntervalMs: SMS_RESEND_INTERVAL_MS,
      perNumberPerDay: SMS_DAILY_PER_NUMBER,
      perIpPerDay: SMS_DAILY_PER_IP,
      dayMs: SMS_DAY_MS,
    },
  );
  if (!result.ok) {
    const retryAfterSeconds = Math.max(1, Math.ceil(result.retryAfterMs / 1000));
    throw new AppError(result.reason === 'resend' ? 'RATE_LIMITED' : 'SMS_QUOTA_EXCEEDED', {
      retryAfterSeconds,
    });
  }
  if (await meta.deliver(phone)) {
    const sending = provider.send({
      merchantCode: merchant.code,
      number: phone,
      text: `${merchant.name}: your verification code is ${code}. It is valid for ${SMS_CODE_TTL_MINUTES} minutes.`,
    });
    if (meta.hideDeliveryFailure) await sending.catch(() => undefined);
    else await sending;
  }
  return { expiredMinutes: SMS_CODE_TTL_MINUTES };
}

/** The SMS service on its own repository over `db`, sending through `provider`. */
export function createSmsService(
  db: Db,
  provider: SmsProvider,
  phoneTokens?: PhoneTokenVerifier,
): SmsService {
  const repository = createSmsRepository(db);
  const service: SmsService = {
    sendCode: (merchant, purpose, input, meta) =>
      sendCode(repository, provider, merchant, purpose, input, meta),

    /**
     * Checks and, when right, spends the newest code sent to `phone` for `purpose`. Missing:
     * VALIDATION_FAILED; wrong, spent or never sent: SMS_CODE_INVALID; expired: SMS_CODE_EXPIRED.
     */
    async checkCode(merchantCode, purpose, phone, code) {
      const field = 'verificationCode';
      const typed = code?.trim() ?? '';
      if (typed === '') throw new AppError('VALIDATION_FAILED', { field });
      const outcome = await repository.checkLatestCode(
        merchantCode,
        purpose,
        phone,
        SMS_CODE_MAX_TRIES,
        (salt, hash) => timingSafeEqual(hashSmsCode(salt, typed), hash),
      );
      if (outcome === 'expired') throw new AppError('SMS_CODE_EXPIRED', { field });
      if (outcome !== 'ok') throw new AppError('SMS_CODE_INVALID', { field });
    },

    sendText: (message) => provider.send(message),

    /** The newest messages of the outbox provider (the developer page reads them). */
    newestOutbox: (limit, merchantCode) => repository.newestOutbox(limit, merchantCode),

    /**
     * Proves `phone` for `purpose`: with firebaseChannel 'sms', the provider's ID token (when
     * the merchant has the option), else our own code (checkCode). Errors name verificationCode.
     */
    async checkProof(merchantCode, purpose, phone, proof) {
      if (proof.firebaseChannel !== 'sms') {
        return service.checkCode(merchantCode, purpose, phone, proof.verificationCode);
      }
      if (!phoneTokens) {
        throw new AppError('PHONE_IDENTITY_DISABLED', {
          field: 'verificationCode',
          providerCode: 'operation-not-allowed',
        });
      }
      return phoneTokens.verify(merchantCode, phone, proof.firebaseIdToken);
    },

    async prune() {
      await repository.prune(SMS_RETENTION_MS);
      await phoneTokens?.prune?.();
    },
  };
  return service;
}
