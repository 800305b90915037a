export { createOidcClient, type OidcClient } from './oidc-client.js';
export {
  registerSocialRoutes,
  SOCIAL_COOKIE_NAME,
  SOCIAL_PATH,
  type SocialRouteDeps,
} from './routes.js';
export {
  createSocialService,
  SOCIAL_LOGIN_CODE_TTL_MS,
  SOCIAL_STATE_TTL_MS,
  type SocialService,
  safeReturnTo,
} from './service.js';
export {
  type SocialProvider,
  type SocialProviderConfig,
  socialProviderConfigSchema,
} from './settings.js';
