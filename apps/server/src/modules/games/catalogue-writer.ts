import type { Db } from '../../db/database.js';
import {
  createCatalogueWrites,
  type NewGame,
  type NewProvider,
  type NewPvpRoom,
  type NewVendor,
} from './writes/repository.js';

/**
 * Adds providers, vendors, games and rooms to the catalogue, keeping rows that exist: how other
 * modules' seeds (lottery, built-in games), tests and benches register their games.
 */
export interface CatalogueWriter {
  /** Adds a game provider unless its code exists. */
  ensureProvider(provider: NewProvider): Promise<void>;
  /** Adds a merchant's vendor unless it exists. */
  ensureVendor(vendor: NewVendor): Promise<void>;
  /** Adds a game (or finds it by merchant, vendor and code), writes its texts; its node id. */
  ensureGame(game: NewGame): Promise<number>;
  /** Adds a pvp room unless it exists. */
  ensurePvpRoom(room: NewPvpRoom): Promise<void>;
}

/** The catalogue writer on the games module's own repository over `db`. */
export function createCatalogueWriter(db: Db): CatalogueWriter {
  const writes = createCatalogueWrites(db);
  return {
    ensureProvider: (provider) => writes.ensureProvider(provider),
    ensureVendor: (vendor) => writes.ensureVendor(vendor),
    ensureGame: (game) => writes.ensureGame(game),
    ensurePvpRoom: (room) => writes.ensurePvpRoom(room),
  };
}
