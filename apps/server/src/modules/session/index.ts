export {
  authOf,
  createAuthenticate,
  isAgentType,
  requireAgent,
  requireRealMember,
  TRIAL_MEMBER_TYPE,
} from './guard.js';
export {
  createLoginService,
  LOGIN_PER_IP_LIMIT,
  type LoginClient,
  type LoginService,
  type StartedSession,
} from './login-service.js';
export {
  type ActiveLogin,
  createSessionRepository,
  type LoginFailureReason,
  type LoginFailureRecord,
  type LoginRecord,
} from './repository.js';
export { registerSessionRoutes } from './routes.js';
export { type AuthContext, createSessionService, type SessionService } from './service.js';
export {
  createSessionCache,
  SESSION_CACHE_MAX_ENTRIES,
  SESSION_CACHE_TTL_MS,
  SESSIONS_CHANGED_CHANNEL,
  type SessionCache,
} from './session-cache.js';
export { watchSessionChanges } from './sessions-watch.js';
export { generateSessionToken, hashSessionToken, SESSION_TOKEN_PATTERN } from './token.js';
