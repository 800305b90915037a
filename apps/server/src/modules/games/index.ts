export { watchCatalogueChanges } from './admin/catalogue-watch.js';
export { GAMES_CATALOGUE_CHANNEL } from './admin/repository.js';
export {
  registerGameIconRoute,
  registerGamesAdminRoutes,
  registerGamesCatalogueAdminRoutes,
} from './admin/routes.js';
export {
  createGamesAdminService,
  type GamesActor,
  type GamesAdminService,
} from './admin/service.js';
export {
  buildCategories,
  effectiveCategory,
  escapeLike,
  foldSearchText,
  maskAccount,
  pickName,
} from './catalogue-rules.js';
export { type CatalogueWriter, createCatalogueWriter } from './catalogue-writer.js';
export { emptyLobbyGroups } from './empty-lobbies.js';
export {
  createGameEntries,
  GAME_ENTRY_CACHE_MAX_ENTRIES,
  GAME_ENTRY_CACHE_TTL_MS,
  type GameEntries,
  type GameEntry,
} from './entries/service.js';
export { CATALOGUE_CACHE_TTL_MS, createListCache, type ListCache } from './list-cache.js';
export type {
  GameEntry as LookedUpGame,
  GameProvider,
  LaunchableGame,
} from './lookups/repository.js';
export {
  createGameLookups,
  GAME_LOOKUP_CACHE_MAX_ENTRIES,
  type GameLookups,
} from './lookups/service.js';
export { createGameNames, type GameName, type GameNames } from './names/repository.js';
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
  type SandboxCatalogueSeed,
  type SandboxGameSeed,
  type SandboxRoomSeed,
  seedDemoCatalogue,
  seedSandboxCatalogue,
} from './seed-catalogue.js';
export { type CatalogueScope, createGamesService, type GamesService } from './service.js';
export {
  type BoardMember,
  createWinnerBoard,
  WINNER_BOARD_BATCH_SIZE,
  WINNER_BOARD_CONSUMER,
  type WinnerBoard,
} from './winner-board/service.js';
