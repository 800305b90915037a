export {
  buildCategories,
  effectiveCategory,
  escapeLike,
  foldSearchText,
  maskAccount,
  pickName,
} from './catalogue-rules.js';
export { type CatalogueWriter, createCatalogueWriter } from './catalogue-writer.js';
export { CATALOGUE_CACHE_TTL_MS, createListCache, type ListCache } from './list-cache.js';
export type { GameEntry, GameProvider, LaunchableGame } from './lookups/repository.js';
export {
  createGameLookups,
  GAME_LOOKUP_CACHE_MAX_ENTRIES,
  type GameLookups,
} from './lookups/service.js';
export {
  CATALOGUE_LOOKBACK_DAYS,
  type NewGame,
  type NewPvpRoom,
  type NewVendor,
} from './repository.js';
export { registerGamesRoutes } from './routes.js';
export {
  SANDBOX_PROVIDER_CODE,
  SANDBOX_PROVIDER_LAUNCH_PATH,
  SANDBOX_TABLE_GAMES_CODE,
  seedDemoCatalogue,
} from './seed-catalogue.js';
export { type CatalogueScope, createGamesService, type GamesService } from './service.js';
