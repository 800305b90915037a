// Bench phase: lottery slips (`POST /lotto/lgw/bets`, one line each) from 64 clients for 10 s,
// each client its own member with its own session, against the real server in its own
// process. `benchLotteryHttp(databaseUrl)` runs it on any migrated-or-not database
// (bench/wallet.ts wires it in); `tsx bench/lottery-http.ts` runs it alone on its own embedded
// PostgreSQL, with `pgbench -N` beside it.
import { randomUUID } from 'node:crypto';
import { createDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrator.js';
import { seedDemoMerchant } from '../apps/server/src/db/seed.js';
import { createServices } from '../apps/server/src/services.js';
import { addTestGame, lotteryOn, openDrawOf } from '../apps/server/test/lottery-fixtures.js';
import { runHttpPhase } from './bench-main.js';
import { makeFundedMembers } from './http-harness.js';
import {
  committedTransactions,
  HTTP_PHASE_CLIENTS,
  type PhaseResult,
  phaseLine,
  refusal,
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
  const members = await makeFundedMembers(db, createServices(db), {
    count: clients,
    fundingMinor: FUNDING_MINOR,
    prefix: `ls${Date.now().toString(36)}`,
  });
  await db.destroy();
  return members.map((member) => member.token);
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
        if (response.status !== 200) throw await refusal('slip', response);
        await response.arrayBuffer();
      },
      options.clients,
      options.durationMs,
    );
    const commits = (await committedTransactions(db)) - commitsBefore;
    const commitsPerCall = commits / Math.max(1, slips.iterations);
    console.log(phaseLine('lottery slips', slips, commitsPerCall));
    if (slips.firstFailure) console.log(`  first failure: ${slips.firstFailure}`);
    return { slips, commitsPerCall };
  } finally {
    await server.stop();
    await db.destroy();
  }
}

runHttpPhase(import.meta.url, 'lottery-http', benchLotteryHttp, (result, baseline) =>
  (result.slips.perSecond / baseline).toFixed(3),
);
