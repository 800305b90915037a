// `npm run bench:overload`: Dice plays (`/wps/builtin/play`) from 64, 256, 1,024 and 2,048
// concurrent clients against the real server (main.ts in its own process, LOG_LEVEL=info, rate
// limits on) on the embedded PostgreSQL, with load shedding at its default bounds. Prints, per
// load: answered (200) plays per second and their p50/p99, how many were shed (503), how fast a
// shed request got its 503, and how long until the first 503. Clients behave as the web app
// does: after a 503 a client waits its Retry-After before playing again.
import { spawn } from 'node:child_process';
import { BUILTIN_VASSALAGE, builtinGameCodes, memberTypes } from '@app/contract';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.js';
import { createCatalogueWriter } from '../apps/server/src/modules/games/index.js';
import { createServices } from '../apps/server/src/services.js';
import { freePort } from '../apps/server/test/free-port.js';
import { runBench, withSeededDatabase } from './bench-main.js';

const LOADS = [64, 256, 1_024, 2_048];
const DURATION_MS = 10_000;
/** Members playing; clients share them round-robin (a member's plays queue on its account). */
const PLAYERS = 512;
const FUNDING_MINOR = 1_000_000_000n;
/** The longest pause after a 503 (the server says 1 s). */
const MAX_RETRY_WAIT_MS = 1_000;
/**
 * Clients start spread over this time: 2,048 connections opened in the same instant overflow
 * the listen backlog (511), and the kernel's SYN retries (1 s, 3 s, 7 s...) would be measured
 * instead of the server.
 */
const RAMP_MS = 1_000;
const SERVER_START_TIMEOUT_MS = 60_000;

function percentile(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  await withSeededDatabase('overload', async ({ db, server }) => {
    const services = createServices(db);
    const app = await buildApp({ db, services, rateLimit: async () => {} });
    const port = await freePort();
    await app.listen({ port, host: '127.0.0.1' });
    let base = `http://127.0.0.1:${port}`;
    const headers = { merchant: 'DEMO', 'content-type': 'application/json' };

    const diceNodeId = await createCatalogueWriter(db).ensureGame({
      merchantCode: 'DEMO',
      vassalage: BUILTIN_VASSALAGE,
      gameCode: builtinGameCodes.dice,
      gameType: 'RNG',
      iconUrl: '/icons/dice.svg',
      texts: { EN: { name: 'Dice' }, VI: { name: 'Dice' } },
    });
    await sql`
    INSERT INTO members (merchant_code, username, username_normalized, password_hash, nickname)
    SELECT 'DEMO', 'over' || n, 'over' || n, 'x', 'over' || n FROM generate_series(1, ${PLAYERS}::int) n
  `.execute(db);
    const memberIds = (
      await sql<{
        id: string;
      }>`SELECT id FROM members WHERE username LIKE 'over%' ORDER BY id`.execute(db)
    ).rows.map((row) => BigInt(row.id));
    const funding = await services.ledger.systemAccount({
      merchantCode: 'DEMO',
      code: 'bench:funding',
      asset: 'cash',
      currency: 'VND',
    });
    const gameSessions: string[] = [];
    for (const memberId of memberIds) {
      const token = await services.sessions.issue({
        merchantCode: 'DEMO',
        memberId,
        memberType: memberTypes.member,
        ip: null,
        userAgent: undefined,
      });
      const account = await services.ledger.memberAccount({
        merchantCode: 'DEMO',
        memberId,
        asset: 'cash',
        currency: 'VND',
      });
      await services.ledger.transfer({
        id: `fund:${memberId}`,
        debitAccountId: funding,
        creditAccountId: account,
        amountMinor: FUNDING_MINOR,
        code: 'deposit',
      });
      const launched = (await fetch(`${base}/wps/game/launchGame`, {
        method: 'POST',
        headers: { ...headers, authorization: token },
        body: JSON.stringify({
          nodeId: Number(diceNodeId),
          vassalage: BUILTIN_VASSALAGE,
          language: 'en',
        }),
      }).then((response) => response.json())) as { value: { game_url: string } };
      const launchToken = new URL(launched.value.game_url, base).searchParams.get('token');
      const opened = (await fetch(`${base}/wps/builtin/session/open`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ launchToken }),
      }).then((response) => response.json())) as { value: { gameSession: string } };
      gameSessions.push(opened.value.gameSession);
    }

    // The sessions are in the database; the real server takes over from the set-up's app.
    await app.close();
    const serverPort = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      env: {
        ...process.env,
        PORT: String(serverPort),
        HOST: '127.0.0.1',
        DATABASE_URL: server.url,
        LOG_LEVEL: 'info',
        SERVER_ROLES: 'http',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    base = `http://127.0.0.1:${serverPort}`;
    const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
    for (;;) {
      const ready = await fetch(`${base}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline) throw new Error('server did not start');
      await sleep(200);
    }

    console.log(
      `Dice plays, ${DURATION_MS / 1000} s per load, ${PLAYERS} players, server in its own process, embedded PostgreSQL, default shedding bounds`,
    );
    let round = 0;
    for (const clients of LOADS) {
      round += 1;
      const answered: number[] = [];
      const shed: number[] = [];
      let otherFailures = 0;
      let firstShedAfterMs: number | null = null;
      const startedAt = performance.now();
      const endAt = Date.now() + DURATION_MS;
      await Promise.all(
        Array.from({ length: clients }, async (_, client) => {
          const gameSession = gameSessions[client % gameSessions.length];
          await sleep((client / clients) * RAMP_MS);
          for (let n = 0; Date.now() < endAt; n += 1) {
            const sentAt = performance.now();
            let status = 0;
            let retryAfterSeconds = 1;
            try {
              const response = await fetch(`${base}/wps/builtin/play`, {
                method: 'POST',
                headers,
                body: JSON.stringify({
                  gameSession,
                  clientRoundId: `o${round}-${client}-${n}`,
                  params: { stake: 1, target: 50, direction: 'over' },
                }),
              });
              await response.arrayBuffer();
              status = response.status;
              retryAfterSeconds = Number(response.headers.get('retry-after') ?? '1');
            } catch {
              status = 0;
            }
            const tookMs = performance.now() - sentAt;
            if (status === 200) answered.push(tookMs);
            else if (status === 503) {
              shed.push(tookMs);
              firstShedAfterMs ??= performance.now() - startedAt;
              await sleep(Math.min(MAX_RETRY_WAIT_MS, retryAfterSeconds * 1000));
            } else otherFailures += 1;
          }
        }),
      );
      answered.sort((a, b) => a - b);
      shed.sort((a, b) => a - b);
      console.log(
        `${String(clients).padStart(5)} clients  answered ${String(answered.length).padStart(6)} ` +
          `(${(answered.length / (DURATION_MS / 1000)).toFixed(0)}/s)  ` +
          `p50 ${percentile(answered, 0.5).toFixed(0)} ms  p99 ${percentile(answered, 0.99).toFixed(0)} ms  ` +
          `shed ${shed.length}  503 in p50 ${percentile(shed, 0.5).toFixed(0)} ms p99 ${percentile(shed, 0.99).toFixed(0)} ms  ` +
          `first 503 after ${firstShedAfterMs === null ? '-' : `${(firstShedAfterMs as number).toFixed(0)} ms`}  ` +
          `other failures ${otherFailures}`,
      );
      // The next load starts on a quiet server.
      await sleep(2_000);
    }
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });
}

runBench(main);
