import type { GameCategory } from '@app/contract';
import type { Db } from '../../../db/database.js';
import { createGamesRepository, type NewGame } from '../repository.js';

/** A tiny icon; tests only check that it is passed through. */
export const FIXTURE_ICON =
  'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E';

/**
 * Vendors and games of one merchant for a test, written through the games repository (the same
 * writes as the seed). Providers are global: a code used by another test is reused.
 */
export function catalogueFixtures(db: Db, merchantCode: string) {
  const repository = createGamesRepository(db);
  return {
    async vendor(
      vassalage: string,
      options: { enabled?: boolean; isHot?: boolean; isNew?: boolean; sortOrder?: number } = {},
    ): Promise<void> {
      await repository.ensureProvider({
        code: vassalage,
        name: `${vassalage} provider`,
        integration: 'builtin',
        walletMode: 'seamless',
        launchUrl: `/play/${vassalage.toLowerCase()}`,
        apiSecret: null,
      });
      await repository.ensureVendor({
        merchantCode,
        vassalage,
        name: `${vassalage} vendor`,
        ...options,
      });
    },

    /** A game named `names` (language code -> name); English `gameCode` when not given. */
    async game(
      vassalage: string,
      gameCode: string,
      gameType: GameCategory,
      options: Partial<Omit<NewGame, 'texts' | 'merchantCode' | 'vassalage' | 'gameCode'>> & {
        names?: Record<string, string>;
      } = {},
    ): Promise<number> {
      const { names, ...rest } = options;
      const texts = Object.fromEntries(
        Object.entries(names ?? { EN: gameCode }).map(([language, name]) => [language, { name }]),
      );
      return repository.ensureGame({
        merchantCode,
        vassalage,
        gameCode,
        gameType,
        iconUrl: FIXTURE_ICON,
        ...rest,
        texts,
      });
    },

    async room(
      roomId: string,
      nodeId: number,
      options: { names?: Record<string, string>; seats?: number; sortOrder?: number } = {},
    ): Promise<void> {
      await repository.ensurePvpRoom({
        merchantCode,
        roomId,
        nodeId,
        names: options.names ?? { EN: roomId },
        minBetMinor: 100n,
        maxBetMinor: 10_000n,
        seats: options.seats ?? 2,
        sortOrder: options.sortOrder ?? 0,
      });
    },
  };
}
