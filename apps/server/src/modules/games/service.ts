import {
  type Game,
  type GameCategory,
  gameCategories,
  minorToAmount,
  type PageTotals,
  type PvpRoom,
  pageReply,
  pageTotals,
  type RankEntry,
  type VendorCard,
  type VendorCategory,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import {
  buildCategories,
  effectiveCategory,
  maskAccount,
  multiplierOf,
  pickName,
} from './catalogue-rules.js';
import { createListCache, type ListCache } from './list-cache.js';
import {
  createGamesRepository,
  type GameFilters,
  type NameLanguages,
  type StoredGame,
  type StoredPvpRoom,
} from './repository.js';

/** Who asks: the merchant of the request and the languages of names. */
export interface CatalogueScope extends NameLanguages {
  merchantCode: string;
}

export interface PageRequest {
  pageNo: number;
  pageSize: number;
}

function toGame(game: StoredGame): Game {
  return {
    nodeId: game.nodeId,
    vassalage: game.vassalage,
    gameType: effectiveCategory(game.gameType, game.vassalage),
    gameName: game.gameName,
    gameClassify: game.gameClassify,
    minBet: minorToAmount(game.minBetMinor),
    minLineNum: game.minLineNum,
    gameCode: game.gameCode,
    isGame: game.isGame,
    parentNodeId: game.parentNodeId,
    iconUrl: game.iconUrl,
    isHot: game.isHot,
    isNew: game.isNew,
    rtp: game.rtpBp === null ? null : game.rtpBp / 100,
  };
}

function toRoom(room: StoredPvpRoom, scope: NameLanguages): PvpRoom {
  return {
    roomId: room.roomId,
    nodeId: room.nodeId,
    vassalage: room.vassalage,
    name: pickName(room.names, scope.language, scope.defaultLanguage),
    minBet: minorToAmount(room.minBetMinor),
    maxBet: minorToAmount(room.maxBetMinor),
    seats: room.seats,
    players: room.players,
    status: room.closed ? 'closed' : room.players >= room.seats ? 'full' : 'open',
  };
}

function pageOf(page: PageRequest) {
  return { offset: (page.pageNo - 1) * page.pageSize, limit: page.pageSize };
}

export interface GameListQuery extends PageRequest {
  gameType?: GameCategory | undefined;
  vassalage?: string | undefined;
  gameClassify?: string | undefined;
  gameName?: string | undefined;
  /** Major units, as the API sends it. */
  minBet?: number | undefined;
  minLineNum?: number | undefined;
  parentNodeId?: number | undefined;
}

/** A game a member names in a favourite call: its node, vendor and category. */
export interface FavouriteTarget {
  nodeId: number;
  vendor: string;
  gameType: GameCategory;
}

/** A category and classify of a vendor with its game count. */
export interface VendorClassifyCount {
  gameType: GameCategory;
  gameClassify: string | null;
  count: number;
}

/** A vendor card of the new-games strip, in one category. */
export type NewVendorCard = VendorCard & { gameType: GameCategory };

/** Filters by category and vendor, and how many to answer. */
export interface TopGamesQuery {
  gameType?: GameCategory | undefined;
  vassalage?: string | undefined;
  count: number;
}

/** The game catalogue as members see it: menus, lists, favourites, recents, ranks, rooms. */
export interface GamesService {
  /** The vendor menus per category (cached for every visitor). */
  gameMenus(scope: CatalogueScope): Promise<VendorCategory[]>;
  /** One page of games by the list's filters (cached for every visitor). */
  gameList(
    scope: CatalogueScope,
    query: GameListQuery,
  ): Promise<{ games: Game[]; pageNo: number } & PageTotals>;
  /** Games flagged hot, by category and vendor. */
  hotGames(scope: CatalogueScope, query: TopGamesQuery): Promise<{ list: Game[] }>;
  /** The most played games of late, by category. */
  popularGames(
    scope: CatalogueScope,
    query: { gameType?: GameCategory | undefined; count: number },
  ): Promise<{ list: Game[] }>;
  /** A vendor's categories (as shown) and classifies with their game counts. */
  vassGameType(scope: CatalogueScope, vassalage: string): Promise<{ list: VendorClassifyCount[] }>;
  /** Vendors flagged new, or with a game flagged new, once per category they show in. */
  newGameVendors(scope: CatalogueScope): Promise<{ list: NewVendorCard[] }>;
  /** A page of the member's favourite games, of one category if asked. */
  favouriteGames(
    scope: CatalogueScope,
    memberId: bigint,
    query: PageRequest & { gameType?: GameCategory | undefined },
  ): Promise<{ content: Game[] } & PageTotals>;
  /** The node ids of the member's favourite games. */
  favouriteGameIds(scope: CatalogueScope, memberId: bigint): Promise<number[]>;
  /** Adds a listed game to the member's favourites (within the limit). */
  addFavourite(
    scope: CatalogueScope,
    memberId: bigint,
    target: FavouriteTarget,
  ): Promise<{ nodeId: number; favourite: true }>;
  /** Removes a favourite; works for a game no longer shown too, so a member can tidy up. */
  removeFavourite(
    scope: CatalogueScope,
    memberId: bigint,
    target: FavouriteTarget,
  ): Promise<{ nodeId: number; favourite: false }>;
  /** A page of the games the member played last, newest first. */
  recentGames(
    scope: CatalogueScope,
    memberId: bigint,
    query: PageRequest & { gameType?: GameCategory | undefined; vassalage?: string | undefined },
  ): Promise<{ list: (Game & { playedAt: number })[] } & PageTotals>;
  /** The biggest recent wins, accounts masked. */
  rankList(scope: CatalogueScope, query: TopGamesQuery): Promise<{ list: RankEntry[] }>;
  /** The merchant's pvp rooms, of one game or vendor if asked. */
  pvpRooms(
    scope: CatalogueScope,
    query: { nodeId?: number | undefined; vassalage?: string | undefined },
  ): Promise<{ list: PvpRoom[] }>;
  /** For the provider side: how many players sit in a room now; false when unknown. */
  setPvpRoomPlayers(merchantCode: string, roomId: string, players: number): Promise<boolean>;
}

type ClassifyCount = Awaited<ReturnType<GamesRepositoryOf['classifyCounts']>>[number];
type VendorCategoryRow = Awaited<ReturnType<GamesRepositoryOf['vendorCategories']>>[number];
type GamesRepositoryOf = ReturnType<typeof createGamesRepository>;

/** A vendor's classify counts merged per category as shown (a vendor may move a category). */
function classifyCountsAsShown(rows: ClassifyCount[], vassalage: string): VendorClassifyCount[] {
  const merged = new Map<string, VendorClassifyCount>();
  for (const row of rows) {
    const gameType = effectiveCategory(row.gameType, vassalage);
    const key = `${gameType}\u0000${row.gameClassify ?? ''}`;
    const entry = merged.get(key);
    if (entry) entry.count += row.count;
    else merged.set(key, { gameType, gameClassify: row.gameClassify, count: row.count });
  }
  return [...merged.values()];
}

/** The vendor cards that are new, one per vendor and category as shown, in the menus' order. */
function newVendorCards(rows: VendorCategoryRow[]): NewVendorCard[] {
  const cards = new Map<string, NewVendorCard>();
  for (const row of rows) {
    const gameType = effectiveCategory(row.gameType, row.vassalage);
    const key = `${row.vassalage}\u0000${gameType}`;
    const card = cards.get(key);
    const isNew = row.isNew || row.anyNewGame;
    if (card) {
      card.gameCount += row.gameCount;
      card.isNew ||= isNew;
    } else {
      cards.set(key, {
        vassalage: row.vassalage,
        name: row.name,
        isHot: row.isHot,
        isNew,
        gameCount: row.gameCount,
        gameType,
      });
    }
  }
  // Vendors in their order (the map's), each vendor's categories in the menus' order.
  const vendorOrder = [...new Set([...cards.values()].map((card) => card.vassalage))];
  return [...cards.values()]
    .filter((card) => card.isNew)
    .sort(
      (left, right) =>
        vendorOrder.indexOf(left.vassalage) - vendorOrder.indexOf(right.vassalage) ||
        gameCategories.indexOf(left.gameType) - gameCategories.indexOf(right.gameType),
    );
}

/** The games service on its own repository over `db`. */
export function createGamesService(
  db: Db,
  clock: () => Date = () => new Date(),
  /** Answers the same for every visitor (lists, menus); no caching by default (tests). */
  listCache: ListCache = createListCache(0),
): GamesService {
  const repository = createGamesRepository(db);
  /** A favourite's body must name the game's own vendor and category (shown or stored). */
  async function checkFavouriteTarget(
    scope: CatalogueScope,
    target: FavouriteTarget,
    mustBeListed: boolean,
  ): Promise<void> {
    const game = await repository.gameOfMerchant(scope.merchantCode, target.nodeId);
    if (!game || (mustBeListed && !game.listed))
      throw new AppError('NOT_FOUND', { field: 'nodeId' });
    if (game.vassalage !== target.vendor) {
      throw new AppError('FAVOURITE_GAME_MISMATCH', { field: 'vendor' });
    }
    const shown = effectiveCategory(game.gameType, game.vassalage);
    if (target.gameType !== shown && target.gameType !== game.gameType) {
      throw new AppError('FAVOURITE_GAME_MISMATCH', { field: 'gameType' });
    }
  }

  async function loadGameList(scope: CatalogueScope, query: GameListQuery) {
    const filters: GameFilters = {
      category: query.gameType,
      vassalage: query.vassalage,
      gameClassify: query.gameClassify || undefined,
      search: query.gameName || undefined,
      // Minor units, rounded down: a game whose stake is above the limit never slips in.
      maxMinBetMinor:
        query.minBet === undefined ? undefined : BigInt(Math.floor(query.minBet * 100 + 1e-9)),
      maxLineNum: query.minLineNum,
      parentNodeId: query.parentNodeId,
    };
    const { games, totalCount } = await repository.games(
      scope.merchantCode,
      filters,
      scope,
      pageOf(query),
    );
    return {
      games: games.map(toGame),
      pageNo: query.pageNo,
      ...pageTotals(totalCount, query.pageSize),
    };
  }

  return {
    gameMenus(scope) {
      return listCache.get(`menus:${scope.merchantCode}`, async () =>
        buildCategories(await repository.vendorCategories(scope.merchantCode)),
      );
    },

    gameList(scope, query) {
      return listCache.get(
        `list:${JSON.stringify([scope.merchantCode, scope.language, scope.defaultLanguage, query])}`,
        () => loadGameList(scope, query),
      );
    },

    async hotGames(scope, query) {
      const games = await repository.hotGames(
        scope.merchantCode,
        { category: query.gameType, vassalage: query.vassalage },
        scope,
        query.count,
      );
      return { list: games.map(toGame) };
    },

    async popularGames(scope, query) {
      const games = await repository.popularGames(
        scope.merchantCode,
        query.gameType,
        scope,
        query.count,
        clock(),
      );
      return { list: games.map(toGame) };
    },

    /** A vendor's categories (as shown) and classifies with their game counts. */
    async vassGameType(scope, vassalage) {
      return {
        list: classifyCountsAsShown(
          await repository.classifyCounts(scope.merchantCode, vassalage),
          vassalage,
        ),
      };
    },

    /** Vendors flagged new, or with a game flagged new, once per category they show in. */
    async newGameVendors(scope) {
      return { list: newVendorCards(await repository.vendorCategories(scope.merchantCode)) };
    },

    async favouriteGames(scope, memberId, query) {
      const { games, totalCount } = await repository.favouriteGames(
        scope.merchantCode,
        memberId,
        query.gameType,
        scope,
        pageOf(query),
      );
      return {
        content: games.map(toGame),
        ...pageTotals(totalCount, query.pageSize),
      };
    },

    favouriteGameIds(scope, memberId) {
      return repository.favouriteGameIds(scope.merchantCode, memberId);
    },

    async addFavourite(scope, memberId, target) {
      await checkFavouriteTarget(scope, target, true);
      const outcome = await repository.addFavourite(memberId, target.nodeId);
      if (outcome === 'limit') throw new AppError('FAVOURITE_GAMES_LIMIT');
      return { nodeId: target.nodeId, favourite: true as const };
    },

    /** Removing works for a game that is no longer shown too, so a member can tidy up. */
    async removeFavourite(scope, memberId, target) {
      await checkFavouriteTarget(scope, target, false);
      await repository.removeFavourite(memberId, target.nodeId);
      return { nodeId: target.nodeId, favourite: false as const };
    },

    async recentGames(scope, memberId, query) {
      const { games, totalCount } = await repository.recentGames(
        scope.merchantCode,
        memberId,
        { category: query.gameType, vassalage: query.vassalage },
        scope,
        pageOf(query),
      );
      return pageReply(
        games.map((game) => ({ ...toGame(game), playedAt: game.playedAt.getTime() })),
        totalCount,
        query.pageSize,
      );
    },

    async rankList(scope, query) {
      const wins = await repository.biggestWins(
        scope.merchantCode,
        { category: query.gameType, vassalage: query.vassalage },
        scope,
        query.count,
        clock(),
      );
      return {
        list: wins.map((win) => ({
          account: maskAccount(win.account),
          nodeId: win.game.nodeId,
          vassalage: win.game.vassalage,
          gameName: win.game.gameName,
          gameType: effectiveCategory(win.game.gameType, win.game.vassalage),
          winAmount: minorToAmount(win.winMinor),
          multiplier: multiplierOf(win.winMinor, win.netStakeMinor),
          wonAt: win.wonAt.getTime(),
        })),
      };
    },

    async pvpRooms(scope, query) {
      const rooms = await repository.pvpRooms(scope.merchantCode, query);
      return { list: rooms.map((room) => toRoom(room, scope)) };
    },

    /** For the provider side: how many players sit in a room now; false when unknown. */
    setPvpRoomPlayers(merchantCode, roomId, players) {
      return repository.setPvpRoomPlayers(merchantCode, roomId, players);
    },
  };
}
