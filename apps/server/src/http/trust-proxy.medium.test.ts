import { describe, expect, it } from 'vitest';
import { callApi, uniqueUsername, useTestApp } from '../../test/test-app.js';
import { LOGIN_PER_IP_LIMIT } from '../modules/session/index.js';

/** The proxy in front of the server, on this machine; it appends the address it saw. */
const PROXY_ADDRESS = '127.0.0.1';
const CLIENT_ADDRESS = '203.0.113.9';

describe('behind one trusted proxy (TRUST_PROXY=true)', () => {
  const context = useTestApp({ trustProxy: true });

  it('takes the address the proxy saw, not one the client wrote into X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= LOGIN_PER_IP_LIMIT.limit; attempt += 1) {
      const response = await callApi(context.app, 'POST', '/wps/session/login', {
        ip: PROXY_ADDRESS,
        // Each try claims a new address of its own; the proxy appends the real one.
        headers: { 'x-forwarded-for': `10.1.${attempt}.1, ${CLIENT_ADDRESS}` },
        body: { username: uniqueUsername('spoof'), password: 'wrong-password-1' },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, LOGIN_PER_IP_LIMIT.limit)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });
});
