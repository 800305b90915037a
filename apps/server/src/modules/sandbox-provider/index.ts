export { seedSandboxProviderSecret } from './demo-seed.js';
export {
  DICE_DUEL_ROOMS,
  LUCKY_WHEEL_RTP_BP,
  SANDBOX_GAME_CODES,
  type SandboxGameCode,
} from './games.js';
export { createPlatformClient, type PlatformClient } from './platform-client.js';
export { registerSandboxProviderRoutes, SANDBOX_PLAY_PATH } from './routes.js';
export { createSandboxProvider, SANDBOX_PROVIDER_VASSALAGE } from './service.js';
export type {
  OpenedGame,
  PlayedRound,
  SandboxErrorCode,
  SandboxProvider,
  SandboxResult,
} from './service-interface.js';
export { signSeamlessBody } from './signature.js';
