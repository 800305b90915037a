import type { Authenticate } from '../../http/call-route.js';
import { sessionTokenOf } from '../../http/session-token.js';
import { merchantOf } from '../system/index.js';
import type { AdminService } from './service.js';

/** Operator calls accept only operator sessions; a member's token is no token here. */
export function createOperatorAuthenticate(admin: AdminService): Authenticate {
  return async (request) => {
    request.operator = await admin.authenticate(sessionTokenOf(request), merchantOf(request).code);
  };
}
