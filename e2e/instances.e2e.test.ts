import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILTIN_VASSALAGE, builtinGameCodes } from '@app/contract';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../apps/server/src/db/database.js';
import { JOB_SCHEMA } from '../apps/server/src/jobs/runner.js';
import {
  CAPTCHA_PER_IP_LIMIT,
  LOGIN_FAILURES_BEFORE_CAPTCHA,
} from '../apps/server/src/modules/verification/index.js';
import { RealtimeTestClient } from '../apps/server/test/realtime-client.js';
import { solveCaptcha } from '../apps/server/test/verification-helpers.js';
import { copyDataTemplate, DATA_TEMPLATE_ENV, SERVER_START_TIMEOUT_MS } from './support/server.js';

/**
 * The production layout on loopback: `npm run start:instances` (two instances on the embedded
 * PostgreSQL) behind HAProxy running the repository's own deploy/haproxy/haproxy.cfg. It proves
 * what several instances must share (sessions, realtime, schedules, rate limits, captchas) and
 * that a rolling restart under steady load fails no request.
 */
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OPERATOR_PASSWORD = 'operator-password-e2e';
/** Lottery draws every this many seconds, so that realtime events come often. */
const FAST_INTERVAL_SECONDS = 10;
/** A demo house game: with the fast interval above it draws every few seconds. */
const DRAW_TOPIC = 'lottery.draws.VN_NORTH_1M';
/** How long a stopping instance keeps serving while the balancer takes it out (2 checks, 1 s apart). */
const DRAIN_MS = 4_000;
/** Clients playing and reading balances through the balancer during the rolling restart. */
const LOAD_CLIENTS = 6;
/**
 * Each load client's pause between requests: a steady load the way players make it, 10 requests a
 * second at most, under the per-member play limit (600 a minute) however fast the servers answer.
 */
const LOAD_PACE_MS = 100;
const ROLLING_RESTART_TIMEOUT_MS = 240_000;
const FILE_TIMEOUT_MS = 420_000;
/** Jobs scheduled every minute and never sent at start, so each minute must hold one. */
const EVERY_MINUTE_JOBS = ['ledger-expire-pending', 'bonus-expire', 'withdrawal-auto-receive'];
/** pg-boss's queue of the cron's requests: one per scheduled job and minute (singleton). */
const CRON_REQUEST_QUEUE = '__pgboss__send-it';
const headers = { merchant: 'DEMO', 'content-type': 'application/json' };

interface Envelope {
  success: boolean;
  errorCode?: string;
  value?: Record<string, unknown>;
  details?: Record<string, unknown>;
}

async function call(
  baseUrl: string,
  method: string,
  urlPath: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<{ status: number; body: Envelope }> {
  const response = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers: { ...headers, ...extraHeaders },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as Envelope };
  } catch {
    // Not the server's envelope: the balancer's own page (a 502 or 503 of HAProxy).
    return { status: response.status, body: { success: false, errorCode: text.slice(0, 200) } };
  }
}

async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string | (() => string),
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
}

/** A wait of this test that must end: it fails with its name instead of hanging the file. */
const STEP_TIMEOUT_MS = 60_000;

async function within<T>(label: string, promise: Promise<T>, timeoutMs = STEP_TIMEOUT_MS) {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${label}: no answer in ${timeoutMs} ms`)),
          timeoutMs,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Usernames of this attempt: a retried test registers new members. */
let runId = '';
const username = (name: string) => `${name}${runId}`;

/** Below Linux's ephemeral range (32768-60999), where outgoing connections take their ports. */
const LISTEN_PORT_MIN = 20_000;
const LISTEN_PORT_SPAN = 12_000;

/**
 * A free port outside the ephemeral range. The instances listen only after several seconds of
 * start-up, and a port the system handed out as free (`freePort`) can by then be the local end
 * of another journey's connection: that failed an instance with EADDRINUSE once.
 */
async function quietPort(): Promise<number> {
  for (;;) {
    const port = LISTEN_PORT_MIN + Math.floor(Math.random() * LISTEN_PORT_SPAN);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

const isReady = (baseUrl: string) => () =>
  fetch(`${baseUrl}/readyz`).then((response) => response.ok);

describe('two instances behind HAProxy', () => {
  let dataDir = '';
  let databaseUrl = '';
  let instances: ChildProcess | null = null;
  let balancer: ChildProcess | null = null;
  let instancesOutput = '';
  let balancerOutput = '';
  const urls = { one: '', two: '', balancer: '' };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'platform-instances-'));
    const templateDir = process.env[DATA_TEMPLATE_ENV];
    if (templateDir) await copyDataTemplate(templateDir, dataDir);
    const embeddedPort = await quietPort();
    const [portOne, portTwo, balancerPort] = [
      await quietPort(),
      await quietPort(),
      await quietPort(),
    ];
    urls.one = `http://127.0.0.1:${portOne}`;
    urls.two = `http://127.0.0.1:${portTwo}`;
    urls.balancer = `http://127.0.0.1:${balancerPort}`;
    instances = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/run-instances.ts'], {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        INSTANCE_PORTS: `${portOne},${portTwo}`,
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(embeddedPort),
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        TRUST_PROXY: '1',
        SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
        DEMO_OPERATOR_PASSWORD: OPERATOR_PASSWORD,
        LOTTERY_FAST_INTERVAL_SECONDS: String(FAST_INTERVAL_SECONDS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    instances.stdout?.on('data', (chunk) => {
      instancesOutput += chunk;
    });
    instances.stderr?.on('data', (chunk) => {
      instancesOutput += chunk;
    });
    await waitFor(
      async () => (await isReady(urls.one)()) && (await isReady(urls.two)()),
      SERVER_START_TIMEOUT_MS * 2,
      () => `both instances ready\n${instancesOutput}`,
    );
    balancer = spawn('haproxy', ['-db', '-f', 'deploy/haproxy/haproxy.cfg'], {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        LB_BIND: `127.0.0.1:${balancerPort}`,
        INSTANCE_1: `127.0.0.1:${portOne}`,
        INSTANCE_2: `127.0.0.1:${portTwo}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    balancer.on('error', (error) => {
      balancerOutput += `haproxy could not start (apt-get install haproxy): ${error}\n`;
    });
    for (const stream of [balancer.stdout, balancer.stderr]) {
      stream?.on('data', (chunk) => {
        balancerOutput += chunk;
      });
    }
    await waitFor(isReady(urls.balancer), 20_000, () => `the balancer\n${balancerOutput}`);

    const credentials = JSON.parse(
      await readFile(path.join(dataDir, 'embedded-postgres.json'), 'utf8'),
    ) as { password: string };
    databaseUrl = `postgresql://postgres:${encodeURIComponent(credentials.password)}@127.0.0.1:${embeddedPort}/platform`;
  }, FILE_TIMEOUT_MS);

  beforeEach(() => {
    runId = Date.now().toString(36).slice(-5);
  });

  afterAll(async () => {
    balancer?.kill('SIGTERM');
    if (instances && instances.exitCode === null) {
      const exited = new Promise((resolve) => instances?.once('exit', resolve));
      instances.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  async function sql<Row>(text: string, values: unknown[] = []): Promise<Row[]> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as Row[];
    } finally {
      await client.end();
    }
  }

  /** A new member registered on `baseUrl`, answering its session token from a login there. */
  async function newMember(baseUrl: string, username: string, address?: string): Promise<string> {
    const password = 'abc12345';
    // An instance believes one proxy hop: the load clients come from addresses of their own, so
    // that registration limits per address do not stand in for the restart's failures.
    const from: Record<string, string> = address ? { 'x-forwarded-for': address } : {};
    const registered = await call(
      baseUrl,
      'PUT',
      '/wps/member/register',
      { username, password, confirmPassword: password },
      from,
    );
    expect(registered.body.success, JSON.stringify(registered.body)).toBe(true);
    const login = await call(baseUrl, 'POST', '/wps/session/login', { username, password }, from);
    expect(login.body.success, JSON.stringify(login.body)).toBe(true);
    return String(login.body.value?.token);
  }

  /** The demo operator's token, signed in once: operator sign-ins are rate-limited per address. */
  let operatorToken: string | null = null;

  /** Credits a member through the admin API (one step: the two-person limit lifted first). */
  async function fund(username: string, amount: number) {
    if (!operatorToken) {
      await sql(
        `INSERT INTO adjustment_settings (merchant_code, second_approval_above_minor)
         VALUES ('DEMO', 1000000000000000)
         ON CONFLICT (merchant_code) DO UPDATE SET second_approval_above_minor = EXCLUDED.second_approval_above_minor`,
      );
      const operator = await call(urls.balancer, 'POST', '/admin/session/login', {
        username: 'operator',
        password: OPERATOR_PASSWORD,
      });
      expect(operator.body.success, JSON.stringify(operator.body)).toBe(true);
      operatorToken = String(operator.body.value?.token);
    }
    const adjusted = await call(
      urls.balancer,
      'POST',
      '/admin/members/adjust-balance',
      { account: username, amount, reason: 'instances e2e' },
      { authorization: operatorToken, 'idempotency-key': `fund-${username}` },
    );
    expect(adjusted.body.success, JSON.stringify(adjusted.body)).toBe(true);
  }

  /** Opens a Dice session for the member, answering it and the game's smallest stake. */
  async function openDice(token: string) {
    const [dice] = await sql<{ node_id: string }>(
      'SELECT node_id FROM games WHERE merchant_code = $1 AND vassalage = $2 AND game_code = $3',
      ['DEMO', BUILTIN_VASSALAGE, builtinGameCodes.dice],
    );
    const launched = await call(
      urls.balancer,
      'POST',
      '/wps/game/launchGame',
      { nodeId: Number(dice?.node_id), vassalage: BUILTIN_VASSALAGE, language: 'en' },
      { authorization: token },
    );
    const gameUrl = new URL(String(launched.body.value?.game_url), urls.balancer);
    const opened = await call(urls.balancer, 'POST', '/wps/builtin/session/open', {
      launchToken: gameUrl.searchParams.get('token'),
    });
    const value = opened.body.value as { gameSession: string; limits: { minStake: number } };
    return { gameSession: value.gameSession, stake: value.limits.minStake };
  }

  it(
    'shares sessions and realtime pushes between the instances',
    async () => {
      // A session made on one instance works on the other and through the balancer.
      const token = await newMember(urls.one, username('instone'));
      for (const baseUrl of [urls.two, urls.balancer]) {
        const balance = await call(baseUrl, 'GET', '/wps/v2/wallets/balance', undefined, {
          authorization: token,
        });
        expect(balance.body.success, JSON.stringify(balance.body)).toBe(true);
      }

      // Realtime: a socket on each instance gets the same lottery draw event (published by
      // whichever instance runs the draw job) and the member's balance push after a play that
      // another instance served.
      const sockets = await Promise.all(
        [urls.one, urls.two].map((url) =>
          RealtimeTestClient.open(Number(new URL(url).port), 'DEMO'),
        ),
      );
      try {
        for (const socket of sockets) {
          await within('socket sign-in', socket.signIn(token, ['member.balance', DRAW_TOPIC]));
        }
        const drawEvents = await within(
          'a draw event on both sockets',
          Promise.all(
            sockets.map(async (socket) => {
              for (;;) {
                const message = (await socket.next()) as { topic?: string; data?: unknown };
                if (message.topic === DRAW_TOPIC) return message;
              }
            }),
          ),
        );
        expect(drawEvents[1]).toEqual(drawEvents[0]);

        await fund(username('instone'), 1_000_000);
        const dice = await openDice(token);
        const played = await call(urls.two, 'POST', '/wps/builtin/play', {
          gameSession: dice.gameSession,
          clientRoundId: 'inst-realtime-1',
          params: { stake: dice.stake, target: 50, direction: 'over' },
        });
        expect(played.body.success, JSON.stringify(played.body)).toBe(true);
        await within(
          'the balance push on both sockets',
          Promise.all(
            sockets.map(async (socket) => {
              for (;;) {
                const message = (await socket.next()) as { topic?: string };
                if (message.topic === 'member.balance') return;
              }
            }),
          ),
        );
      } finally {
        for (const socket of sockets) socket.close();
      }
    },
    FILE_TIMEOUT_MS,
  );

  it(
    'restarts one instance at a time under steady load without failing a request',
    async () => {
      // Each client is a player of its own, playing one round at a time as the site does.
      const players: Array<{ token: string; dice: Awaited<ReturnType<typeof openDice>> }> = [];
      for (let client = 0; client < LOAD_CLIENTS; client += 1) {
        const name = username(`roll${client}x`);
        const token = await newMember(urls.one, name, `198.51.100.${client + 10}`);
        await fund(name, 10_000_000);
        players.push({ token, dice: await openDice(token) });
      }
      const failures: string[] = [];
      let answered = 0;
      let running = true;
      const clients = players.map(async ({ token, dice }, client) => {
        for (let round = 0; running; round += 1) {
          const result =
            round % 2 === 0
              ? await call(urls.balancer, 'GET', '/wps/v2/wallets/balance', undefined, {
                  authorization: token,
                })
              : await call(urls.balancer, 'POST', '/wps/builtin/play', {
                  gameSession: dice.gameSession,
                  clientRoundId: `roll-${runId}-${client}-${round}`,
                  params: { stake: dice.stake, target: 50, direction: 'over' },
                });
          if (result.status !== 200 || !result.body.success) {
            failures.push(
              `${new Date().toISOString()} ${result.status} ${JSON.stringify(result.body)}`,
            );
          }
          answered += 1;
          await new Promise((resolve) => setTimeout(resolve, LOAD_PACE_MS));
        }
      });

      const startedAt = instancesOutput.length;
      instances?.kill('SIGHUP');
      await waitFor(
        async () => instancesOutput.slice(startedAt).includes('rolling restart done'),
        ROLLING_RESTART_TIMEOUT_MS,
        () => `the rolling restart\n${instancesOutput.slice(startedAt)}`,
      );
      const answeredDuringRestart = answered;
      running = false;
      await Promise.all(clients);

      const restartLog = instancesOutput.slice(startedAt);
      for (const url of [urls.one, urls.two]) {
        expect(restartLog).toContain(`restarting the instance on port ${new URL(url).port}`);
      }
      expect(failures).toEqual([]);
      expect(answeredDuringRestart).toBeGreaterThan(LOAD_CLIENTS * 10);
    },
    FILE_TIMEOUT_MS,
  );

  it(
    'shares login failures, captchas and rate limits between the instances',
    async () => {
      // Login failures counted on both instances ask for a captcha; a captcha drawn on one
      // instance is answered on the other, once.
      const password = 'abc12345';
      await newMember(urls.balancer, username('insttwo'));
      let lastFailure: Envelope | undefined;
      for (let attempt = 0; attempt < LOGIN_FAILURES_BEFORE_CAPTCHA; attempt += 1) {
        const baseUrl = attempt % 2 === 0 ? urls.one : urls.two;
        lastFailure = (
          await call(baseUrl, 'POST', '/wps/session/login', {
            username: username('insttwo'),
            password: 'x1',
          })
        ).body;
      }
      expect(lastFailure?.details?.captchaRequired).toBe(true);
      const captcha = await call(urls.one, 'GET', '/wps/captcha');
      const captchaId = String(captcha.body.value?.captchaId);
      const db = createDatabase(databaseUrl);
      const answer = await solveCaptcha(db, captchaId).finally(() => db.destroy());
      const withCaptcha = { username: username('insttwo'), password, captchaId, captcha: answer };
      const solved = await call(urls.two, 'POST', '/wps/session/login', withCaptcha);
      expect(solved.body.success, JSON.stringify(solved.body)).toBe(true);
      const replayed = await call(urls.one, 'POST', '/wps/session/login', withCaptcha);
      expect(replayed.body.errorCode).toBe('CAPTCHA_INVALID');

      // One address's captcha budget is one budget: alternating instances, the refusal comes
      // no later than the limit (counted apart, each instance would allow the limit on its own).
      let drawn = 0;
      let refused: { status: number; body: Envelope } | null = null;
      while (!refused && drawn <= CAPTCHA_PER_IP_LIMIT.limit) {
        const answered = await call(drawn % 2 === 0 ? urls.one : urls.two, 'GET', '/wps/captcha');
        if (answered.status === 429) refused = answered;
        else drawn += 1;
      }
      expect(refused?.body.errorCode).toBe('RATE_LIMITED');
      expect(drawn).toBeLessThanOrEqual(CAPTCHA_PER_IP_LIMIT.limit);
      for (const baseUrl of [urls.one, urls.two]) {
        expect((await call(baseUrl, 'GET', '/wps/captcha')).status).toBe(429);
      }
    },
    FILE_TIMEOUT_MS,
  );

  it('ran each scheduled job once per minute across the instances', async () => {
    // Each instance's scheduler asks for a job at every cron tick through pg-boss's own queue
    // (`__pgboss__send-it`), one request per job name and minute across the instances; the job
    // itself is created when that request is worked, which a busy machine may do a minute late,
    // so the jobs' own creation minutes can hold two ticks. The requests per tick are the count.
    const cronTicks = () =>
      sql<{ name: string; minute: string; runs: number }>(
        `SELECT singleton_key AS name, singleton_on::text AS minute, count(*)::int AS runs
         FROM (SELECT name, singleton_key, singleton_on FROM ${JOB_SCHEMA}.job
               UNION ALL SELECT name, singleton_key, singleton_on FROM ${JOB_SCHEMA}.archive) AS jobs
        WHERE name = '${CRON_REQUEST_QUEUE}' AND singleton_key = ANY($1) GROUP BY 1, 2`,
        [EVERY_MINUTE_JOBS],
      );
    const jobRuns = () =>
      sql<{ runs: number }>(
        `SELECT count(*)::int AS runs
         FROM (SELECT name FROM ${JOB_SCHEMA}.job
               UNION ALL SELECT name FROM ${JOB_SCHEMA}.archive) AS jobs
        WHERE name = ANY($1)`,
        [EVERY_MINUTE_JOBS],
      );
    // At least one minute has turned since both instances started (the file runs for minutes).
    await waitFor(async () => ((await jobRuns())[0]?.runs ?? 0) > 0, 90_000, 'a scheduled job run');
    // Jobs first: a job's request is always older than the job, so none can be missed.
    const jobs = (await jobRuns())[0]?.runs ?? 0;
    const ticks = await cronTicks();
    expect(ticks.filter((tick) => tick.runs > 1)).toEqual([]);
    // Every job comes from one request: no more jobs than requests.
    expect(jobs).toBeLessThanOrEqual(ticks.reduce((sum, tick) => sum + tick.runs, 0));
  }, 120_000);
});
