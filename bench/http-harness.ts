// Pieces of the HTTP benches: the real app listening on the bench's embedded database, funded
// members with their own HTTP client, and built-in game sessions to play. The clients, the
// commit counter and the pgbench baseline are in `http-phase.ts`.

import { Agent, request } from 'node:http';
import { BUILTIN_VASSALAGE, builtinGameCodes, memberTypes } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.js';
import type { Db } from '../apps/server/src/db/database.js';
import { createCatalogueWriter } from '../apps/server/src/modules/games/index.js';
import { createServices, type Services } from '../apps/server/src/services.js';
import { freePort } from '../apps/server/test/free-port.js';

/** The merchant every bench member belongs to (the demo seed's). */
export const BENCH_MERCHANT = 'DEMO';
export const BENCH_CURRENCY = 'VND';

export interface BenchApp {
  app: FastifyInstance;
  services: Services;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The real app (every route, hook and service) listening on a loopback port. Rate limits are
 * lifted: a bench member plays far more than the ten rounds a second a player may, and the
 * limiter is not what is measured.
 */
export async function startBenchApp(db: Db): Promise<BenchApp> {
  const services = createServices(db);
  const app = await buildApp({ db, services, rateLimit: async () => {} });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    services,
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => app.close(),
  };
}

export interface BenchMember {
  memberId: bigint;
  /** The member's own HTTP client: one keep-alive connection. */
  client: Agent;
  /** The member's session token (`Authorization`). */
  token: string;
}

/**
 * `count` members (inserted directly: registration's Argon2 is not what the bench measures),
 * each signed in, funded with `fundingMinor` through the ledger (a bench funding account to the
 * member's cash) and given its own HTTP client.
 */
export async function makeFundedMembers(
  db: Db,
  services: Services,
  options: { count: number; fundingMinor: bigint; prefix: string },
): Promise<BenchMember[]> {
  await sql`
    INSERT INTO members (merchant_code, username, username_normalized, password_hash, nickname)
    SELECT ${BENCH_MERCHANT}, ${options.prefix} || n, ${options.prefix} || n, 'x', ${options.prefix} || n
    FROM generate_series(1, ${options.count}::int) n
  `.execute(db);
  const rows = await sql<{ id: string }>`
    SELECT id::text AS id FROM members WHERE username LIKE ${`${options.prefix}%`} ORDER BY id
  `.execute(db);
  const funding = await services.ledger.systemAccount({
    merchantCode: BENCH_MERCHANT,
    code: 'bench:funding',
    asset: 'cash',
    currency: BENCH_CURRENCY,
  });
  const members: BenchMember[] = [];
  for (const row of rows.rows) {
    const memberId = BigInt(row.id);
    const account = await services.ledger.memberAccount({
      merchantCode: BENCH_MERCHANT,
      memberId,
      asset: 'cash',
      currency: BENCH_CURRENCY,
    });
    await services.ledger.transfer({
      id: `fund:${options.prefix}:${memberId}`,
      debitAccountId: funding,
      creditAccountId: account,
      amountMinor: options.fundingMinor,
      code: 'deposit',
    });
    const token = await services.sessions.issue({
      merchantCode: BENCH_MERCHANT,
      memberId,
      memberType: memberTypes.member,
      ip: null,
      userAgent: undefined,
    });
    members.push({ memberId, token, client: new Agent({ keepAlive: true, maxSockets: 1 }) });
  }
  return members;
}

/** A JSON POST through the member's own client; throws unless the envelope says success. */
export function postJson<T>(
  baseUrl: string,
  member: Pick<BenchMember, 'client'>,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const payload = JSON.stringify(body);
  return new Promise<T>((resolve, reject) => {
    const outgoing = request(
      `${baseUrl}${path}`,
      {
        method: 'POST',
        agent: member.client,
        headers: {
          merchant: BENCH_MERCHANT,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            const envelope = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
              success: boolean;
              value?: T;
              errorCode?: string;
            };
            if (envelope.success) resolve(envelope.value as T);
            else reject(new Error(`${path}: ${response.statusCode} ${envelope.errorCode}`));
          } catch (error) {
            reject(error);
          }
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** Launches Dice for each member and opens the play shell's session: the game-session tokens. */
export async function openDiceSessions(
  db: Db,
  baseUrl: string,
  members: readonly BenchMember[],
): Promise<{ sessions: string[]; minStake: number }> {
  const nodeId = await createCatalogueWriter(db).ensureGame({
    merchantCode: BENCH_MERCHANT,
    vassalage: BUILTIN_VASSALAGE,
    gameCode: builtinGameCodes.dice,
    gameType: 'RNG',
    iconUrl: '/icons/dice.svg',
    texts: { EN: { name: 'Dice' }, VI: { name: 'Dice' } },
  });
  const sessions: string[] = [];
  // The merchant's smallest Dice stake (its currency's stake profile): every round stakes it.
  let minStake = 0;
  for (const member of members) {
    const launched = await postJson<{ game_url: string }>(
      baseUrl,
      member,
      '/wps/game/launchGame',
      { nodeId: Number(nodeId), vassalage: BUILTIN_VASSALAGE, language: 'en' },
      { authorization: member.token },
    );
    const launchToken = new URL(launched.game_url, baseUrl).searchParams.get('token');
    const opened = await postJson<{ gameSession: string; limits: { minStake: number } }>(
      baseUrl,
      member,
      '/wps/builtin/session/open',
      { launchToken },
    );
    sessions.push(opened.gameSession);
    minStake = opened.limits.minStake;
  }
  return { sessions, minStake };
}
