import type { FastifyRequest } from 'fastify';
import type { Authenticate } from '../../http/call-route.js';
import { merchantOf } from '../system/index.js';
import type { AdminService } from './service.js';

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization?.trim();
  return header ? header.replace(/^Bearer\s+/i, '') : undefined;
}

/** Operator calls accept only operator sessions; a member's token is no token here. */
export function createOperatorAuthenticate(admin: AdminService): Authenticate {
  return async (request) => {
    request.operator = await admin.authenticate(tokenOf(request), merchantOf(request).code);
  };
}
