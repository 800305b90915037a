import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { Authenticate } from '../../http/call-route.js';
import { merchantOf } from '../system/index.js';
import type { AuthContext, SessionService } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The raw token of the Authorization header (SPEC: no scheme); a `Bearer ` prefix is tolerated. */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization?.trim();
  if (!header) return undefined;
  return header.replace(/^Bearer\s+/i, '');
}

export function createAuthenticate(sessions: SessionService): Authenticate {
  return async (request) => {
    request.auth = await sessions.authenticate(tokenOf(request), merchantOf(request).code);
  };
}

/** The session of a request on a call marked `auth`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('SESSION_REQUIRED');
  return request.auth;
}
