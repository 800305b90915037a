import {
  type AdminRouteAccess,
  adminRoutePermissions,
  adminRoutes,
  type CallDefinition,
  roleAllows,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.js';
import {
  type Authenticate,
  createCallRegistrar,
  type RegisterCall,
} from '../../http/call-route.js';
import { sessionTokenOf } from '../../http/session-token.js';
import { merchantOf } from '../system/index.js';
import { totpEnrolled } from './operator-access.js';
import type { AdminService } from './service.js';
import { csrfMatches, sessionCookieOf } from './session-cookie.js';

/** The access each admin route needs, by `METHOD path`, from the contract's table. */
const accessByRoute = new Map<string, AdminRouteAccess>(
  Object.entries(adminRoutes).map(([name, route]) => [
    `${route.method} ${route.path}`,
    adminRoutePermissions[name as keyof typeof adminRoutes],
  ]),
);

/** The access the contract gives an admin call; a call missing from the table never registers. */
export function accessOf(call: Pick<CallDefinition, 'method' | 'path'>): AdminRouteAccess {
  const access = accessByRoute.get(`${call.method} ${call.path}`);
  if (!access) throw new Error(`admin call ${call.method} ${call.path} has no permission`);
  return access;
}

/**
 * Operator calls accept only operator sessions: the `Authorization` header (API clients; no
 * CSRF, browsers never send it on their own) or the session cookie, which on any call but a
 * GET must come with the session's CSRF token. Then, unless the call is one of the session's
 * own, TOTP must be enrolled and the role must hold the call's permission.
 */
export function createOperatorAuthenticate(
  admin: AdminService,
  access: Exclude<AdminRouteAccess, 'public'>,
): Authenticate {
  return async (request) => {
    const headerToken = sessionTokenOf(request);
    const token = headerToken ?? sessionCookieOf(request);
    const granted = await admin.authenticate(token, merchantOf(request).code, request.ip);
    if (
      headerToken === undefined &&
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      !csrfMatches(granted.token, request.headers['x-csrf-token'])
    ) {
      throw new AppError('CSRF_REJECTED');
    }
    request.operator = granted.operator;
    request.operatorAccess = granted;
    // A platform operator acting on another merchant: every call runs for that merchant.
    if (granted.actingMerchant) request.merchant = granted.actingMerchant;
    if (access === 'session') return;
    const { operator } = granted;
    if (!totpEnrolled(operator) && !operator.totpExempt) {
      throw new AppError('TOTP_ENROLMENT_REQUIRED');
    }
    if (!roleAllows(operator.role, access)) throw new AppError('FORBIDDEN');
  };
}

/**
 * Registers admin calls, each behind the guard with its own permission from the contract's
 * table: a route cannot be registered without one.
 */
export function createAdminCallRegistrar(app: FastifyInstance, admin: AdminService): RegisterCall {
  const publicRegistrar = createCallRegistrar(app, async () => {});
  return (call, handler) => {
    const access = accessOf(call);
    if (access === 'public') {
      if (call.auth) throw new Error(`admin call ${call.path} is public but marked auth`);
      publicRegistrar(call, handler);
      return;
    }
    createCallRegistrar(app, createOperatorAuthenticate(admin, access))(call, handler);
  };
}
