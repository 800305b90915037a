import { createHash } from 'node:crypto';
import { memberTypes, type SeamlessAction } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../src/db/database.js';
import type {
  ConformanceHarness,
  SeamlessAdapter,
  SeamlessOutcome,
} from '../src/modules/providers/conformance/seamless-conformance.js';
import { signedHeaders } from '../src/modules/providers/index.js';
import { createServices } from '../src/services.js';
import { BASE_MERCHANT_CODE } from './fixtures/base-merchant.js';
import { insertMembers } from './ledger-fixtures.js';
import { callApi } from './test-app.js';

/** A provider with one vendor (the demo merchant) and one game; answers the game's node id. */
export async function addProviderWithGame(
  db: Db,
  provider: {
    code: string;
    integration: 'builtin' | 'http';
    walletMode?: 'seamless' | 'transfer';
    launchUrl?: string;
    apiSecret?: string | null;
    walletCode?: string | null;
    gameCode?: string;
    isGame?: 'GAME' | 'VASSALAGE';
  },
): Promise<bigint> {
  await sql`
    INSERT INTO game_providers (code, name, integration, wallet_mode, launch_url, api_secret)
    VALUES (${provider.code}, ${provider.code}, ${provider.integration},
      ${provider.walletMode ?? 'seamless'}, ${provider.launchUrl ?? `/${provider.code.toLowerCase()}/play`},
      ${provider.apiSecret ?? null})
    ON CONFLICT (code) DO NOTHING
  `.execute(db);
  await sql`
    INSERT INTO game_vendors (merchant_code, vassalage, name, wallet_code)
    VALUES (${BASE_MERCHANT_CODE}, ${provider.code}, ${provider.code}, ${provider.walletCode ?? null})
    ON CONFLICT DO NOTHING
  `.execute(db);
  const row = await sql<{ node_id: string }>`
    INSERT INTO games (merchant_code, vassalage, game_code, game_type, icon_url, is_game)
    VALUES (${BASE_MERCHANT_CODE}, ${provider.code}, ${provider.gameCode ?? 'coin-flip'}, 'RNG',
      '/icons/test.svg', ${provider.isGame ?? 'GAME'})
    RETURNING node_id
  `.execute(db);
  return BigInt(row.rows[0]?.node_id ?? 0);
}

let memberCounter = 0;

/** A member (inserted directly) with `fundsMinor` of cash and a session token. */
export async function memberWithSession(db: Db, fundsMinor: bigint) {
  memberCounter += 1;
  const [memberId] = await insertMembers(db, 1, `sw${Date.now().toString(36)}${memberCounter}x`);
  if (memberId === undefined) throw new Error('member not inserted');
  const services = createServices(db);
  const token = await services.sessions.issue({
    merchantCode: BASE_MERCHANT_CODE,
    memberId,
    memberType: memberTypes.member,
    ip: null,
    userAgent: undefined,
  });
  if (fundsMinor > 0n) {
    const [wallet, source] = await Promise.all([
      services.ledger.memberAccount({
        merchantCode: BASE_MERCHANT_CODE,
        memberId,
        asset: 'cash',
        currency: 'VND',
      }),
      services.ledger.systemAccount({
        merchantCode: BASE_MERCHANT_CODE,
        code: 'clearing:test',
        asset: 'cash',
        currency: 'VND',
      }),
    ]);
    await services.ledger.transfer({
      id: `fund-${memberId}`,
      debitAccountId: source,
      creditAccountId: wallet,
      amountMinor: fundsMinor,
      code: 'deposit',
    });
  }
  return { memberId, token };
}

/** Launches a game for the member through the API and answers the launch token of its URL. */
export async function launchToken(
  app: FastifyInstance,
  sessionToken: string,
  game: { nodeId: bigint; vassalage: string },
): Promise<string> {
  const response = await callApi(app, 'POST', '/wps/game/launchGame', {
    token: sessionToken,
    body: { nodeId: Number(game.nodeId), vassalage: game.vassalage, language: 'en' },
  });
  expect(response.status).toBe(200);
  const url = new URL(response.body.value.game_url as string, 'http://site.test');
  return url.searchParams.get('token') ?? '';
}

export async function availableMinor(db: Db, memberId: bigint): Promise<bigint> {
  const accounts = await createServices(db).ledger.memberAvailableBalances(memberId);
  return accounts
    .filter((account) => account.asset === 'cash' && account.wallet === 'main')
    .reduce((sum, account) => sum + account.availableMinor, 0n);
}

/** The fixtures of the conformance suite around an adapter. */
export function harnessFor(
  app: FastifyInstance,
  db: Db,
  adapter: SeamlessAdapter,
  nodeId: bigint,
): ConformanceHarness {
  const services = createServices(db);
  return {
    adapter,
    async newPlayer(fundsMinor) {
      const { memberId, token } = await memberWithSession(db, fundsMinor);
      return {
        memberId,
        launchToken: await launchToken(app, token, { nodeId, vassalage: adapter.vassalage }),
      };
    },
    balanceMinor: (memberId) => availableMinor(db, memberId),
    async idleSession(sessionId, idleMs) {
      const idHash = createHash('sha256').update(sessionId, 'utf8').digest('hex');
      await sql`
        UPDATE game_sessions SET last_used_at = now() - make_interval(secs => ${idleMs / 1000})
        WHERE id_hash = ${idHash}
      `.execute(db);
    },
    async breaks() {
      return [
        ...(await services.ledger.reconcile()),
        ...(await services.seamlessWallet.roundBreaks()),
      ];
    },
  };
}

/** Calls the seamless wallet in-process, as a builtin provider does. */
export function inProcessAdapter(db: Db, vassalage: string): SeamlessAdapter {
  const { seamlessWallet } = createServices(db);
  return {
    vassalage,
    async call(action, body): Promise<SeamlessOutcome> {
      try {
        const method = seamlessWallet[action] as (v: string, b: unknown) => Promise<unknown>;
        return { ok: true, value: await method.call(seamlessWallet, vassalage, body) };
      } catch (error) {
        const { errorCode, statusCode } = error as { errorCode?: string; statusCode?: number };
        if (!errorCode || !statusCode) throw error;
        return { ok: false, status: statusCode, errorCode };
      }
    },
  };
}

/** Calls the real HTTP routes of a listening app, signed as an outside provider does. */
export function httpAdapter(baseUrl: string, vassalage: string, secret: string): SeamlessAdapter {
  return {
    vassalage,
    async call(action: SeamlessAction, body): Promise<SeamlessOutcome> {
      const rawBody = JSON.stringify(body);
      const response = await fetch(`${baseUrl}/seamless/v1/${vassalage}/${action}`, {
        method: 'POST',
        headers: signedHeaders(secret, rawBody),
        body: rawBody,
      });
      const envelope = (await response.json()) as {
        success: boolean;
        value?: unknown;
        errorCode?: string;
      };
      return envelope.success
        ? { ok: true, value: envelope.value }
        : { ok: false, status: response.status, errorCode: envelope.errorCode ?? '' };
    },
  };
}
