import {
  type ErrorDetails,
  type RouteBody,
  type RouteName,
  type RouteQuery,
  type RouteValue,
  requestHeaders,
  routes,
} from '@app/contract/client';
import { ApiError, NETWORK_ERROR } from './api-error';
import { currentLanguageCode } from './i18n';
import { clearSession, getSessionToken } from './session-token';
import { localKeys, readLocal } from './storage';
import { showTrialWarning } from './trial-warning';

/** What this site sends as `Device` (SPEC §9: device WEB). */
const DEVICE = 'WEB';
const SESSION_ENDED_CODES: ReadonlySet<string> = new Set(['SESSION_REQUIRED', 'SESSION_EXPIRED']);

export interface CallInput<N extends RouteName> {
  body?: RouteBody<N>;
  query?: RouteQuery<N>;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: a retry of a money-moving call gets the first answer again. */
  idempotencyKey?: string;
}

interface Envelope {
  success?: unknown;
  value?: unknown;
  errorCode?: unknown;
  message?: unknown;
  details?: unknown;
}

function buildUrl(path: string, query: unknown): string {
  if (query === undefined || query === null) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}

function buildHeaders(hasBody: boolean, idempotencyKey: string | undefined): Headers {
  const headers = new Headers();
  const merchantCode = readLocal(localKeys.merchantCode);
  if (merchantCode) headers.set(requestHeaders.merchant, merchantCode);
  // Sent whenever known: session calls need it, and the others may use it (SPEC §7).
  const token = getSessionToken();
  if (token) headers.set(requestHeaders.authorization, token);
  headers.set(requestHeaders.language, currentLanguageCode());
  headers.set(requestHeaders.device, DEVICE);
  if (hasBody) headers.set('Content-Type', 'application/json');
  headers.set('Accept', 'application/json');
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
 * Calls the API by the contract's route name: sends the four headers of ARCHITECTURE §5 and
 * unwraps the envelope. The reply is typed by the contract (the server's serializer has already
 * checked it against the schema, so the client does not load zod to check it again). Every
 * failure is an `ApiError` whose `errorCode` keys a text in the `errors` namespace.
 */
export async function callApi<N extends RouteName>(
  name: N,
  input: CallInput<N> = {},
): Promise<RouteValue<N>> {
  const call = routes[name];
  const hasBody = input.body !== undefined;
  let response: Response;
  try {
    response = await fetch(buildUrl(call.path, input.query), {
      method: call.method,
      headers: buildHeaders(hasBody, input.idempotencyKey),
      body: hasBody ? JSON.stringify(input.body) : undefined,
      signal: input.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR, 'Network request failed');
  }

  const envelope = await readEnvelope(response);
  if (envelope?.success === true && response.ok) return envelope.value as RouteValue<N>;

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
  if (response.status === 401 && call.auth && SESSION_ENDED_CODES.has(errorCode)) {
    clearSession();
  }
  if (errorCode === 'TRIAL_ACCOUNT') showTrialWarning();
  throw new ApiError(response.status, errorCode, message, details);
}
