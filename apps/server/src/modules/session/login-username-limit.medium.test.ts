import { describe, expect, it } from 'vitest';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';
import { LOGIN_PER_USERNAME_LIMIT } from './routes.js';

/** The same name in full-width letters and digits (U+FF01..U+FF5E), which NFKC folds back. */
function fullWidth(text: string): string {
  return [...text].map((char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0)).join('');
}

describe('per-username login limit', () => {
  const context = useTestApp();

  it('counts a full-width spelling in the same bucket as the plain name', async () => {
    const username = uniqueUsername('bucket');
    // Each call comes from a new address, so only the per-username limit can answer.
    for (let attempt = 0; attempt < LOGIN_PER_USERNAME_LIMIT.limit; attempt += 1) {
      const response = await callApi(context.app, 'POST', '/wps/session/login', {
        body: { username, password: 'wrong-password' },
      });
      expect(response.body.errorCode).not.toBe('RATE_LIMITED');
    }
    const response = await callApi(context.app, 'POST', '/wps/session/login', {
      body: { username: fullWidth(username), password: 'wrong-password' },
    });
    expect(response.status).toBe(429);
    expect(response.body).toMatchObject({ success: false, errorCode: 'RATE_LIMITED' });
  });
});
