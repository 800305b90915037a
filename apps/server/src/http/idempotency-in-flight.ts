import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

/**
 * A request still holding its key after this long is taken to be lost (its client gone and its
 * reply never sent); the request timeout bounds how long a real one runs.
 */
export const IN_FLIGHT_STALE_MS = 35_000;
/** Keys remembered at once; beyond this, new keys are not tracked (the database still dedups). */
export const IN_FLIGHT_MAX_KEYS = 100_000;

const keyOfRequest = Symbol('idempotencyInFlightKey');
type TrackedRequest = FastifyRequest & { [keyOfRequest]?: string };

/**
 * Safety: a retry while the first request with the same Idempotency-Key is still
 * running answers 409 IDEMPOTENCY_IN_PROGRESS instead of waiting on it. Every money-moving
 * call's outcome is already made once by the database (deposit keys, ledger transfer ids), so
 * this is only the answer a client sees, never what decides the money. It is per process: a
 * concurrent retry that reaches another instance waits for the database and replays instead.
 * A crash forgets every key, so retries after a restart go through and finish the work once.
 */
export function installIdempotencyInFlight(app: FastifyInstance): void {
  const inFlight = new Map<string, number>();

  function release(request: TrackedRequest) {
    const key = request[keyOfRequest];
    if (key === undefined) return;
    request[keyOfRequest] = undefined;
    inFlight.delete(key);
  }

  app.addHook('onRequest', async (request: TrackedRequest) => {
    if (request.method !== 'POST' && request.method !== 'PUT') return;
    const header = request.headers['idempotency-key'];
    const idempotencyKey = Array.isArray(header) ? header[0] : header;
    if (!idempotencyKey) return;
    // Scoped by caller (merchant and session token) and call; hashed so no token is kept.
    const key = createHash('sha256')
      .update(
        JSON.stringify([
          request.headers.merchant ?? '',
          request.headers.authorization ?? '',
          request.method,
          request.routeOptions.url ?? request.url,
          idempotencyKey,
        ]),
      )
      .digest('base64url');
    const now = Date.now();
    const startedAtMs = inFlight.get(key);
    if (startedAtMs !== undefined && now - startedAtMs < IN_FLIGHT_STALE_MS) {
      throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    }
    if (inFlight.size >= IN_FLIGHT_MAX_KEYS && startedAtMs === undefined) return;
    inFlight.set(key, now);
    request[keyOfRequest] = key;
  });
  // onSend runs when the handler is done even if the client has gone; onResponse is the backstop.
  app.addHook('onSend', (request: TrackedRequest, _reply, payload, done) => {
    release(request);
    done(null, payload);
  });
  app.addHook('onResponse', (request: TrackedRequest, _reply, done) => {
    release(request);
    done();
  });
}
