import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOperator } from '../../../../test/admin-helpers.js';
import { addMerchant } from '../../../../test/db-helpers.js';
import { callApi } from '../../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-database.js';
import { buildApp } from '../../../app.js';
import { createServices } from '../../../services.js';
import { createOperatorRepository } from '../../admin/index.js';
import { createAuditService } from '../../audit/index.js';
import { hashPassword } from '../../member/index.js';
import { catalogueFixtures } from '../test/catalogue-fixtures.js';
import { watchCatalogueChanges } from './catalogue-watch.js';

const OTHER_MERCHANT = 'GAMESB';
/** Long enough that only an invalidation (never the time to live) can show a change. */
const CACHE_TTL_MS = 10 * 60 * 1000;
const NOTIFY_WAIT_MS = 5_000;

let database: TestDatabase;
let app: FastifyInstance;
const ids: Record<string, number> = {};
const tokens = new Map<string, string>();

beforeAll(async () => {
  database = await createTestDatabase();
  const services = createServices(database.db, { catalogueCacheTtlMs: CACHE_TTL_MS });
  app = await buildApp({ db: database.db, services });
  await app.ready();
  await addMerchant(database.db, OTHER_MERCHANT);
  const demo = catalogueFixtures(database.db, 'DEMO');
  await demo.vendor('GADM');
  ids.dragon = await demo.game('GADM', 'adm-dragon', 'RNG', {
    names: { EN: 'Golden Dragon', VI: 'Rồng Vàng' },
    sortOrder: 1,
  });
  ids.tiger = await demo.game('GADM', 'adm-tiger', 'RNG', { names: { EN: 'Tiger' }, sortOrder: 2 });
  await demo.vendor('GADMF');
  ids.fish = await demo.game('GADMF', 'adm-fish', 'FISH', { names: { EN: 'Fish Hunt' } });
  const other = catalogueFixtures(database.db, OTHER_MERCHANT);
  await other.vendor('GADMB');
  ids.otherGame = await other.game('GADMB', 'b-game', 'RNG', { names: { EN: 'Other Game' } });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

async function tokenOf(role: 'admin' | 'content' | 'read-only' | 'finance', merchant = 'DEMO') {
  const key = `${merchant}:${role}`;
  const known = tokens.get(key);
  if (known) return known;
  const username = `games-${role}-${merchant}`.toLowerCase().slice(0, 30);
  let password: string;
  if (merchant === 'DEMO') {
    password = await addOperator(database.db, username, role);
  } else {
    password = `${username}-pass-123`;
    await createOperatorRepository(database.db).ensure({
      merchantCode: merchant,
      username,
      passwordHash: await hashPassword(password),
      role,
      totpExempt: true,
    });
  }
  const login = await callApi(app, 'POST', '/admin/session/login', {
    merchant,
    body: { username, password },
  });
  expect(login.status).toBe(200);
  const token = login.body.value.token as string;
  tokens.set(key, token);
  return token;
}

async function lobbyCodes(query: string): Promise<string[]> {
  const response = await callApi(app, 'GET', `/wps/relay/GCSGAME_gameList?${query}`, {
    merchant: 'DEMO',
  });
  expect(response.status).toBe(200);
  return (response.body.value.games as { gameCode: string }[]).map((game) => game.gameCode);
}

async function updateGame(
  body: Record<string, unknown>,
  role: 'content' | 'read-only' = 'content',
) {
  return callApi(app, 'POST', '/admin/games', { token: await tokenOf(role), body });
}

async function auditEntries() {
  const page = await createAuditService(database.db).page('DEMO', 1, 200);
  return page.list as unknown as {
    action: string;
    subjectId: string;
    role: string;
    ip: string;
    operatorUsername: string;
    before: unknown;
    after: unknown;
  }[];
}

describe('the console games list', () => {
  it('filters by vendor, category and state, and finds a game by any language or its code', async () => {
    const token = await tokenOf('read-only');
    const list = async (query: string) => {
      const response = await callApi(app, 'GET', `/admin/games?${query}`, { token });
      expect(response.status).toBe(200);
      return (response.body.value.items as { gameCode: string }[]).map((game) => game.gameCode);
    };
    expect(await list('vassalage=GADM')).toEqual(['adm-dragon', 'adm-tiger']);
    expect(await list('gameType=FISH')).toEqual(['adm-fish']);
    expect(await list('search=rong%20vang')).toEqual(['adm-dragon']);
    expect(await list('search=ADM-TIG')).toEqual(['adm-tiger']);
    // Another merchant's games are never listed.
    expect(await list('search=b-game')).toEqual([]);
  });

  it('pages by cursor, each game once', async () => {
    const token = await tokenOf('read-only');
    const first = await callApi(app, 'GET', '/admin/games?vassalage=GADM&limit=1', { token });
    expect(first.body.value.items).toHaveLength(1);
    const cursor = first.body.value.nextCursor as string;
    const second = await callApi(
      app,
      'GET',
      `/admin/games?vassalage=GADM&limit=1&cursor=${cursor}`,
      {
        token,
      },
    );
    expect(second.body.value.items.map((game: { gameCode: string }) => game.gameCode)).toEqual([
      'adm-tiger',
    ]);
  });

  it('lists the vendors with their provider and game count', async () => {
    const response = await callApi(app, 'GET', '/admin/games/vendors', {
      token: await tokenOf('read-only'),
    });
    expect(response.status).toBe(200);
    const gadm = response.body.value.list.find(
      (vendor: { vassalage: string }) => vendor.vassalage === 'GADM',
    );
    expect(gadm).toMatchObject({ providerName: 'GADM provider', gameCount: 2, enabled: true });
    expect(
      response.body.value.list.some(
        (vendor: { vassalage: string }) => vendor.vassalage === 'GADMB',
      ),
    ).toBe(false);
  });
});

describe('changing a game', () => {
  it('hides a disabled game from the cached lobby at once, audited, and shows it when enabled', async () => {
    expect(await lobbyCodes('vassalage=GADM')).toEqual(['adm-dragon', 'adm-tiger']);
    const off = await updateGame({ nodeId: String(ids.tiger), enabled: false });
    expect(off.status).toBe(200);
    expect(off.body.value).toMatchObject({ gameCode: 'adm-tiger', enabled: false });
    // The lobby's answer was cached for ten minutes: only the invalidation can show this.
    expect(await lobbyCodes('vassalage=GADM')).toEqual(['adm-dragon']);
    const entry = (await auditEntries()).find(
      (row) => row.action === 'games.game.update' && row.subjectId === String(ids.tiger),
    );
    expect(entry).toMatchObject({
      role: 'content',
      operatorUsername: 'games-content-demo',
      before: { enabled: true },
      after: { enabled: false },
    });
    const on = await updateGame({ nodeId: String(ids.tiger), enabled: true });
    expect(on.status).toBe(200);
    expect(await lobbyCodes('vassalage=GADM')).toEqual(['adm-dragon', 'adm-tiger']);
  });

  it('sets hot, new, order and names per language (an empty name removes one)', async () => {
    const response = await updateGame({
      nodeId: String(ids.dragon),
      isHot: true,
      isNew: true,
      sortOrder: 9,
      names: { VI: 'Rồng Bạc', EN: '' },
    });
    expect(response.status).toBe(200);
    expect(response.body.value).toMatchObject({
      isHot: true,
      isNew: true,
      sortOrder: 9,
      names: { VI: 'Rồng Bạc' },
    });
    expect(response.body.value.names.EN).toBeUndefined();
    // The order changed: the lobby lists the dragon after the tiger now.
    expect(await lobbyCodes('vassalage=GADM')).toEqual(['adm-tiger', 'adm-dragon']);
  });

  it('refuses what the contract bounds, and a role without games:edit', async () => {
    const tooBig = await updateGame({ nodeId: String(ids.dragon), sortOrder: 100_001 });
    expect(tooBig.status).toBe(400);
    const nothing = await updateGame({ nodeId: String(ids.dragon) });
    expect(nothing.status).toBe(400);
    const readOnly = await updateGame({ nodeId: String(ids.dragon), enabled: false }, 'read-only');
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.errorCode).toBe('FORBIDDEN');
  });

  it("answers another merchant's game and vendor as not found, and changes nothing", async () => {
    const mine = await updateGame({ nodeId: String(ids.otherGame), enabled: false });
    expect(mine.status).toBe(404);
    expect(mine.body.errorCode).toBe('NOT_FOUND');
    const vendor = await callApi(app, 'POST', '/admin/games/vendors', {
      token: await tokenOf('content'),
      body: { vassalage: 'GADMB', enabled: false },
    });
    expect(vendor.status).toBe(404);
    const theirs = await callApi(app, 'GET', '/admin/games', {
      merchant: OTHER_MERCHANT,
      token: await tokenOf('admin', OTHER_MERCHANT),
    });
    expect(theirs.body.value.items).toMatchObject([{ gameCode: 'b-game', enabled: true }]);
  });
});

describe('changing a vendor', () => {
  it('hides its games from the cached lobby at once and audits the change', async () => {
    expect(await lobbyCodes('gameType=FISH')).toEqual(['adm-fish']);
    const token = await tokenOf('content');
    const off = await callApi(app, 'POST', '/admin/games/vendors', {
      token,
      body: { vassalage: 'GADMF', enabled: false, isHot: true, sortOrder: 3 },
    });
    expect(off.status).toBe(200);
    expect(off.body.value).toMatchObject({ enabled: false, isHot: true, sortOrder: 3 });
    expect(await lobbyCodes('gameType=FISH')).toEqual([]);
    expect((await auditEntries()).some((row) => row.action === 'games.vendor.update')).toBe(true);
    await callApi(app, 'POST', '/admin/games/vendors', {
      token,
      body: { vassalage: 'GADMF', enabled: true },
    });
    expect(await lobbyCodes('gameType=FISH')).toEqual(['adm-fish']);
  });
});

describe('other instances', () => {
  it('hear a committed change through NOTIFY and drop their caches', async () => {
    let heard = 0;
    const listener = watchCatalogueChanges(
      database.db,
      () => {
        heard += 1;
      },
      () => {},
    );
    expect(listener).not.toBeNull();
    try {
      await listener?.ready();
      const before = heard;
      expect((await updateGame({ nodeId: String(ids.tiger), isNew: true })).status).toBe(200);
      const deadline = Date.now() + NOTIFY_WAIT_MS;
      while (heard === before && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(heard).toBeGreaterThan(before);
    } finally {
      await listener?.close();
    }
  });
});
