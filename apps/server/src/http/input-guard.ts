import { type Readable, Transform } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

/**
 * The deepest nesting of objects and arrays a JSON body may have. No call of the API needs more
 * than a handful of levels; the bound stops a body nested thousands deep from overflowing the
 * stack of the parser or of schema validation.
 */
export const JSON_BODY_MAX_DEPTH = 32;

/** The headers the server reads; a NUL byte in one of them is refused like one in a body. */
export const GUARDED_HEADER_NAMES = [
  'merchant',
  'authorization',
  'language',
  'device',
  'idempotency-key',
  'x-signature',
  'x-timestamp',
  'user-agent',
  'host',
] as const;

const NUL = '\u0000';

/** Counts the nesting of JSON as it streams past, skipping string contents; never parses. */
export function createJsonDepthCounter(maxDepth: number) {
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** Feeds the next bytes (or text); answers whether the bound has been passed so far. */
  return (chunk: Uint8Array | string): boolean => {
    for (let index = 0; index < chunk.length; index += 1) {
      // UTF-8 continuation bytes are all >= 0x80, so byte-wise scanning sees only ASCII syntax.
      const code = typeof chunk === 'string' ? chunk.charCodeAt(index) : (chunk[index] as number);
      if (inString) {
        if (escaped) escaped = false;
        else if (code === 0x5c) escaped = true;
        else if (code === 0x22) inString = false;
      } else if (code === 0x22) inString = true;
      else if (code === 0x7b || code === 0x5b) {
        depth += 1;
        if (depth > maxDepth) return true;
      } else if (code === 0x7d || code === 0x5d) depth -= 1;
    }
    return false;
  };
}

/** Whether `text` (JSON) opens more than `maxDepth` nested objects or arrays. */
export function jsonDepthExceeds(text: string, maxDepth: number): boolean {
  return createJsonDepthCounter(maxDepth)(text);
}

/**
 * The path of the first string (key or value) in `value` that holds a NUL byte, or undefined.
 * PostgreSQL refuses NUL in text, so such input must be refused as invalid before it gets
 * there. Walks with an explicit stack: parsed input is already depth-bounded, but the walk
 * itself must not depend on that.
 */
export function pathOfNul(value: unknown): string | undefined {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: string };
    if (typeof item.value === 'string') {
      if (item.value.includes(NUL)) return item.path;
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    for (const [key, child] of Object.entries(item.value)) {
      const path = item.path ? `${item.path}.${key}` : key;
      if (key.includes(NUL)) return item.path || '(key)';
      stack.push({ value: child, path });
    }
  }
  return undefined;
}

function refuseNul(value: unknown, where: string): void {
  const path = pathOfNul(value);
  if (path !== undefined) throw new AppError('VALIDATION_FAILED', { field: path || where });
}

function refuseNulInHeaders(request: FastifyRequest): void {
  for (const name of GUARDED_HEADER_NAMES) {
    const header = request.headers[name];
    if (header !== undefined) refuseNul(header, name);
  }
}

function isJson(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return typeof type === 'string' && /^application\/([a-z0-9.+-]*\+)?json\b/i.test(type.trim());
}

/**
 * Refuses a JSON body nested deeper than JSON_BODY_MAX_DEPTH while it streams in, before any
 * parser sees it. A stream stage rather than a replacement parser, so that the scopes that
 * keep their own JSON parser (signed callbacks take the raw text) are bounded too.
 */
function depthBoundedPayload(payload: Readable): Readable {
  const exceeds = createJsonDepthCounter(JSON_BODY_MAX_DEPTH);
  const bounded = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (exceeds(chunk)) callback(new AppError('VALIDATION_FAILED'));
      else callback(null, chunk);
    },
  });
  payload.on('error', (error) => bounded.destroy(error));
  // Fastify listens for the refusal while it reads the body. After it has stopped reading (the
  // body limit answered 413 first, say), the rest of the body still flows through here, and a
  // refusal with no listener would be an uncaught exception that ends the process.
  bounded.on('error', () => {});
  return payload.pipe(bounded);
}

/**
 * Input checks that hold for every route, once at the HTTP layer rather than per field: a
 * bounded JSON depth, and no NUL byte in the body, the query string, the path parameters or the
 * headers the server reads. Each refusal is VALIDATION_FAILED (400) in the usual envelope.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, _reply, payload) =>
    isJson(request) ? depthBoundedPayload(payload) : payload,
  );
  // Callback style: no promise per request; a refusal goes to done() as the error.
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      refuseNulInHeaders(request);
      refuseNul(request.query, 'query');
      refuseNul(request.params, 'params');
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      refuseNul(request.body, 'body');
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}
