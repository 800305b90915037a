export { seedSandboxProviderSecret } from './demo-seed.js';
export {
  DICE_DUEL_ROOMS,
  LUCKY_WHEEL_RTP_BP,
  SANDBOX_GAME_CODES,
  type SandboxGameCode,
} from './games.js';
export { createPlatformClient, type PlatformClient } from './platform-client.js';
export {
  createSandboxProviderRepository,
  type SandboxProviderRepository,
} from './repository.js';
export { registerSandboxProviderRoutes, SANDBOX_PLAY_PATH } from './routes.js';
export {
  createSandboxProvider,
  SANDBOX_PROVIDER_VASSALAGE,
  type SandboxProvider,
} from './service.js';
export { signSeamlessBody } from './signature.js';
