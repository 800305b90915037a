// `npm run bench`: throughput of the foundation's hot calls on a real PostgreSQL, each with its
// ratio to /healthz (no database) measured in the same run, so figures compare across machines.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { serverLoggerOptions } from '../apps/server/src/http/logger-options.js';
import { CATALOGUE_CACHE_TTL_MS } from '../apps/server/src/modules/games/index.js';
import { createServices } from '../apps/server/src/services.js';
import { freePort } from '../apps/server/test/free-port.js';
import { runBench, withSeededDatabase } from './bench-main.js';
import { BENCH_GAMES_PER_VENDOR, BENCH_VENDORS, seedBenchCatalogue } from './game-catalogue.js';

// LOG_LEVEL=info npm run bench: the server logs as main.ts sets it up (default level `info`),
// into a file in the bench's folder, whose size is printed; unset, the server logs nothing.
const LOG_LEVEL = process.env.LOG_LEVEL;

const CONCURRENCY = 32;
const DURATION_MS = 4_000;

interface Figure {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU time of this process (server and clients) per request: steadier than req/s on a shared machine. */
  cpuUsPerRequest: number;
  failures: number;
}

/** The game list is measured at the load the issue names (64 clients). */
const GAME_LIST_CONCURRENCY = 64;

async function measure(
  name: string,
  send: () => Promise<Response>,
  concurrency = CONCURRENCY,
): Promise<Figure> {
  const latencies: number[] = [];
  let failures = 0;
  const endAt = Date.now() + DURATION_MS;
  const cpuBefore = process.cpuUsage();
  const worker = async () => {
    while (Date.now() < endAt) {
      const startedAt = performance.now();
      const response = await send();
      await response.arrayBuffer();
      latencies.push(performance.now() - startedAt);
      if (!response.ok) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    name,
    requestsPerSecond: latencies.length / (DURATION_MS / 1000),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    cpuUsPerRequest: (cpu.user + cpu.system) / Math.max(1, latencies.length),
    failures,
  };
}

async function main() {
  await withSeededDatabase('run', async ({ db, dataDir }) => {
    await seedBenchCatalogue(db, 'DEMO');
    // The services as the running server has them (main.ts): game lists and menus cached briefly.
    const services = createServices(db, { catalogueCacheTtlMs: CATALOGUE_CACHE_TTL_MS });
    const logFile = path.join(dataDir, 'server.log');
    const loggerInstance = LOG_LEVEL
      ? pino(serverLoggerOptions(LOG_LEVEL), pino.destination(logFile))
      : undefined;
    const app = await buildApp({
      db,
      services,
      rateLimit: async () => {},
      ...(loggerInstance ? { loggerInstance } : {}),
    });
    const port = await freePort();
    await app.listen({ port, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${port}`;
    const headers = { merchant: 'DEMO', 'content-type': 'application/json' };

    const registered = await fetch(`${base}/wps/member/register`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        username: 'benchuser1',
        password: 'bench123',
        confirmPassword: 'bench123',
      }),
    }).then((response) => response.json() as Promise<{ value: { session: { token: string } } }>);
    const token: string = registered.value.session.token;

    const figures: Figure[] = [];
    figures.push(await measure('GET /healthz (baseline)', () => fetch(`${base}/healthz`)));
    figures.push(
      await measure('GET /wps/system/status', () =>
        fetch(`${base}/wps/system/status`, { headers }),
      ),
    );
    figures.push(
      await measure('GET /wps/v2/wallets/balance', () =>
        fetch(`${base}/wps/v2/wallets/balance`, { headers: { ...headers, authorization: token } }),
      ),
    );
    figures.push(
      await measure('POST /wps/session/login (Argon2id)', () =>
        fetch(`${base}/wps/session/login`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ username: 'benchuser1', password: 'bench123' }),
        }),
      ),
    );

    // The lobby's call: a category page of 42 across every vendor, then a name search that only a
    // Vietnamese name matches (every language is searched).
    figures.push(
      await measure(
        `GET gameList RNG page 2 (${GAME_LIST_CONCURRENCY} clients)`,
        () =>
          fetch(
            `${base}/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=2&clientType=3&language=EN`,
            {
              headers,
            },
          ),
        GAME_LIST_CONCURRENCY,
      ),
    );
    figures.push(
      await measure(
        `GET gameList search (${GAME_LIST_CONCURRENCY} clients)`,
        () =>
          fetch(
            `${base}/wps/relay/GCSGAME_gameList?gameName=${encodeURIComponent('rồng vàng 7-')}&language=EN`,
            { headers },
          ),
        GAME_LIST_CONCURRENCY,
      ),
    );

    const baseline = figures[0]?.requestsPerSecond ?? 1;
    console.log(
      `concurrency ${CONCURRENCY} (game list ${GAME_LIST_CONCURRENCY}), ${DURATION_MS / 1000} s per call, one process, embedded PostgreSQL, ` +
        `catalogue of ${BENCH_VENDORS * BENCH_GAMES_PER_VENDOR} games`,
    );
    for (const figure of figures) {
      console.log(
        `${figure.name.padEnd(38)} ${figure.requestsPerSecond.toFixed(0).padStart(7)} req/s  ` +
          `p50 ${figure.p50Ms.toFixed(1).padStart(6)} ms  p99 ${figure.p99Ms.toFixed(1).padStart(6)} ms  ` +
          `ratio ${(figure.requestsPerSecond / baseline).toFixed(3)}  ` +
          `cpu ${figure.cpuUsPerRequest.toFixed(0).padStart(5)} µs/req  failures ${figure.failures}`,
      );
    }
    if (LOG_LEVEL) {
      loggerInstance?.flush();
      const logBytes = (await stat(logFile)).size;
      console.log(`log level ${LOG_LEVEL}: ${(logBytes / 1e6).toFixed(2)} MB of log written`);
      const lines = (await readFile(logFile, 'utf8')).split('\n').filter(Boolean);
      const byMessage = new Map<string, number>();
      for (const line of lines) {
        const { msg } = JSON.parse(line) as { msg?: string };
        byMessage.set(msg ?? '', (byMessage.get(msg ?? '') ?? 0) + 1);
      }
      console.log(`log lines by message: ${JSON.stringify(Object.fromEntries(byMessage))}`);
      const shedStarts = lines.filter((line) => line.includes('shedding requests'));
      for (const line of shedStarts.slice(0, 5)) console.log(line);
    }
    await app.close();
  });
}

runBench(main);
