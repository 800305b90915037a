import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { Authenticate } from '../../http/call-route.js';
import { sessionTokenOf } from '../../http/session-token.js';
import { merchantOf } from '../system/index.js';
import type { AuthContext, SessionService } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function createAuthenticate(sessions: SessionService): Authenticate {
  return async (request) => {
    request.auth = await sessions.authenticate(sessionTokenOf(request), merchantOf(request).code);
  };
}

/** The session of a request on a call marked `auth`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('SESSION_REQUIRED');
  return request.auth;
}
