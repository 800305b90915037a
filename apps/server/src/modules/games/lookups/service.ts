import type { Db } from '../../../db/database.js';
import { createListCache } from '../list-cache.js';
import {
  createGameLookupRepository,
  type GameEntry,
  type GameProvider,
  type LaunchableGame,
  type PvpRoomStakes,
} from './repository.js';

/**
 * The most catalogue entries and providers the money calls keep in memory; past it the oldest
 * goes first. Ten thousand entries of a few hundred bytes each stay within a few megabytes,
 * and a merchant's catalogue is a few thousand games.
 */
export const GAME_LOOKUP_CACHE_MAX_ENTRIES = 10_000;

/**
 * The catalogue read by key for other modules. What every money call of a game needs and an
 * operator changes rarely (the game entry, the provider with its secret) is served from memory
 * for `cacheTtlMs` (the catalogue's own time to live in the running server, 0 in tests), so a
 * change shows after at most that long; a launch reads the flags fresh.
 */
export interface GameLookups {
  /** A game of the merchant by its provider's code (cached). */
  gameByCode(
    merchantCode: string,
    vassalage: string,
    gameCode: string,
  ): Promise<GameEntry | undefined>;
  /** A game by its node id (cached). */
  gameByNode(nodeId: bigint): Promise<GameEntry | undefined>;
  /**
   * A game by its node id read on the caller's transaction, never cached: a caller holding a
   * pooled connection must not wait for a second one (a full pool would wait on itself).
   */
  gameByNodeWithin(executor: Db, nodeId: bigint): Promise<GameEntry | undefined>;
  /** The game provider registered under `code`, with its API secret (cached). */
  provider(code: string): Promise<GameProvider | undefined>;
  /** A game with its vendor and provider and their flags, read fresh for a launch. */
  launchableGame(merchantCode: string, nodeId: bigint): Promise<LaunchableGame | undefined>;
  /** The transfer-mode provider whose vendor keeps members' money in `walletCode`. */
  transferProviderOfWallet(
    merchantCode: string,
    walletCode: string,
  ): Promise<GameProvider | undefined>;
  /**
   * A pvp room's stake limits read on the caller's transaction, never cached: an operator's
   * change applies to the next round, and the caller's pooled connection is not held waiting.
   */
  pvpRoomStakesWithin(
    executor: Db,
    merchantCode: string,
    roomId: string,
  ): Promise<PvpRoomStakes | undefined>;
  /** A pvp room of the merchant as a launch checks it (fresh, never cached). */
  pvpRoom(merchantCode: string, roomId: string): Promise<PvpRoomStakes | undefined>;
  /** Marks a game launched by the member (their recent games). */
  recordRecentGame(memberId: bigint, nodeId: bigint): Promise<void>;
  /** Drops every cached entry and provider (after an operator's change to the catalogue). */
  forget(): void;
}

export function createGameLookups(
  db: Db,
  options: { cacheTtlMs?: number; clock?: () => number } = {},
): GameLookups {
  const repository = createGameLookupRepository(db);
  const cache = createListCache(
    options.cacheTtlMs ?? 0,
    options.clock ?? Date.now,
    GAME_LOOKUP_CACHE_MAX_ENTRIES,
  );
  return {
    gameByCode: (merchantCode, vassalage, gameCode) =>
      cache.get(`code:${merchantCode}:${vassalage}:${gameCode}`, () =>
        repository.gameByCode(merchantCode, vassalage, gameCode),
      ),
    gameByNode: (nodeId) => cache.get(`node:${nodeId}`, () => repository.gameByNode(nodeId)),
    gameByNodeWithin: (executor, nodeId) => createGameLookupRepository(executor).gameByNode(nodeId),
    provider: (code) => cache.get(`provider:${code}`, () => repository.provider(code)),
    launchableGame: (merchantCode, nodeId) => repository.launchableGame(merchantCode, nodeId),
    transferProviderOfWallet: (merchantCode, walletCode) =>
      repository.transferProviderOfWallet(merchantCode, walletCode),
    pvpRoomStakesWithin: (executor, merchantCode, roomId) =>
      createGameLookupRepository(executor).pvpRoomStakes(merchantCode, roomId),
    pvpRoom: (merchantCode, roomId) => repository.pvpRoomStakes(merchantCode, roomId),
    recordRecentGame: (memberId, nodeId) => repository.recordRecentGame(memberId, nodeId),
    forget: () => cache.clear(),
  };
}
