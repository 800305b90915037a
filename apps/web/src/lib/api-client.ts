import {
  type CallBody,
  type CallDefinition,
  type CallQuery,
  type CallValue,
  type ErrorDetails,
  requestHeaders,
} from '@app/contract';
import { ApiError, NETWORK_ERROR } from './api-error';
import { currentLanguageCode } from './i18n';
import { clearSession, getSessionToken } from './session-token';
import { localKeys, readLocal } from './storage';

/** What this site sends as `Device` (SPEC §9: device WEB). */
const DEVICE = 'WEB';
const SESSION_ENDED_CODES: ReadonlySet<string> = new Set(['SESSION_REQUIRED', 'SESSION_EXPIRED']);

/** A call definition, or a loader of one (see contract-calls.ts). */
export type CallRef<C extends CallDefinition> = C | (() => Promise<C>);

export interface CallInput<C> {
  body?: CallBody<C>;
  query?: CallQuery<C>;
  signal?: AbortSignal;
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

function buildHeaders(hasBody: boolean): Headers {
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
 * Calls the API as the contract defines it: sends the four headers of ARCHITECTURE §5, unwraps
 * the envelope and checks the value against the call's schema. Every failure is an `ApiError`
 * whose `errorCode` keys a text in the `errors` namespace.
 */
export async function callApi<C extends CallDefinition>(
  ref: CallRef<C>,
  input: CallInput<C> = {},
): Promise<CallValue<C>> {
  const call = typeof ref === 'function' ? await ref() : ref;
  const hasBody = input.body !== undefined;
  let response: Response;
  try {
    response = await fetch(buildUrl(call.path, input.query), {
      method: call.method,
      headers: buildHeaders(hasBody),
      body: hasBody ? JSON.stringify(input.body) : undefined,
      signal: input.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR, 'Network request failed');
  }

  const envelope = await readEnvelope(response);
  if (envelope?.success === true) {
    const parsed = call.value.safeParse(envelope.value);
    if (!parsed.success) {
      throw new ApiError(response.status, 'INTERNAL_ERROR', `Unexpected reply from ${call.path}`);
    }
    return parsed.data as CallValue<C>;
  }

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
  throw new ApiError(response.status, errorCode, message, details);
}
