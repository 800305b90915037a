import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type AppDeps, buildApp } from '../src/app.js';
import { BASE_MERCHANT_CODE } from './fixtures/base-merchant.js';
import { createTestDatabase, type TestDatabase, type TestFixture } from './test-database.js';

export interface TestContext {
  app: FastifyInstance;
  database: TestDatabase;
}

/**
 * A fresh database and an app on it for the test file that calls this; both are gone after
 * the file's tests. The returned object is filled in before the first test runs.
 */
export function useTestApp(
  overrides: Partial<AppDeps> = {},
  options: { fixtures?: readonly TestFixture[] } = {},
): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.database = await createTestDatabase(options);
    context.app = await buildApp({ db: context.database.db, ...overrides });
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.drop();
  });
  return context;
}

export interface CallOptions {
  token?: string;
  merchant?: string | null;
  language?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The caller's address; each call comes from a new one unless a test names it. */
  ip?: string;
}

let addressCounter = 0;

/** Addresses from a documentation range, so per-address limits do not couple unrelated tests. */
function nextTestAddress(): string {
  addressCounter += 1;
  return `198.18.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

/** One API call as the web client makes it, with the demo merchant unless told otherwise. */
export async function callApi(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: CallOptions = {},
) {
  const headers: Record<string, string> = { device: 'WEB', ...options.headers };
  const merchant = options.merchant === undefined ? BASE_MERCHANT_CODE : options.merchant;
  if (merchant !== null) headers.merchant = merchant;
  if (options.token) headers.authorization = options.token;
  if (options.language) headers.language = options.language;
  const response = await app.inject({
    method,
    url,
    headers,
    remoteAddress: options.ip ?? nextTestAddress(),
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

let usernameCounter = 0;

/** A username that fits the demo merchant's rule (letter first, 6-16 letters and digits). */
export function uniqueUsername(prefix = 'player'): string {
  usernameCounter += 1;
  return `${prefix}${Date.now().toString(36).slice(-5)}${usernameCounter}`.slice(0, 16);
}
