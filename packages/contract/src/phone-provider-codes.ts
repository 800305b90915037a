import type { ErrorCode } from './errors.js';

/**
 * SPEC §8: the phone provider's failure codes, each answered as one of our error codes (with
 * its own translated message) and named again in the error's `details.providerCode`.
 */
export const phoneProviderErrorCodes = {
  'invalid-phone-number': 'PHONE_NUMBER_INVALID',
  'missing-phone-number': 'PHONE_NUMBER_MISSING',
  'too-many-requests': 'PHONE_TOO_MANY_REQUESTS',
  'invalid-verification-code': 'PHONE_TOKEN_INVALID',
  'missing-verification-code': 'PHONE_TOKEN_MISSING',
  'captcha-check-failed': 'CAPTCHA_INVALID',
  'quota-exceeded': 'PHONE_QUOTA_EXCEEDED',
  'operation-not-allowed': 'PHONE_IDENTITY_DISABLED',
  'code-expired': 'PHONE_TOKEN_EXPIRED',
  'popup-closed-by-user': 'PHONE_VERIFICATION_CANCELLED',
  unknown: 'SMS_SEND_FAILED',
} as const satisfies Record<string, ErrorCode>;

export type PhoneProviderCode = keyof typeof phoneProviderErrorCodes;

/** SPEC §8 "too-many-requests (retry after 5 minutes)". */
export const PHONE_PROVIDER_RETRY_AFTER_SECONDS = 5 * 60;
