import { QueryClient } from '@tanstack/react-query';
import { isApiError, NETWORK_ERROR } from './api-error';

/** Retries only what may pass on a second try: network failures and the server's own errors. */
const MAX_RETRIES = 2;

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES || !isApiError(error)) return false;
  return error.errorCode === NETWORK_ERROR || error.status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
