export { createProviders, type Providers } from './create-providers.js';
export {
  GAME_ROUNDS_RETENTION_MONTHS,
  maintainGameRoundPartitions,
} from './partitions.repository.js';
export {
  createRoundRecords,
  type RawPart,
  type RoundFilter,
  type RoundKey,
  type RoundRecord,
  type RoundRecords,
  type RoundSumsCell,
  roundKeyOf,
} from './rounds/records.repository.js';
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
  GAME_SESSION_IDLE_TIMEOUT_MS,
  houseAccountCode,
  type SeamlessWallet,
} from './seamless/service.js';
export { signedHeaders, signProviderCall, verifyProviderCall } from './seamless/signature.js';
export {
  GAME_LAUNCH_RATE_LIMIT,
  LAUNCH_TOKEN_TTL_MS,
  type LaunchService,
} from './service.js';
export { PROVIDER_CALL_TIMEOUT_MS, providerApiBase } from './transfer/client.js';
export type { VendorWalletTransfer } from './transfer/hooks.js';
export {
  type GameTransferService,
  TRANSFER_STATUS_RECHECK_AFTER_MS,
} from './transfer/service.js';
