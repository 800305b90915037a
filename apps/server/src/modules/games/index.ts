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
export {
  type BoardMember,
  createWinnerBoard,
  WINNER_BOARD_BATCH_SIZE,
  WINNER_BOARD_CONSUMER,
  type WinnerBoard,
} from './winner-board/service.js';
