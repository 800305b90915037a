/**
 * Every error the API can answer with. The code is stable (clients key translations on it);
 * the HTTP status says whose fault it is.
 */
export const errorStatusByCode = {
  VALIDATION_FAILED: 400,
  REG_FIELD_INVALID: 400,
  PASSWORD_CONFIRM_MISMATCH: 400,
  TERMS_NOT_ACCEPTED: 400,
  CAPTCHA_REQUIRED: 400,
  CAPTCHA_INVALID: 400,
  OLD_PASSWORD_INVALID: 400,
  MERCHANT_REQUIRED: 400,
  SESSION_REQUIRED: 401,
  SESSION_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_DISABLED: 403,
  REGISTRATION_DISABLED: 403,
  FORBIDDEN: 403,
  MERCHANT_UNKNOWN: 404,
  NOT_FOUND: 404,
  USERNAME_TAKEN: 409,
  IDEMPOTENCY_CONFLICT: 409,
  INSUFFICIENT_FUNDS: 409,
  AMOUNT_OUT_OF_RANGE: 400,
  PAYMENT_PASSWORD_NOT_SET: 409,
  PAYMENT_PASSWORD_INVALID: 400,
  BANK_ACCOUNT_NAME_MISMATCH: 400,
  WITHDRAWAL_NOT_PENDING: 409,
  PAYMENT_METHOD_UNAVAILABLE: 400,
  IDEMPOTENCY_KEY_MISMATCH: 422,
  TRANSFER_NOT_PENDING: 409,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatusByCode;

export const errorCodes = Object.keys(errorStatusByCode) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorStatusByCode, value);
}
