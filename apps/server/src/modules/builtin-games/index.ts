export type { RoundFunding } from './engine/instant-round.js';
export type {
  BuiltinGameHandler,
  GameLimits,
  InstantGameHandler,
  RoundDetail,
  SteppedGameHandler,
} from './games/index.js';
export { builtinGameHandlerOf, builtinGameHandlers } from './games/index.js';
export {
  BUILTIN_OPEN_RATE_LIMIT,
  BUILTIN_PLAY_RATE_LIMIT,
  BUILTIN_READ_RATE_LIMIT,
  BUILTIN_SEED_CHANGE_RATE_LIMIT,
  registerBuiltinGamesRoutes,
} from './routes.js';
export { seedBuiltinCatalogue } from './seed-catalogue.js';
export {
  BUILTIN_ROUND_RECOVER_AFTER_MS,
  BUILTIN_SESSION_IDLE_MS,
  BUILTIN_STEPPED_ROUND_ABANDON_AFTER_MS,
  type BuiltinGamesService,
  createBuiltinGamesService,
  type FundedRoundAnswer,
  hashGameSession,
  publicRound,
} from './service.js';
export { limitsOf, stakeProfileOfMerchant } from './settings.js';
