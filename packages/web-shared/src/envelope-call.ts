import { type ErrorDetails, requestHeaders } from '@app/contract/client';
import { ApiError, NETWORK_ERROR } from './api-error';

/**
 * What both apps' API clients share: the query string, the headers every call carries, the
 * fetch and the envelope `{ success, value }` unwrapped or turned into an `ApiError`. What
 * differs on purpose stays with each app: the site sends the merchant and the bearer token
 * (apps/web/src/lib/api-client.ts), the console rides on its session cookie with a CSRF header
 * and hears about ended sessions (apps/admin/src/lib/api-client.ts).
 */

interface Envelope {
  success?: unknown;
  value?: unknown;
  errorCode?: unknown;
  message?: unknown;
  details?: unknown;
}

/** `path?key=value&...` without undefined or null values. */
export function urlWithQuery(path: string, query: unknown): string {
  if (query === undefined || query === null) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}

/** The headers of every call: language, device, JSON, and the idempotency key when given. */
export function callHeaders(
  language: string,
  device: string,
  hasBody: boolean,
  idempotencyKey: string | undefined,
): Headers {
  const headers = new Headers();
  headers.set(requestHeaders.language, language);
  headers.set(requestHeaders.device, device);
  headers.set('Accept', 'application/json');
  if (hasBody) headers.set('Content-Type', 'application/json');
  if (idempotencyKey) headers.set('Idempotency-Key', idempotencyKey);
  return headers;
}

async function readEnvelope(response: Response): Promise<Envelope | null> {
  try {
    const parsed: unknown = await response.json();
    return typeof parsed === 'object' && parsed !== null ? (parsed as Envelope) : null;
  } catch {
    return null;
  }
}

/**
 * Sends one call and answers the envelope's value. A network failure is `ApiError` with status 0
 * and `NETWORK_ERROR`; an aborted call throws the browser's `AbortError` as it is; any other
 * answer than a successful envelope is `ApiError` keyed by the server's `errorCode`, shown to
 * `onFailure` first (the app's reaction to an ended session).
 */
export async function fetchEnvelope<T>(
  url: string,
  init: RequestInit,
  onFailure: (error: ApiError) => void,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR, 'Network request failed');
  }
  const envelope = await readEnvelope(response);
  if (envelope?.success === true && response.ok) return envelope.value as T;
  const errorCode =
    typeof envelope?.errorCode === 'string'
      ? envelope.errorCode
      : response.status >= 500
        ? 'INTERNAL_ERROR'
        : NETWORK_ERROR;
  const message = typeof envelope?.message === 'string' ? envelope.message : response.statusText;
  const details =
    typeof envelope?.details === 'object' && envelope.details !== null
      ? (envelope.details as ErrorDetails)
      : undefined;
  const error = new ApiError(response.status, errorCode, message, details);
  onFailure(error);
  throw error;
}
