import { type ErrorCode, type ErrorDetails, errorStatusByCode } from '@app/contract';

/**
 * The one error type of the API. Services throw it with a stable code; the error handler turns
 * it into the failure envelope with a message in the caller's language.
 */
export class AppError extends Error {
  readonly errorCode: ErrorCode;
  readonly details: ErrorDetails | undefined;

  constructor(errorCode: ErrorCode, details?: ErrorDetails, options?: ErrorOptions) {
    super(errorCode, options);
    this.name = 'AppError';
    this.errorCode = errorCode;
    this.details = details;
  }

  get statusCode(): number {
    return errorStatusByCode[this.errorCode];
  }
}
