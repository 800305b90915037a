// `npm run bench`: the hot calls of the player site (issue 23) on a real PostgreSQL with a lobby
// of 50 vendors and 5,000 games, each as a ratio to a bare Fastify hello-world measured in the
// same run by the same client (see hot-calls.ts), so figures compare across machines.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { runBench, withSeededDatabase } from './bench-main.js';
import { BENCH_GAMES_PER_VENDOR, BENCH_VENDORS, seedBenchCatalogue } from './game-catalogue.js';
import {
  clusterCpuUs,
  fileBytes,
  HOT_CALL_CONNECTIONS,
  HOT_CALL_DURATION_MS,
  type HotCall,
  type HotCallFigure,
  loadAverage,
  measureCall,
  printFigures,
  startHelloWorld,
  startPlatformServer,
} from './hot-calls.js';

/** The aims: the catalogue calls at half of hello-world, the member calls at 0.3. */
const CATALOGUE_AIM = 0.5;
const MEMBER_AIM = 0.3;

async function registerMember(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/wps/member/register`, {
    method: 'PUT',
    headers: { merchant: 'DEMO', 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'benchuser1',
      password: 'bench123',
      confirmPassword: 'bench123',
    }),
  });
  const envelope = (await response.json()) as { value?: { session: { token: string } } };
  const token = envelope.value?.session.token;
  if (!token) throw new Error(`bench registration failed: ${JSON.stringify(envelope)}`);
  return token;
}

function hotCalls(token: string): { calls: HotCall[]; aims: Map<string, number> } {
  const guest = { merchant: 'DEMO', language: 'EN' };
  const member = { ...guest, authorization: token };
  const calls: HotCall[] = [
    { name: 'GET /healthz (no database)', path: '/healthz' },
    {
      name: 'gameList RNG page 2',
      path: '/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=2&clientType=3&language=EN',
      headers: guest,
    },
    {
      name: 'gameList name search',
      path: `/wps/relay/GCSGAME_gameList?gameName=${encodeURIComponent('rồng vàng 7-')}&language=EN`,
      headers: guest,
    },
    { name: 'hotGames', path: '/wps/relay/GCSGAME_hotGamesV2?language=EN', headers: guest },
    { name: 'game_menus', path: '/lgw/games/game_menus?language=EN', headers: guest },
    { name: 'balance (session)', path: '/wps/v2/wallets/balance', headers: member },
    { name: 'member info (session)', path: '/wps/member/info', headers: member },
  ];
  const aims = new Map<string, number>([
    ['gameList RNG page 2', CATALOGUE_AIM],
    ['gameList name search', CATALOGUE_AIM],
    ['hotGames', CATALOGUE_AIM],
    ['game_menus', CATALOGUE_AIM],
    ['balance (session)', MEMBER_AIM],
    ['member info (session)', MEMBER_AIM],
  ]);
  return { calls, aims };
}

async function logSummary(logFile: string): Promise<void> {
  const lines = (await readFile(logFile, 'utf8')).split('\n').filter(Boolean);
  const byMessage = new Map<string, number>();
  for (const line of lines) {
    let message = '(not JSON)';
    try {
      message = (JSON.parse(line) as { msg?: string }).msg ?? '';
    } catch {}
    byMessage.set(message, (byMessage.get(message) ?? 0) + 1);
  }
  console.log(
    `server log at info: ${(fileBytes(logFile) / 1e6).toFixed(2)} MB, lines by message ${JSON.stringify(Object.fromEntries(byMessage))}`,
  );
}

/** BENCH_CALLS=balance,hotGames measures only the calls whose names contain one of these. */
function selected(calls: HotCall[]): HotCall[] {
  const wanted = process.env.BENCH_CALLS?.split(',').filter(Boolean);
  if (!wanted?.length) return calls;
  return calls.filter((call) => wanted.some((part) => call.name.includes(part)));
}

async function main() {
  await withSeededDatabase('run', async ({ db, dataDir, server }) => {
    await seedBenchCatalogue(db, 'DEMO');
    const logFile = path.join(dataDir, 'server.log');
    const platform = await startPlatformServer(server.url, logFile);
    const helloWorld = await startHelloWorld();
    try {
      const token = await registerMember(platform.baseUrl);
      const { calls, aims } = hotCalls(token);
      const loadBefore = loadAverage();
      const hello = await measureCall(helloWorld, { name: 'hello-world', path: '/hello' });
      const figures: HotCallFigure[] = [hello];
      const databaseCpu = () => clusterCpuUs(dataDir);
      for (const call of selected(calls)) {
        figures.push(await measureCall(platform, call, databaseCpu));
      }
      // Measured again at the end: the machine is shared, so the baseline is the mean of both.
      const helloAfter = await measureCall(helloWorld, {
        name: 'hello-world (again, at the end)',
        path: '/hello',
      });
      figures.push(helloAfter);
      const baseline = (hello.requestsPerSecond + helloAfter.requestsPerSecond) / 2;
      console.log(
        `${HOT_CALL_CONNECTIONS} connections, ${HOT_CALL_DURATION_MS / 1000} s per call, each server in its own process, ` +
          `embedded PostgreSQL, ${BENCH_VENDORS * BENCH_GAMES_PER_VENDOR} extra games in ${BENCH_VENDORS} vendors; ` +
          `ratios to the mean hello-world (${baseline.toFixed(0)} req/s)`,
      );
      printFigures(figures, baseline, aims);
      console.log(`load average before ${loadBefore}, after ${loadAverage()}`);
    } finally {
      await helloWorld.stop();
      await platform.stop();
    }
    await logSummary(logFile);
  });
}

runBench(main);
