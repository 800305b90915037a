import { sql } from 'kysely';
import { createDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrator.js';
import { seedDemoMerchant } from '../apps/server/src/db/seed.js';
import {
  SANDBOX_PROVIDER_VASSALAGE,
  signSeamlessBody,
} from '../apps/server/src/modules/sandbox-provider/index.js';
import { createServices } from '../apps/server/src/services.js';
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
const BET_MINOR = 100;
/** Every other round wins this much; the others lose (a win of 0 closes them). */
const WIN_MINOR = 190;
/** Calls in one measured iteration: the bet and the win. */
const CALLS_PER_PAIR = 2;

export interface SeamlessHttpResult {
  pairs: PhaseResult;
  commitsPerCall: number;
}

interface Player {
  sessionId: string;
  gameCode: string;
}

/** Members, each funded and with a game session of the sandbox provider opened as it opens one. */
async function preparePlayers(
  databaseUrl: string,
  baseUrl: string,
  sign: (rawBody: string) => Record<string, string>,
): Promise<Player[]> {
  const db = createDatabase(databaseUrl);
  const services = createServices(db);
  const members = await makeFundedMembers(db, services, {
    count: HTTP_PHASE_CLIENTS,
    fundingMinor: FUNDING_MINOR,
    prefix: `sw${Date.now().toString(36)}`,
  });
  const game = (
    await sql<{ node_id: string; game_code: string }>`
      SELECT node_id, game_code FROM games
      WHERE merchant_code = ${MERCHANT} AND vassalage = ${SANDBOX_PROVIDER_VASSALAGE}
        AND is_game = 'GAME' AND enabled ORDER BY node_id LIMIT 1
    `.execute(db)
  ).rows[0];
  if (!game) throw new Error('no sandbox provider game in the catalogue');
  const players: Player[] = [];
  for (const { token } of members) {
    const launched = (await fetch(`${baseUrl}/wps/game/launchGame`, {
      method: 'POST',
      headers: { merchant: MERCHANT, 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({
        nodeId: Number(game.node_id),
        vassalage: SANDBOX_PROVIDER_VASSALAGE,
        language: 'en',
      }),
    }).then((response) => response.json())) as { value: { game_url: string } };
    const launchToken = new URL(launched.value.game_url, baseUrl).searchParams.get('token');
    const rawBody = JSON.stringify({ launchToken });
    const opened = (await fetch(
      `${baseUrl}/seamless/v1/${SANDBOX_PROVIDER_VASSALAGE}/authenticate`,
      { method: 'POST', headers: sign(rawBody), body: rawBody },
    ).then((response) => response.json())) as { value: { sessionId: string } };
    players.push({ sessionId: opened.value.sessionId, gameCode: game.game_code });
  }
  await db.destroy();
  return players;
}

/** Measures seamless bet+win pairs over HTTP on `databaseUrl` and prints the figures. */
export async function benchSeamlessHttp(
  databaseUrl: string,
  options: { clients?: number; durationMs?: number } = {},
): Promise<SeamlessHttpResult> {
  const db = createDatabase(databaseUrl);
  await migrateToLatest(db);
  await seedDemoMerchant(db);
  // The secret the sandbox provider signs with, as an outside provider would have it configured.
  const secret = (
    await sql<{ api_secret: string }>`
      SELECT api_secret FROM sandbox_provider_settings WHERE vassalage = ${SANDBOX_PROVIDER_VASSALAGE}`.execute(
      db,
    )
  ).rows[0]?.api_secret;
  if (!secret) throw new Error('the sandbox provider has no secret');
  const sign = (rawBody: string) => {
    const timestampMs = Date.now();
    return {
      'content-type': 'application/json',
      'x-provider-timestamp': String(timestampMs),
      'x-provider-signature': signSeamlessBody(secret, timestampMs, rawBody),
    };
  };
  const server = await startServer(databaseUrl);
  try {
    const players = await preparePlayers(databaseUrl, server.baseUrl, sign);
    const run = Date.now().toString(36);
    const call = async (action: 'bet' | 'win', body: object) => {
      const rawBody = JSON.stringify(body);
      const response = await fetch(
        `${server.baseUrl}/seamless/v1/${SANDBOX_PROVIDER_VASSALAGE}/${action}`,
        { method: 'POST', headers: sign(rawBody), body: rawBody },
      );
      if (response.status !== 200) throw await refusal(action, response);
      await response.arrayBuffer();
    };
    const commitsBefore = await committedTransactions(db);
    const pairs = await runClients(
      async (client, n) => {
        const player = players[client] as Player;
        const roundId = `bench-${run}-${client}-${n}`;
        await call('bet', {
          sessionId: player.sessionId,
          transactionId: `${roundId}-bet`,
          roundId,
          amountMinor: BET_MINOR,
          gameCode: player.gameCode,
        });
        await call('win', {
          sessionId: player.sessionId,
          transactionId: `${roundId}-win`,
          roundId,
          amountMinor: n % 2 === 0 ? WIN_MINOR : 0,
          roundClosed: true,
        });
      },
      options.clients,
      options.durationMs,
    );
    const commits = (await committedTransactions(db)) - commitsBefore;
    const commitsPerCall = commits / Math.max(1, pairs.iterations * CALLS_PER_PAIR);
    console.log(phaseLine('seamless bet+win pairs', pairs, commitsPerCall));
    return { pairs, commitsPerCall };
  } finally {
    await server.stop();
    await db.destroy();
  }
}

runHttpPhase(
  import.meta.url,
  'seamless',
  benchSeamlessHttp,
  (result, baseline) =>
    `pairs ${(result.pairs.perSecond / baseline).toFixed(3)}  calls ${((result.pairs.perSecond * CALLS_PER_PAIR) / baseline).toFixed(3)}`,
);
