import type { ErrorDetails } from '@app/contract/client';

/** Error codes of the client itself, next to the contract's server codes. */
export const NETWORK_ERROR = 'NETWORK_ERROR';

/** A failed call: the server's error envelope, or a network failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly details: ErrorDetails | undefined;

  constructor(status: number, errorCode: string, message: string, details?: ErrorDetails) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errorCode = errorCode;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
