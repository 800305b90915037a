// Bench phase: lottery slips (`POST /lotto/lgw/bets`, one line each) from 64 clients for 10 s,
// each client its own member with its own session, against the real server in its own
// process. `benchLotteryHttp(databaseUrl)` runs it on any migrated-or-not database
// (bench/wallet.ts wires it in); `tsx bench/lottery-http.ts` runs it alone on its own embedded
// PostgreSQL, with `pgbench -N` beside it.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { memberTypes } from '@app/contract';
import { sql } from 'kysely';
import { createDatabase } from '../apps/server/src/db/database.js';
import { startEmbeddedDatabase } from '../apps/server/src/db/embedded.js';
import { migrateToLatest } from '../apps/server/src/db/migrator.js';
import { seedDemoMerchant } from '../apps/server/src/db/seed.js';
import { createServices } from '../apps/server/src/services.js';
import { freePort } from '../apps/server/test/free-port.js';
import { addTestGame, lotteryOn, openDrawOf } from '../apps/server/test/lottery-fixtures.js';
import {
  committedTransactions,
  HTTP_PHASE_CLIENTS,
  type PhaseResult,
  pgbenchTps,
  phaseLine,
  runClients,
  startServer,
} from './http-phase.js';

const MERCHANT = 'DEMO';
const FUNDING_MINOR = 1_000_000_000n;
/** Each slip: one digit at the first position, this many major units a point. */
const SLIP_AMOUNT = 1;
const DIGITS = 10;

export interface LotteryHttpResult {
  slips: PhaseResult;
  commitsPerCall: number;
}

/** Session tokens of funded members, one per client. */
async function prepareMembers(databaseUrl: string, clients: number): Promise<string[]> {
  const db = createDatabase(databaseUrl);
  const services = createServices(db);
  const prefix = `ls${Date.now().toString(36)}`;
  await sql`
    INSERT INTO members (merchant_code, username, username_normalized, password_hash, nickname)
    SELECT ${MERCHANT}, ${prefix} || n, ${prefix} || n, 'x', ${prefix} || n
    FROM generate_series(1, ${clients}::int) n
  `.execute(db);
  const memberIds = (
    await sql<{ id: string }>`
      SELECT id FROM members WHERE username LIKE ${`${prefix}%`} ORDER BY id
    `.execute(db)
  ).rows.map((row) => BigInt(row.id));
  const funding = await services.ledger.systemAccount({
    merchantCode: MERCHANT,
    code: 'bench:funding',
    asset: 'cash',
    currency: 'VND',
  });
  const tokens: string[] = [];
  for (const memberId of memberIds) {
    const account = await services.ledger.memberAccount({
      merchantCode: MERCHANT,
      memberId,
      asset: 'cash',
      currency: 'VND',
    });
    await services.ledger.transfer({
      id: `bench-lottery-fund:${memberId}`,
      debitAccountId: funding,
      creditAccountId: account,
      amountMinor: FUNDING_MINOR,
      code: 'deposit',
    });
    tokens.push(
      await services.sessions.issue({
        merchantCode: MERCHANT,
        memberId,
        memberType: memberTypes.member,
        ip: null,
        userAgent: undefined,
      }),
    );
  }
  await db.destroy();
  return tokens;
}

/** Measures lottery slips over HTTP on `databaseUrl` and prints the figures. */
export async function benchLotteryHttp(
  databaseUrl: string,
  options: { clients?: number; durationMs?: number } = {},
): Promise<LotteryHttpResult> {
  const db = createDatabase(databaseUrl);
  await migrateToLatest(db);
  await seedDemoMerchant(db);
  // A house game drawing once an hour: its open draw takes slips for the whole phase.
  const gameCode = await addTestGame(db);
  await lotteryOn(db).lottery.tick(new Date());
  const { drawId } = await openDrawOf(db, gameCode);
  const server = await startServer(databaseUrl);
  try {
    const tokens = await prepareMembers(databaseUrl, options.clients ?? HTTP_PHASE_CLIENTS);
    const commitsBefore = await committedTransactions(db);
    const slips = await runClients(
      async (client, n) => {
        const response = await fetch(`${server.baseUrl}/lotto/lgw/bets`, {
          method: 'POST',
          headers: {
            merchant: MERCHANT,
            'content-type': 'application/json',
            authorization: tokens[client] as string,
          },
          body: JSON.stringify({
            slipId: randomUUID(),
            gameCode,
            drawId,
            bets: [
              {
                betType: 'position_digit',
                numbers: [String((client + n) % DIGITS)],
                position: 0,
                amountPerPoint: SLIP_AMOUNT,
              },
            ],
            totalAmount: SLIP_AMOUNT,
          }),
        });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`slip answered ${response.status}`);
      },
      options.clients,
      options.durationMs,
    );
    const commits = (await committedTransactions(db)) - commitsBefore;
    const commitsPerCall = commits / Math.max(1, slips.iterations);
    console.log(phaseLine('lottery slips', slips, commitsPerCall));
    return { slips, commitsPerCall };
  } finally {
    await server.stop();
    await db.destroy();
  }
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'platform-bench-lottery-http-'));
  const database = await startEmbeddedDatabase({ dataDir, port: await freePort() });
  try {
    console.log(
      `${HTTP_PHASE_CLIENTS} clients (each its own member), 10 s, real server in its own process, embedded PostgreSQL`,
    );
    const clients = process.env.BENCH_CLIENTS ? Number(process.env.BENCH_CLIENTS) : undefined;
    const result = await benchLotteryHttp(database.url, { clients });
    const baseline = pgbenchTps(database.urlFor('postgres'));
    if (baseline !== null) {
      console.log(`pgbench -N                ${baseline.toFixed(0).padStart(7)} /s`);
      console.log(`ratio                     ${(result.slips.perSecond / baseline).toFixed(3)}`);
    }
  } finally {
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
