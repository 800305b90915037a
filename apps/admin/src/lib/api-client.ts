import { type CallDefinition, CSRF_HEADER, type HttpMethod } from '@app/contract';
import type { CallBody, CallQuery, CallValue } from '@app/contract/client';
import type { ApiError } from '@app/web-shared/api-error';
import { callHeaders, fetchEnvelope, urlWithQuery } from '@app/web-shared/envelope-call';
import { currentLanguageCode } from './i18n';

/** What the console sends as `Device`. */
const DEVICE = 'WEB';
const SESSION_ENDED_CODES: ReadonlySet<string> = new Set(['SESSION_REQUIRED', 'SESSION_EXPIRED']);
const ENROLMENT_REQUIRED_CODE = 'TOTP_ENROLMENT_REQUIRED';

/** Why the console lost its session: the app shows the sign-in or enrolment page. */
export type SessionEvent = 'ended' | 'enrolment-required';

/**
 * Where a call lives, typed by its contract definition but without its zod schemas: the shell
 * (session, sign-out) calls through these so that zod and the schemas load with the pages that
 * validate forms, not on the first screen (size budget, docs/console.md).
 */
export interface CallRoute<C> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: boolean;
  /** Never set: carries the call's type. */
  readonly call?: C;
}

export function callRoute<C extends CallDefinition>(route: CallRoute<C>): CallRoute<C> {
  return route;
}

export interface AdminCallInput<C> {
  body?: CallBody<C>;
  query?: CallQuery<C>;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: a retry of a money-moving call gets the first answer again. */
  idempotencyKey?: string;
}

/**
 * The session's CSRF token, in memory only: the cookie carries the session, and a token kept in
 * storage would be readable by any script that reads storage. A reload asks `/admin/session`.
 */
let csrfToken: string | null = null;
/** When the server last saw this operator act: each answered call extends its idle expiry. */
let lastActivityAtMs = Date.now();
const sessionListeners = new Set<(event: SessionEvent) => void>();

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export function lastActivityMs(): number {
  return lastActivityAtMs;
}

/** Hears about a session that ended (idle, revoked) or needs TOTP enrolment; answers the unsubscribe. */
export function onSessionEvent(listener: (event: SessionEvent) => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

function announce(call: CallRoute<unknown>, error: ApiError): void {
  // A failed sign-in is the sign-in page's business, not a session that ended.
  if (!call.auth) return;
  // Only a session the console held can end: the first probe's 401 just means "not signed in".
  const event: SessionEvent | null =
    error.status === 401 && SESSION_ENDED_CODES.has(error.errorCode) && csrfToken !== null
      ? 'ended'
      : error.errorCode === ENROLMENT_REQUIRED_CODE
        ? 'enrolment-required'
        : null;
  if (event) for (const listener of sessionListeners) listener(event);
}

/** The console's filter forms send a blank field as '': it means "any", so it is left out. */
function withoutBlanks(query: unknown): unknown {
  if (query === undefined || query === null) return query;
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}

/**
 * Calls the operator API with a call of the contract: the session rides in its HttpOnly cookie,
 * every non-GET call carries the CSRF header, and the envelope is unwrapped. Every failure is an
 * `ApiError` whose `errorCode` keys a text in the `errors` namespace.
 */
export async function callAdmin<C extends CallDefinition>(
  call: C | CallRoute<C>,
  input: AdminCallInput<C> = {},
): Promise<CallValue<C>> {
  const hasBody = input.body !== undefined;
  const headers = callHeaders(currentLanguageCode(), DEVICE, hasBody, input.idempotencyKey);
  if (call.method !== 'GET' && csrfToken) headers.set(CSRF_HEADER, csrfToken);
  const value = await fetchEnvelope<CallValue<C>>(
    urlWithQuery(call.path, withoutBlanks(input.query)),
    {
      method: call.method,
      headers,
      body: hasBody ? JSON.stringify(input.body) : undefined,
      credentials: 'same-origin',
      signal: input.signal,
    },
    (error) => announce(call, error),
  );
  lastActivityAtMs = Date.now();
  return value;
}
