export { createProvidersRepository, type GameProvider, type LaunchableGame } from './repository.js';
export {
  createEngineRounds,
  type EngineRound,
  type EngineRoundOutcome,
  type EngineRounds,
} from './rounds/repository.js';
export { registerLaunchRoutes } from './routes.js';
export type { RoundBreak } from './seamless/repository.js';
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
export {
  createTransferClient,
  PROVIDER_CALL_TIMEOUT_MS,
  providerApiBase,
} from './transfer/client.js';
export { createMoveIntoVendor, createVendorWalletTransfer } from './transfer/hooks.js';
export { createGameTransferRepository } from './transfer/repository.js';
export {
  createGameTransferService,
  type GameTransferService,
  TRANSFER_STATUS_RECHECK_AFTER_MS,
} from './transfer/service.js';
