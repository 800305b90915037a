import { adminLogoutCall, adminSessionCall } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { logoutRoute, sessionRoute } from './shell-calls';

describe("the shell's schema-free routes", () => {
  it('match the contract', () => {
    for (const [route, call] of [
      [sessionRoute, adminSessionCall],
      [logoutRoute, adminLogoutCall],
    ] as const) {
      expect({ method: route.method, path: route.path, auth: route.auth }).toEqual({
        method: call.method,
        path: call.path,
        auth: call.auth,
      });
    }
  });
});
