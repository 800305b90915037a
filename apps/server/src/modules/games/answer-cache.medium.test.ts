import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorToken } from '../../../test/money-helpers.js';
import { callApi } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { buildApp } from '../../app.js';
import { createServices } from '../../services.js';
import { catalogueFixtures } from './test/catalogue-fixtures.js';

/** Long enough that only an invalidation (never the time to live) can show a change. */
const CACHE_TTL_MS = 10 * 60 * 1000;
/** How long the other instance may take to hear a committed NOTIFY on this machine. */
const NOTIFY_WAIT_MS = 5_000;
const NOTIFY_POLL_MS = 20;

let database: TestDatabase;
/** Two instances on one database, each keeping the lobby's serialized answers. */
let first: FastifyInstance;
let second: FastifyInstance;
let operator: string;
const ids: Record<string, number> = {};

async function instance(): Promise<FastifyInstance> {
  const services = createServices(database.db, { catalogueCacheTtlMs: CACHE_TTL_MS });
  const app = await buildApp({ db: database.db, services });
  await app.ready();
  return app;
}

const hotCodes = async (app: FastifyInstance) =>
  (
    (await callApi(app, 'GET', '/wps/relay/GCSGAME_hotGamesV2?vassalage=GHOT')).body.value.list as {
      gameCode: string;
    }[]
  ).map((game) => game.gameCode);

const listCodes = async (app: FastifyInstance) =>
  (
    (await callApi(app, 'GET', '/wps/relay/GCSGAME_gameList?vassalage=GHOT')).body.value.games as {
      gameCode: string;
    }[]
  ).map((game) => game.gameCode);

const menuVendors = async (app: FastifyInstance) =>
  (
    (await callApi(app, 'GET', '/lgw/games/game_menus')).body.value as {
      cards: { vassalage: string }[];
    }[]
  ).flatMap((category) => category.cards.map((card) => card.vassalage));

/** What `read` answers once it equals `expected`, or after NOTIFY_WAIT_MS. */
async function onceHeard<T>(read: () => Promise<T>, expected: T): Promise<T> {
  const deadline = Date.now() + NOTIFY_WAIT_MS;
  let value = await read();
  while (JSON.stringify(value) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, NOTIFY_POLL_MS));
    value = await read();
  }
  return value;
}

async function edit(path: string, body: Record<string, unknown>) {
  const response = await callApi(first, 'POST', path, { token: operator, body });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  database = await createTestDatabase();
  const demo = catalogueFixtures(database.db, 'DEMO');
  await demo.vendor('GHOT');
  ids.dragon = await demo.game('GHOT', 'hot-dragon', 'RNG', {
    names: { EN: 'Dragon' },
    isHot: true,
    sortOrder: 1,
  });
  ids.tiger = await demo.game('GHOT', 'hot-tiger', 'RNG', { names: { EN: 'Tiger' }, sortOrder: 2 });
  first = await instance();
  second = await instance();
  operator = await operatorToken(first, database.db, 'answer-cache-content', 'content');
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await database?.drop();
});

describe('the lobby answers kept serialized', () => {
  it('show a hot flag set by an operator on both instances', async () => {
    for (const app of [first, second]) expect(await hotCodes(app)).toEqual(['hot-dragon']);
    await edit('/admin/games', { nodeId: String(ids.tiger), isHot: true });
    expect(await hotCodes(first)).toEqual(['hot-dragon', 'hot-tiger']);
    expect(await onceHeard(() => hotCodes(second), ['hot-dragon', 'hot-tiger'])).toEqual([
      'hot-dragon',
      'hot-tiger',
    ]);
  });

  it('drop a hidden game from the list on both instances', async () => {
    for (const app of [first, second]) {
      expect(await listCodes(app)).toEqual(['hot-dragon', 'hot-tiger']);
    }
    await edit('/admin/games', { nodeId: String(ids.dragon), enabled: false });
    expect(await listCodes(first)).toEqual(['hot-tiger']);
    expect(await onceHeard(() => listCodes(second), ['hot-tiger'])).toEqual(['hot-tiger']);
  });

  it('drop a vendor switched off from the menus on both instances', async () => {
    for (const app of [first, second]) expect(await menuVendors(app)).toContain('GHOT');
    await edit('/admin/games/vendors', { vassalage: 'GHOT', enabled: false });
    expect(await menuVendors(first)).not.toContain('GHOT');
    const heard = await onceHeard(async () => (await menuVendors(second)).includes('GHOT'), false);
    expect(heard).toBe(false);
  });

  it('are sent as JSON in the success envelope from memory', async () => {
    const cached = await callApi(second, 'GET', '/wps/relay/GCSGAME_gameList?vassalage=GHOT');
    expect(cached.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(cached.body).toMatchObject({ success: true, value: { pageNo: 1 } });
  });
});
