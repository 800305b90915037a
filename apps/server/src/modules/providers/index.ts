export { createProvidersRepository, type GameProvider, type LaunchableGame } from './repository.js';
export { registerLaunchRoutes } from './routes.js';
export { createSeamlessRepository, type RoundBreak } from './seamless/repository.js';
export { registerSeamlessRoutes, type SeamlessCaller } from './seamless/routes.js';
export {
  createSeamlessWallet,
  GAME_SESSION_IDLE_TIMEOUT_MS,
  houseAccountCode,
  type SeamlessWallet,
} from './seamless/service.js';
export { signedHeaders, signProviderCall, verifyProviderCall } from './seamless/signature.js';
export {
  createLaunchService,
  GAME_LAUNCH_RATE_LIMIT,
  LAUNCH_TOKEN_TTL_MS,
  type LaunchService,
} from './service.js';
