import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Locator,
  Page,
} from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { createDatabase, type Db } from '../../apps/server/src/db/database.js';
import { launchBrowser } from './browser.js';
import { databaseUrlOf, type RunningServer, startServer } from './server.js';
import { registerOnPage, STEP_TIMEOUT_MS } from './site.js';

/** The viewport of a page unless the journey asks for another. */
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };
/** A phone-sized viewport, shared by the journeys that check the narrow layout. */
export const PHONE_VIEWPORT = { width: 390, height: 844 };
/** Where screenshots go unless `E2E_SCREENSHOT_DIR` says otherwise (ignored by git). */
const DEFAULT_SCREENSHOT_ROOT = '.e2e-artifacts';
/** How much of the server's output an unclean stop prints. */
const STOP_OUTPUT_TAIL_CHARS = 3000;
/** The time part of a unique name: base-36 milliseconds, the last few digits (hours apart). */
const UNIQUE_TIME_DIGITS = 6;

export interface JourneyOptions {
  /** Extra environment for the server process (test-only switches), or a function to make it. */
  env?: Record<string, string> | (() => Promise<Record<string, string>>);
  /** False for journeys that only talk to the server (no Chromium, no page). */
  browser?: boolean;
  /** The context of the shared `page` (viewport, CSP bypass, ...). */
  page?: BrowserContextOptions;
}

export interface Journey {
  /** The real server process, started before the first test. */
  readonly server: RunningServer;
  readonly browser: Browser;
  /** One page in a fresh context, opened before the first test and shared by the file's tests. */
  readonly page: Page;
  /** Uncaught errors of every page this journey opened or watches. */
  readonly pageErrors: string[];
  /** A fresh context (no cookies, no storage) with the step timeout and a desktop viewport. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a fresh context, its errors watched. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** Adds a page's uncaught errors to `pageErrors`, and answers the page. */
  watch(page: Page): Page;
  /** A username unique in this run: the prefix, then time and a counter (6-16 characters). */
  uniqueName(prefix?: string): string;
  /** Registers a new member on /register and answers the name and the page's header. */
  registerMember(
    page: Page,
    prefix?: string,
    baseUrl?: string,
  ): Promise<{ username: string; header: Locator }>;
  /** Saves a screenshot under the journey's folder and answers its path. */
  screenshot(page: Page, name: string, options?: { fullPage?: boolean }): Promise<string>;
  /** A connected `pg` client on the server's database, closed after the last test. */
  pg(): Promise<pg.Client>;
  /** A Kysely handle on the server's database, closed after the last test. */
  db(): Promise<Db>;
  /** Work to undo after the last test: after the browser closes, before the server stops. */
  onTeardown(undo: () => Promise<void> | void): void;
}

function screenshotFolder(journeyName: string): string {
  return path.resolve(process.env.E2E_SCREENSHOT_DIR ?? DEFAULT_SCREENSHOT_ROOT, journeyName);
}

/**
 * The set-up every journey shares: before the first test, the real server process (embedded
 * PostgreSQL, the built site) and Chromium start, and one page opens; after the last test,
 * Chromium closes, whatever the journey registered is undone, and the server must stop with
 * exit code 0. Call it once in a `describe` (or at the top of the file).
 */
export function useJourney(journeyName: string, options: JourneyOptions = {}): Journey {
  const withBrowser = options.browser ?? true;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  let pgClient: pg.Client | undefined;
  let kysely: Db | undefined;
  let nameCount = 0;
  const pageErrors: string[] = [];
  const teardowns: Array<() => Promise<void> | void> = [];

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started (use it inside a test)`);
    return value;
  };

  const journey: Journey = {
    get server() {
      return started(server, 'the server');
    },
    get browser() {
      return started(browser, 'the browser');
    },
    get page() {
      return started(page, 'the shared page');
    },
    pageErrors,
    async newContext(contextOptions = {}) {
      const context = await journey.browser.newContext({
        viewport: DESKTOP_VIEWPORT,
        ...contextOptions,
      });
      context.setDefaultTimeout(STEP_TIMEOUT_MS);
      return context;
    },
    async newPage(contextOptions = {}) {
      const context = await journey.newContext(contextOptions);
      return journey.watch(await context.newPage());
    },
    watch(watched) {
      watched.on('pageerror', (error) => pageErrors.push(error.message));
      return watched;
    },
    uniqueName(prefix = 'member') {
      nameCount += 1;
      return `${prefix}${Date.now().toString(36).slice(-UNIQUE_TIME_DIGITS)}${nameCount.toString(36)}`;
    },
    async registerMember(onPage, prefix = 'member', baseUrl = journey.server.baseUrl) {
      const username = journey.uniqueName(prefix);
      const header = await registerOnPage(onPage, baseUrl, username);
      return { username, header };
    },
    async screenshot(onPage, name, screenshotOptions = {}) {
      const folder = screenshotFolder(journeyName);
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, `${name}.png`);
      await onPage.screenshot({
        path: file,
        animations: 'disabled',
        fullPage: screenshotOptions.fullPage ?? false,
      });
      return file;
    },
    async pg() {
      if (!pgClient) {
        const client = new pg.Client({ connectionString: await databaseUrlOf(journey.server) });
        await client.connect();
        pgClient = client;
      }
      return pgClient;
    },
    async db() {
      kysely ??= createDatabase(await databaseUrlOf(journey.server));
      return kysely;
    },
    onTeardown(undo) {
      teardowns.push(undo);
    },
  };

  beforeAll(async () => {
    const env = typeof options.env === 'function' ? await options.env() : options.env;
    // Both start at once; if one fails, the other is still stopped by afterAll.
    const [startedServer, startedBrowser] = await Promise.allSettled([
      startServer({ env: env ?? {} }).then((value) => {
        server = value;
        return value;
      }),
      withBrowser
        ? launchBrowser().then((value) => {
            browser = value;
            return value;
          })
        : Promise.resolve(undefined),
    ]);
    for (const result of [startedServer, startedBrowser]) {
      if (result.status === 'rejected') throw result.reason;
    }
    if (withBrowser) page = await journey.newPage(options.page);
  });

  afterAll(async () => {
    await browser?.close();
    for (const undo of teardowns.reverse()) await undo();
    await pgClient?.end();
    await kysely?.destroy();
    if (server) {
      const stopped = server;
      const code = await stopped.stop();
      expect(code, stopped.output().slice(-STOP_OUTPUT_TAIL_CHARS)).toBe(0);
    }
  });

  return journey;
}
