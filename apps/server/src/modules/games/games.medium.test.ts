import { FAVOURITE_GAMES_MAX, type Game } from '@app/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMerchant } from '../../../test/db-helpers.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';
import { createServices } from '../../services.js';
import { appendEvents } from '../events/index.js';
import { seedDemoCatalogue } from './seed-catalogue.js';
import { createGamesService } from './service.js';
import { catalogueFixtures } from './test/catalogue-fixtures.js';

const A = 'GAMESA';
const B = 'GAMESB';
const SLOT_GAMES = 43;

describe('games catalogue', () => {
  const context = useTestApp();
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const db = context.database.db;
    // Merchants are cached: both exist before their first call.
    await addMerchant(db, A);
    await addMerchant(db, B);
    const a = catalogueFixtures(db, A);
    await a.vendor('SLOTX', { sortOrder: 1, isHot: true });
    for (let index = 0; index < SLOT_GAMES; index += 1) {
      ids[`slot-${index}`] = await a.game('SLOTX', `slot-${index}`, 'RNG', {
        gameClassify: index % 2 === 0 ? 'slot' : 'classic',
        sortOrder: 100 + index,
        names: { EN: `Slot ${index}` },
      });
    }
    await a.vendor('NAMES', { sortOrder: 2, isNew: true });
    ids.dragon = await a.game('NAMES', 'dragon', 'RNG', {
      names: { EN: 'Golden Dragon', VI: 'Rồng Vàng' },
      isHot: true,
      sortOrder: 1,
      minBetMinor: 500n,
      minLineNum: 25,
    });
    ids.viOnly = await a.game('NAMES', 'vi-only', 'RNG', {
      names: { VI: 'Chỉ Tiếng Việt' },
      sortOrder: 2,
      isNew: true,
    });
    ids.percent = await a.game('NAMES', 'percent', 'RNG', {
      names: { EN: '100% Fruit' },
      sortOrder: 3,
    });
    ids.thousand = await a.game('NAMES', 'thousand', 'RNG', {
      names: { EN: '1000 Fruit' },
      sortOrder: 4,
    });
    ids.hidden = await a.game('NAMES', 'hidden', 'RNG', {
      names: { EN: 'Hidden Dragon' },
      enabled: false,
    });
    ids.entry = await a.game('NAMES', 'entry', 'RNG', {
      names: { EN: 'Table Collection' },
      isGame: 'VASSALAGE',
      sortOrder: 5,
    });
    ids.subOne = await a.game('NAMES', 'sub-one', 'RNG', { parentNodeId: ids.entry, sortOrder: 6 });
    ids.subTwo = await a.game('NAMES', 'sub-two', 'PVP', { parentNodeId: ids.entry, sortOrder: 7 });
    await a.vendor('TF');
    ids.tfSports = await a.game('TF', 'tf-sports', 'SPORTS', { gameClassify: 'esport' });
    await a.vendor('SABA');
    ids.sabaSports = await a.game('SABA', 'saba-sports', 'SPORTS');
    await a.vendor('OFFV', { enabled: false });
    ids.offFish = await a.game('OFFV', 'off-fish', 'FISH');
    await a.vendor('LIVEV');
    ids.offLive = await a.game('LIVEV', 'off-live', 'LIVE', { enabled: false });
    await a.vendor('PVPV');
    ids.duel = await a.game('PVPV', 'duel', 'PVP');
    await a.room('duel-low', ids.duel, {
      names: { EN: 'Low table', VI: 'Bàn thấp' },
      sortOrder: 1,
    });
    await a.room('duel-high', ids.duel, { names: { VI: 'Bàn cao' }, seats: 2, sortOrder: 2 });
    const b = catalogueFixtures(db, B);
    await b.vendor('SLOTX');
    ids.bOnly = await b.game('SLOTX', 'b-only', 'RNG', { names: { EN: 'Other Site Dragon' } });
  });

  async function list(query: string, merchant = A, language?: string) {
    return callApi(context.app, 'GET', `/wps/relay/GCSGAME_gameList?${query}`, {
      merchant,
      ...(language ? { language } : {}),
    });
  }
  const names = (games: Game[]) => games.map((game) => game.gameName);

  async function register(merchant = A) {
    const username = uniqueUsername('gamer');
    const response = await callApi(context.app, 'PUT', '/wps/member/register', {
      merchant,
      body: { username, password: 'secret123', confirmPassword: 'secret123' },
    });
    expect(response.status).toBe(200);
    const row = await sql<{ id: bigint }>`
      SELECT id FROM members WHERE merchant_code = ${merchant} AND username = ${username}
    `.execute(context.database.db);
    return {
      token: response.body.value.session.token as string,
      memberId: String(row.rows[0]?.id ?? ''),
      username,
    };
  }

  async function trialToken(merchant = A) {
    const response = await callApi(context.app, 'POST', '/wps/session/login/freeplay', {
      merchant,
      body: { os: 'Linux', platform: 'W' },
    });
    expect(response.status).toBe(200);
    return response.body.value.token as string;
  }

  describe('menus', () => {
    it('lists categories that have a vendor with a listed game, esports split from sports', async () => {
      const response = await callApi(context.app, 'GET', '/lgw/games/game_menus', { merchant: A });
      expect(response.status).toBe(200);
      const menus = response.body.value as {
        gameCategory: string;
        cards: { vassalage: string; gameCount: number }[];
      }[];
      expect(menus.map((menu) => menu.gameCategory)).toEqual(['SPORTS', 'RNG', 'PVP', 'ESPORTS']);
      const cardsOf = (category: string) =>
        menus.find((menu) => menu.gameCategory === category)?.cards;
      expect(cardsOf('SPORTS')).toEqual([
        expect.objectContaining({ vassalage: 'SABA', gameCount: 1 }),
      ]);
      expect(cardsOf('ESPORTS')).toEqual([
        expect.objectContaining({ vassalage: 'TF', gameCount: 1 }),
      ]);
      // Vendors in their sort order; the disabled game is not counted.
      expect(cardsOf('RNG')?.map((card) => [card.vassalage, card.gameCount])).toEqual([
        ['SLOTX', SLOT_GAMES],
        ['NAMES', 6],
      ]);
    });

    it('shows the seeded sandbox catalogue on the demo merchant', async () => {
      const response = await callApi(context.app, 'GET', '/lgw/games/game_menus');
      const menus = response.body.value as {
        gameCategory: string;
        cards: { vassalage: string }[];
      }[];
      // The lottery vendors, the sandbox provider, the built-in games.
      expect(menus.map((menu) => menu.gameCategory)).toEqual([
        'ELOTT',
        'LOTT',
        'RNG',
        'PVP',
        'INHOUSE',
      ]);
      expect(menus.slice(2).map((menu) => menu.cards[0]?.vassalage)).toEqual(['SBX', 'SBX', 'INH']);
    });
  });

  describe('game list', () => {
    it('pages 1-based with totals, and answers totals past the last page', async () => {
      const first = await list('gameType=RNG&vassalage=SLOTX&clientType=3&platform=html5-desktop');
      expect(first.status).toBe(200);
      expect(first.body.value).toMatchObject({ pageNo: 1, totalPages: 2, totalCount: SLOT_GAMES });
      expect(first.body.value.games).toHaveLength(42);
      expect(first.body.value.games[0]).toMatchObject({
        nodeId: ids['slot-0'],
        vassalage: 'SLOTX',
        gameType: 'RNG',
        gameName: 'Slot 0',
        gameCode: 'slot-0',
        isGame: 'GAME',
        minBet: 1,
        parentNodeId: null,
      });
      const second = await list('gameType=RNG&vassalage=SLOTX&pageNo=2');
      expect(names(second.body.value.games)).toEqual([`Slot ${SLOT_GAMES - 1}`]);
      const past = await list('gameType=RNG&vassalage=SLOTX&pageNo=3');
      expect(past.body.value).toMatchObject({ games: [], totalPages: 2, totalCount: SLOT_GAMES });
      const small = await list('vassalage=SLOTX&pageSize=5&pageNo=9');
      expect(small.body.value).toMatchObject({ totalPages: 9, totalCount: SLOT_GAMES });
      expect(small.body.value.games).toHaveLength(3);
      const none = await list('gameType=FISH');
      expect(none.body.value).toMatchObject({ games: [], totalPages: 0, totalCount: 0 });
    });

    it('refuses a page 0, a huge page size and an unknown category', async () => {
      for (const query of ['pageNo=0', 'pageSize=101', 'gameType=CASINO', 'vassalage=bad-code']) {
        const response = await list(query);
        expect(response.status).toBe(400);
        expect(response.body.errorCode).toBe('VALIDATION_FAILED');
      }
    });

    it('filters by classify, stake, lines and the sub-games of an entry', async () => {
      const classic = await list('vassalage=SLOTX&gameClassify=classic&pageSize=100');
      expect(classic.body.value.totalCount).toBe(21);
      const cheap = await list('vassalage=NAMES&minBet=4.99');
      expect(cheap.body.value.games.map((game: Game) => game.nodeId)).not.toContain(ids.dragon);
      const lines = await list('vassalage=NAMES&minBet=5&minLineNum=25');
      expect(lines.body.value.games.map((game: Game) => game.nodeId)).toContain(ids.dragon);
      const subGames = await list(`parentNodeId=${ids.entry}`);
      expect(subGames.body.value.games.map((game: Game) => game.nodeId)).toEqual([
        ids.subOne,
        ids.subTwo,
      ]);
      const entry = (await list('vassalage=NAMES')).body.value.games.find(
        (game: Game) => game.nodeId === ids.entry,
      );
      expect(entry).toMatchObject({ isGame: 'VASSALAGE' });
      // A game that is not an entry has no popup.
      expect((await list(`parentNodeId=${ids.dragon}`)).body.value.totalCount).toBe(0);
    });

    it('puts the sports games of the esports vendors under ESPORTS only', async () => {
      const esports = await list('gameType=ESPORTS');
      expect(esports.body.value.games.map((game: Game) => [game.gameCode, game.gameType])).toEqual([
        ['tf-sports', 'ESPORTS'],
      ]);
      const sports = await list('gameType=SPORTS');
      expect(sports.body.value.games.map((game: Game) => game.gameCode)).toEqual(['saba-sports']);
    });

    it('names games in the language asked, else the default, else any', async () => {
      const vi = await list('vassalage=NAMES&language=vi');
      expect(names(vi.body.value.games)).toContain('Rồng Vàng');
      const header = await list('vassalage=NAMES', A, 'VI');
      expect(names(header.body.value.games)).toContain('Rồng Vàng');
      const thai = await list('vassalage=NAMES&language=TH');
      expect(names(thai.body.value.games)).toEqual(
        expect.arrayContaining(['Golden Dragon', 'Chỉ Tiếng Việt']),
      );
    });

    it('finds a name in any language, ignoring case and accents, wildcards taken literally', async () => {
      for (const term of ['rồng', 'RỒNG', 'rong vang', 'DRAGON', 'golden']) {
        const found = await list(`gameName=${encodeURIComponent(term)}&language=EN`);
        expect(found.status).toBe(200);
        expect(names(found.body.value.games)).toEqual(['Golden Dragon']);
      }
      const percent = await list(`gameName=${encodeURIComponent('100%')}`);
      expect(names(percent.body.value.games)).toEqual(['100% Fruit']);
      const underscore = await list(`gameName=${encodeURIComponent('1_0')}`);
      expect(underscore.body.value.totalCount).toBe(0);
      const viOnly = await list(`gameName=${encodeURIComponent('tiếng')}`);
      expect(viOnly.body.value.games.map((game: Game) => game.nodeId)).toEqual([ids.viOnly]);
    });

    it('never lists disabled games, disabled vendors or another merchant', async () => {
      const all = await list('pageSize=100');
      const nodeIds = all.body.value.games.map((game: Game) => game.nodeId);
      for (const hidden of [ids.hidden, ids.offFish, ids.offLive, ids.bOnly]) {
        expect(nodeIds).not.toContain(hidden);
      }
      expect(all.body.value.totalCount).toBe(SLOT_GAMES + 7 + 3);
      const other = await list('pageSize=100', B);
      expect(other.body.value.games.map((game: Game) => game.nodeId)).toEqual([ids.bOnly]);
      expect(names((await list('gameName=hidden')).body.value.games)).toEqual([]);
    });

    it('stops listing the games of a disabled provider', async () => {
      const db = context.database.db;
      await sql`UPDATE game_providers SET enabled = false WHERE code = 'SABA'`.execute(db);
      try {
        expect((await list('gameType=SPORTS')).body.value.totalCount).toBe(0);
      } finally {
        await sql`UPDATE game_providers SET enabled = true WHERE code = 'SABA'`.execute(db);
      }
    });
  });

  describe('hot, popular, vendor types and new vendors', () => {
    it('lists hot games, optionally of one vendor', async () => {
      const hot = await callApi(context.app, 'GET', '/wps/relay/GCSGAME_hotGamesV2?isPlatform=2', {
        merchant: A,
      });
      expect(hot.body.value.list.map((game: Game) => game.nodeId)).toEqual([ids.dragon]);
      const ofSlot = await callApi(
        context.app,
        'GET',
        '/wps/relay/GCSGAME_hotGamesV2?vassalage=SLOTX',
        {
          merchant: A,
        },
      );
      expect(ofSlot.body.value.list).toEqual([]);
    });

    it('ranks popular games by launches of the last 7 days, then hot, then display order', async () => {
      const db = context.database.db;
      const { memberId } = await register();
      const other = await register();
      await sql`
        INSERT INTO member_recent_games (member_id, node_id, played_at, launches) VALUES
          (${memberId}, ${ids['slot-5']}, now() - interval '1 day', 3),
          (${other.memberId}, ${ids['slot-5']}, now() - interval '2 days', 2),
          (${memberId}, ${ids['slot-9']}, now() - interval '1 hour', 4),
          (${other.memberId}, ${ids['slot-7']}, now() - interval '8 days', 50)
      `.execute(db);
      const popular = await callApi(context.app, 'GET', '/lgw/games/popular?count=4', {
        merchant: A,
      });
      expect(popular.status).toBe(200);
      expect(popular.body.value.list.map((game: Game) => game.nodeId)).toEqual([
        ids['slot-5'],
        ids['slot-9'],
        ids.dragon,
        ids.tfSports,
      ]);
      const pvp = await callApi(context.app, 'GET', '/lgw/games/popular?gameType=PVP', {
        merchant: A,
      });
      expect(pvp.body.value.list.map((game: Game) => game.gameType)).toEqual(['PVP', 'PVP']);
      const tooMany = await callApi(context.app, 'GET', '/lgw/games/popular?count=51', {
        merchant: A,
      });
      expect(tooMany.status).toBe(400);
    });

    it("counts a vendor's games per category and classify", async () => {
      const slot = await callApi(
        context.app,
        'GET',
        '/wps/relay/GCSGAME_getVassGameType?vassalage=SLOTX',
        {
          merchant: A,
        },
      );
      expect(slot.body.value.list).toEqual([
        { gameType: 'RNG', gameClassify: 'classic', count: 21 },
        { gameType: 'RNG', gameClassify: 'slot', count: 22 },
      ]);
      const tf = await callApi(
        context.app,
        'GET',
        '/wps/relay/GCSGAME_getVassGameType?vassalage=TF',
        {
          merchant: A,
        },
      );
      expect(tf.body.value.list).toEqual([
        { gameType: 'ESPORTS', gameClassify: 'esport', count: 1 },
      ]);
      const unknown = await callApi(
        context.app,
        'GET',
        '/wps/relay/GCSGAME_getVassGameType?vassalage=NOPE',
        {
          merchant: A,
        },
      );
      expect(unknown.body.value.list).toEqual([]);
    });

    it('lists vendors flagged new or with new games', async () => {
      const response = await callApi(context.app, 'GET', '/wps/relay/GCSGAME_newGameVendor', {
        merchant: A,
      });
      const cards = response.body.value.list as { vassalage: string; gameType: string }[];
      expect(cards.map((card) => [card.vassalage, card.gameType])).toEqual([
        ['NAMES', 'RNG'],
        ['NAMES', 'PVP'],
      ]);
    });
  });

  describe('favourites', () => {
    const path = '/wps/relay/MCSFE_addFavoriteGame';

    it('needs a real member: guests SESSION_REQUIRED, trial accounts TRIAL_ACCOUNT', async () => {
      const body = { nodeId: ids.dragon, vendor: 'NAMES', gameType: 'RNG' };
      const guest = await callApi(context.app, 'POST', path, { merchant: A, body });
      expect([guest.status, guest.body.errorCode]).toEqual([401, 'SESSION_REQUIRED']);
      const token = await trialToken();
      for (const [method, url] of [
        ['POST', path],
        ['POST', '/wps/relay/MCSFE_removeFavoriteGame'],
        ['GET', '/wps/relay/MCSFE_getFavoriteGames'],
        ['GET', '/wps/relay/MCSFE_getFavoriteGamesList'],
      ] as const) {
        const response = await callApi(context.app, method, url, {
          merchant: A,
          token,
          ...(method === 'POST' ? { body } : {}),
        });
        expect([response.status, response.body.errorCode]).toEqual([403, 'TRIAL_ACCOUNT']);
      }
    });

    it('adds and removes idempotently, lists newest first, checks vendor and type', async () => {
      const { token } = await register();
      const call = (url: string, body: object) =>
        callApi(context.app, 'POST', url, { merchant: A, token, body });
      const added = await call(path, { nodeId: ids.dragon, vendor: 'NAMES', gameType: 'RNG' });
      expect(added.body.value).toEqual({ nodeId: ids.dragon, favourite: true });
      expect(
        (await call(path, { nodeId: ids.dragon, vendor: 'NAMES', gameType: 'RNG' })).status,
      ).toBe(200);
      // The esports game may be named by its stored or its shown category.
      expect(
        (await call(path, { nodeId: ids.tfSports, vendor: 'TF', gameType: 'SPORTS' })).status,
      ).toBe(200);
      expect(
        (await call(path, { nodeId: ids.tfSports, vendor: 'TF', gameType: 'ESPORTS' })).status,
      ).toBe(200);

      const wrongVendor = await call(path, {
        nodeId: ids.dragon,
        vendor: 'SLOTX',
        gameType: 'RNG',
      });
      expect([wrongVendor.status, wrongVendor.body.errorCode, wrongVendor.body.details]).toEqual([
        400,
        'FAVOURITE_GAME_MISMATCH',
        { field: 'vendor' },
      ]);
      const wrongType = await call(path, { nodeId: ids.dragon, vendor: 'NAMES', gameType: 'LIVE' });
      expect(wrongType.body).toMatchObject({
        errorCode: 'FAVOURITE_GAME_MISMATCH',
        details: { field: 'gameType' },
      });
      for (const nodeId of [ids.hidden, ids.bOnly, 999_999]) {
        const missing = await call(path, { nodeId, vendor: 'NAMES', gameType: 'RNG' });
        expect([missing.status, missing.body.errorCode]).toEqual([404, 'NOT_FOUND']);
      }

      const idList = await callApi(context.app, 'GET', '/wps/relay/MCSFE_getFavoriteGamesList', {
        merchant: A,
        token,
      });
      expect(idList.body.value).toEqual([ids.tfSports, ids.dragon]);
      const page = await callApi(
        context.app,
        'GET',
        '/wps/relay/MCSFE_getFavoriteGames?clientType=3&platform=flash&pageSize=1&pageNo=2',
        { merchant: A, token },
      );
      expect(page.body.value).toMatchObject({ totalPages: 2, totalCount: 2 });
      expect(page.body.value.content.map((game: Game) => game.nodeId)).toEqual([ids.dragon]);
      const esportsOnly = await callApi(
        context.app,
        'GET',
        '/wps/relay/MCSFE_getFavoriteGames?gameType=ESPORTS',
        { merchant: A, token },
      );
      expect(esportsOnly.body.value.totalCount).toBe(1);

      const remove = '/wps/relay/MCSFE_removeFavoriteGame';
      const removed = await call(remove, { nodeId: ids.dragon, vendor: 'NAMES', gameType: 'RNG' });
      expect(removed.body.value).toEqual({ nodeId: ids.dragon, favourite: false });
      expect(
        (await call(remove, { nodeId: ids.dragon, vendor: 'NAMES', gameType: 'RNG' })).status,
      ).toBe(200);
      const after = await callApi(context.app, 'GET', '/wps/relay/MCSFE_getFavoriteGamesList', {
        merchant: A,
        token,
      });
      expect(after.body.value).toEqual([ids.tfSports]);
    });

    it(`stops at ${FAVOURITE_GAMES_MAX} favourites with FAVOURITE_GAMES_LIMIT`, async () => {
      const db = context.database.db;
      const { token, memberId } = await register();
      // Disabled games fill the list: they count, though they are not shown.
      await sql`
        WITH made AS (
          INSERT INTO games (merchant_code, vassalage, game_code, game_type, icon_url, enabled)
          SELECT ${A}, 'SLOTX', 'filler-' || n, 'RNG', 'x', false
          FROM generate_series(1, ${FAVOURITE_GAMES_MAX}::int) AS n
          RETURNING node_id
        )
        INSERT INTO member_favourite_games (member_id, node_id) SELECT ${memberId}, node_id FROM made
      `.execute(db);
      const body = { nodeId: ids.dragon, vendor: 'NAMES', gameType: 'RNG' };
      const refused = await callApi(context.app, 'POST', path, { merchant: A, token, body });
      expect([refused.status, refused.body.errorCode]).toEqual([409, 'FAVOURITE_GAMES_LIMIT']);
      const viMessage = await callApi(context.app, 'POST', path, {
        merchant: A,
        token,
        body,
        language: 'VI',
      });
      expect(viMessage.body.message).toMatch(/yêu thích/);
      // A hidden game can still be removed, which makes room.
      const filler = await sql<{ node_id: string }>`
        SELECT node_id FROM games WHERE merchant_code = ${A} AND game_code = 'filler-1'
      `.execute(db);
      const removed = await callApi(context.app, 'POST', '/wps/relay/MCSFE_removeFavoriteGame', {
        merchant: A,
        token,
        body: { nodeId: Number(filler.rows[0]?.node_id), vendor: 'SLOTX', gameType: 'RNG' },
      });
      expect(removed.status).toBe(200);
      // Two adds at once for the one free place: exactly one gets it.
      const both = await Promise.all([
        callApi(context.app, 'POST', path, { merchant: A, token, body }),
        callApi(context.app, 'POST', path, {
          merchant: A,
          token,
          body: { nodeId: ids.percent, vendor: 'NAMES', gameType: 'RNG' },
        }),
      ]);
      expect(both.map((response) => response.status).sort()).toEqual([200, 409]);
      const shown = await callApi(context.app, 'GET', '/wps/relay/MCSFE_getFavoriteGamesList', {
        merchant: A,
        token,
      });
      expect(shown.body.value).toHaveLength(1);
    });
  });

  describe('recent games', () => {
    it('needs a session, lists the member own launches newest first, trial accounts too', async () => {
      const db = context.database.db;
      const guest = await callApi(context.app, 'GET', '/wps/relay/GCS_recentGame', { merchant: A });
      expect([guest.status, guest.body.errorCode]).toEqual([401, 'SESSION_REQUIRED']);
      const { token, memberId } = await register();
      const other = await register();
      await sql`
        INSERT INTO member_recent_games (member_id, node_id, played_at, launches) VALUES
          (${memberId}, ${ids.dragon}, now() - interval '3 hours', 1),
          (${memberId}, ${ids.duel}, now() - interval '1 hour', 2),
          (${memberId}, ${ids.hidden}, now(), 1),
          (${memberId}, ${ids['slot-1']}, now() - interval '2 hours', 1),
          (${other.memberId}, ${ids['slot-2']}, now(), 1)
      `.execute(db);
      const recent = await callApi(
        context.app,
        'GET',
        '/wps/relay/GCS_recentGame?clientType=3&language=VI&pageSize=2',
        { merchant: A, token },
      );
      expect(recent.status).toBe(200);
      expect(recent.body.value).toMatchObject({ totalPages: 2, totalCount: 3 });
      expect(recent.body.value.list.map((game: Game) => game.nodeId)).toEqual([
        ids.duel,
        ids['slot-1'],
      ]);
      expect(recent.body.value.list[0].playedAt).toBeGreaterThan(Date.now() - 2 * 3600_000);
      const ofVendor = await callApi(
        context.app,
        'GET',
        '/wps/relay/GCS_recentGame?vassalage=NAMES',
        {
          merchant: A,
          token,
        },
      );
      expect(ofVendor.body.value.list.map((game: Game) => game.gameName)).toEqual([
        'Golden Dragon',
      ]);
      const trial = await callApi(context.app, 'GET', '/wps/relay/GCS_recentGame', {
        merchant: A,
        token: await trialToken(),
      });
      expect(trial.body.value).toEqual({ list: [], totalPages: 0, totalCount: 0 });
      // A token is good for its own merchant only.
      const elsewhere = await callApi(context.app, 'GET', '/wps/relay/GCS_recentGame', {
        merchant: B,
        token,
      });
      expect(elsewhere.status).toBe(401);
    });
  });

  describe('winner board', () => {
    it('shows the biggest settled wins of real members in the last 7 days, masked', async () => {
      const db = context.database.db;
      const winner = await register();
      const second = await register();
      const elsewhere = await register(B);
      const trial = await sql<{ id: bigint }>`
        INSERT INTO members (merchant_code, username, username_normalized, password_hash, nickname, type)
        VALUES (${A}, 'demo_trial1', 'demo_trial1', 'x', 'demo', 4) RETURNING id
      `.execute(db);
      // The board is fed by the event stream: each settled round is a `round.settled` event.
      const settle = (
        member: string,
        merchant: string,
        vendor: string,
        gameCode: string,
        ref: string,
        values: { stake: number; win: number; refunded?: number; ageHours?: number },
      ) =>
        appendEvents(db, [
          {
            type: 'round.settled',
            merchantCode: merchant,
            memberId: BigInt(member),
            payload: {
              memberId: member,
              merchantCode: merchant,
              vassalage: vendor,
              gameCode,
              gameCategory: 'RNG',
              roundRef: ref,
              currency: 'VND',
              stakeMinor: String(values.stake),
              validBetMinor: String(values.stake - (values.refunded ?? 0)),
              winMinor: String(values.win),
              settledAt: new Date(
                Date.now() - (values.ageHours ?? 1) * 60 * 60 * 1000,
              ).toISOString(),
            },
          },
        ]);
      await settle(winner.memberId, A, 'NAMES', 'dragon', 'r1', { stake: 1_000, win: 5_000 });
      await settle(second.memberId, A, 'SLOTX', 'slot-3', 'r2', {
        stake: 3_000,
        win: 9_000,
        refunded: 1_000,
      });
      await settle(winner.memberId, A, 'NAMES', 'dragon', 'r3', {
        stake: 100,
        win: 900_000,
        ageHours: 24 * 8,
      });
      // The same round settled twice (a replayed event) is on the board once.
      await settle(winner.memberId, A, 'NAMES', 'dragon', 'r1', { stake: 1_000, win: 5_000 });
      await settle(String(trial.rows[0]?.id ?? ''), A, 'NAMES', 'dragon', 'r5', {
        stake: 100,
        win: 700_000,
      });
      await settle(elsewhere.memberId, B, 'SLOTX', 'b-only', 'r6', { stake: 100, win: 600_000 });
      await settle(second.memberId, A, 'SLOTX', 'slot-4', 'r7', { stake: 100, win: 0 });
      await settle(second.memberId, A, 'NAMES', 'hidden', 'r8', { stake: 100, win: 500_000 });
      await createServices(db).events.runAll();
      // Past the window, losing rounds and trial accounts are not kept at all.
      const kept = await sql<{ round_ref: string }>`
        SELECT round_ref FROM game_big_wins ORDER BY round_ref
      `.execute(db);
      expect(kept.rows.map((row) => row.round_ref)).toEqual(['r1', 'r2', 'r6', 'r8']);

      const board = await callApi(
        context.app,
        'GET',
        '/wps/relay/GCSGAME_getRankList?language=VI',
        {
          merchant: A,
        },
      );
      expect(board.status).toBe(200);
      const mask = (name: string) => `${name.slice(0, 2)}***${name.slice(-1)}`;
      expect(board.body.value.list).toEqual([
        {
          account: mask(second.username),
          nodeId: ids['slot-3'],
          vassalage: 'SLOTX',
          gameName: 'Slot 3',
          gameType: 'RNG',
          winAmount: 90,
          multiplier: 4.5,
          wonAt: expect.any(Number),
        },
        expect.objectContaining({
          account: mask(winner.username),
          gameName: 'Rồng Vàng',
          winAmount: 50,
          multiplier: 5,
        }),
      ]);
      const ofVendor = await callApi(
        context.app,
        'GET',
        '/wps/relay/GCSGAME_getRankList?vassalage=NAMES&count=1',
        {
          merchant: A,
        },
      );
      expect(ofVendor.body.value.list.map((entry: { nodeId: number }) => entry.nodeId)).toEqual([
        ids.dragon,
      ]);
    });
  });

  describe('pvp rooms', () => {
    it('lists the rooms of listed pvp games with names per language', async () => {
      const rooms = await callApi(
        context.app,
        'GET',
        `/wps/relay/GLS2_roomList?nodeId=${ids.duel}&language=VI`,
        {
          merchant: A,
        },
      );
      expect(rooms.body.value.list).toEqual([
        {
          roomId: 'duel-low',
          nodeId: ids.duel,
          vassalage: 'PVPV',
          name: 'Bàn thấp',
          minBet: 1,
          maxBet: 100,
          seats: 2,
          players: 0,
          status: 'open',
        },
        expect.objectContaining({ roomId: 'duel-high', name: 'Bàn cao' }),
      ]);
      const english = await callApi(context.app, 'GET', '/wps/relay/GLS2_roomList?vassalage=PVPV', {
        merchant: A,
      });
      expect(english.body.value.list.map((room: { name: string }) => room.name)).toEqual([
        'Low table',
        'Bàn cao',
      ]);
      // Seated players as the provider reports them: a full room says so.
      const games = createGamesService(context.database.db);
      expect(await games.setPvpRoomPlayers(A, 'duel-low', 5)).toBe(true);
      expect(await games.setPvpRoomPlayers(B, 'duel-low', 1)).toBe(false);
      const full = await callApi(context.app, 'GET', '/wps/relay/GLS2_roomList?vassalage=PVPV', {
        merchant: A,
      });
      expect(full.body.value.list[0]).toMatchObject({ players: 2, status: 'full' });
      const other = await callApi(context.app, 'GET', '/wps/relay/GLS2_roomList', { merchant: B });
      expect(other.body.value.list).toEqual([]);
    });
  });

  describe('demo catalogue', () => {
    it('seeds the sandbox provider, its games, the table-games entry and three rooms, once', async () => {
      const db = context.database.db;
      // A merchant of its own: the base merchant already holds the fixture's sandbox catalogue.
      const merchant = 'DEMOCAT';
      await addMerchant(db, merchant);
      const before = await sql<{ api_secret: string }>`
        SELECT api_secret FROM game_providers WHERE code = 'SBX'
      `.execute(db);
      await seedDemoCatalogue(db, merchant, 'a-new-secret-that-must-not-replace-the-old', 'VND');
      await seedDemoCatalogue(db, merchant, 'another-secret-that-must-not-replace-the-old', 'VND');
      const after = await sql<{
        api_secret: string;
        integration: string;
        wallet_mode: string;
        launch_url: string;
      }>`SELECT api_secret, integration, wallet_mode, launch_url FROM game_providers WHERE code = 'SBX'`.execute(
        db,
      );
      expect(after.rows).toEqual([
        {
          api_secret: before.rows[0]?.api_secret,
          integration: 'http',
          wallet_mode: 'seamless',
          launch_url: '/sandbox-provider/play',
        },
      ]);
      expect(after.rows[0]?.api_secret).toMatch(/^[0-9a-f]{64}$/);

      const games = await callApi(
        context.app,
        'GET',
        '/wps/relay/GCSGAME_gameList?language=VI&vassalage=SBX',
        { merchant },
      );
      const seeded = games.body.value.games as Game[];
      expect(
        seeded.map((game) => [game.gameCode, game.gameType, game.isGame, game.minBet]),
      ).toEqual([
        ['coin-flip', 'RNG', 'GAME', 1_000],
        ['lucky-wheel', 'RNG', 'GAME', 1_000],
        ['hi-lo', 'RNG', 'GAME', 1_000],
        ['dice-duel', 'PVP', 'GAME', 1_000],
        ['table-games', 'RNG', 'VASSALAGE', 1_000],
      ]);
      expect(seeded[3]?.gameName).toBe('Đấu Xúc Xắc');
      expect(seeded.every((game) => game.iconUrl.startsWith('data:image/svg+xml'))).toBe(true);
      const entry = seeded[4];
      const popup = await callApi(
        context.app,
        'GET',
        `/wps/relay/GCSGAME_gameList?parentNodeId=${entry?.nodeId}`,
        { merchant },
      );
      expect(popup.body.value.games.map((game: Game) => game.gameCode)).toEqual([
        'hi-lo',
        'dice-duel',
      ]);
      const rooms = await callApi(context.app, 'GET', '/wps/relay/GLS2_roomList', { merchant });
      expect(
        rooms.body.value.list.map((room: { roomId: string; minBet: number; maxBet: number }) => [
          room.roomId,
          room.minBet,
          room.maxBet,
        ]),
      ).toEqual([
        // Sized for VND (issue 22 item 1): bronze 1,000-100,000 ₫, not 1-100 ₫.
        ['dice-duel-1', 1_000, 100_000],
        ['dice-duel-2', 10_000, 1_000_000],
        ['dice-duel-3', 100_000, 10_000_000],
      ]);
      const rules = await sql<{ rules_html: string }>`
        SELECT rules_html FROM game_texts t JOIN games g USING (node_id)
        WHERE g.merchant_code = ${merchant} AND g.game_code = 'coin-flip' AND t.language = 'VI'
      `.execute(db);
      expect(rules.rows[0]?.rules_html).toContain('<ul><li>');
    });
  });
});
