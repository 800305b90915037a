import type { adminLogoutCall, adminSessionCall } from '@app/contract';
import { callRoute } from './api-client';

/**
 * The calls of the console's shell, as routes without schemas (lib/api-client.ts `CallRoute`).
 * shell-calls.test.ts checks them against the contract's definitions.
 */
export const sessionRoute = callRoute<typeof adminSessionCall>({
  method: 'GET',
  path: '/admin/session',
  auth: true,
});

export const logoutRoute = callRoute<typeof adminLogoutCall>({
  method: 'POST',
  path: '/admin/session/logout',
  auth: true,
});
