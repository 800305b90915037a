import {
  type Calls,
  type Route,
  type RouteBody,
  type RouteName,
  type RouteQuery,
  type RouteValue,
  requestHeaders,
} from '@app/contract/client';
import { fetchEnvelope, urlWithQuery } from '@app/web-shared/envelope-call';
import { currentLanguageCode } from './i18n';
import { clearSession, getSessionToken } from './session-token';
import { localKeys, readLocal } from './storage';
import { showTrialWarning } from './trial-warning';

/**
 * The contract's table of every call's method and path (2.7 KB gzipped) is not in the initial
 * chunk: its download starts when this module is evaluated, beside the entry's own start, and a
 * call waits for it (it is there long before the first call on any real network). A failed load
 * is tried again by the next call.
 */
let routeTable: Promise<typeof import('@app/contract/routes').routes> | null = null;
function loadRouteTable() {
  routeTable ??= import('@app/contract/routes').then(
    (module) => module.routes,
    (error: unknown) => {
      routeTable = null;
      throw error;
    },
  );
  return routeTable;
}
void loadRouteTable().catch(() => undefined);

/** What this site sends as `Device` (SPEC §9: device WEB). */
const DEVICE = 'WEB';
const SESSION_ENDED_CODES: ReadonlySet<string> = new Set(['SESSION_REQUIRED', 'SESSION_EXPIRED']);

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

export interface CallInput<N extends keyof Calls> {
  body?: RouteBody<N>;
  query?: RouteQuery<N>;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: a retry of a money-moving call gets the first answer again. */
  idempotencyKey?: string;
}

/**
 * Calls the API by the contract's route name: sends the four headers of ARCHITECTURE §5 and
 * unwraps the envelope. The reply is typed by the contract (the server's serializer has already
 * checked it against the schema, so the client does not load zod to check it again). Every
 * failure is an `ApiError` whose `errorCode` keys a text in the `errors` namespace.
 */
export async function callApi<N extends keyof Calls>(
  name: N,
  input: CallInput<N> = {},
  /** The call's route when it is not in the shared `routes` (a lazy feature's own). */
  route?: Route,
): Promise<RouteValue<N>> {
  const call = route ?? (await loadRouteTable())[name as RouteName];
  const hasBody = input.body !== undefined;
  return fetchEnvelope<RouteValue<N>>(
    urlWithQuery(call.path, input.query),
    {
      method: call.method,
      headers: buildHeaders(hasBody, input.idempotencyKey),
      body: hasBody ? JSON.stringify(input.body) : undefined,
      signal: input.signal,
    },
    (error) => {
      if (error.status === 401 && call.auth && SESSION_ENDED_CODES.has(error.errorCode)) {
        clearSession();
      }
      if (error.errorCode === 'TRIAL_ACCOUNT') showTrialWarning();
    },
  );
}
