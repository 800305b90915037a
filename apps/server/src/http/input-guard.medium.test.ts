import { describe, expect, it } from 'vitest';
import { callApi, uniqueUsername, useTestApp } from '../../test/test-app.js';

describe('input guard (NUL bytes, deep JSON)', () => {
  const context = useTestApp({ rateLimit: async () => {} });

  it('answers 400 VALIDATION_FAILED for a NUL byte in a login username', async () => {
    const response = await callApi(context.app, 'POST', '/wps/session/login', {
      body: { username: 'demo\u0000user', password: 'secret123' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, errorCode: 'VALIDATION_FAILED' });
  });

  it('answers 400 for a NUL byte in a query string (game search, affiliate check)', async () => {
    for (const url of [
      '/wps/relay/GCSGAME_gameList?gameName=a%00b',
      '/wps/agent/affiliate?code=ab%00cd',
    ]) {
      const response = await callApi(context.app, 'GET', url);
      expect(response.status, url).toBe(400);
      expect(response.body).toMatchObject({ success: false, errorCode: 'VALIDATION_FAILED' });
    }
  });

  it('answers 400 for a NUL byte in the body of a call with a session (feedback)', async () => {
    const username = uniqueUsername('nul');
    const registered = await callApi(context.app, 'PUT', '/wps/member/register', {
      body: { username, password: 'secret123', confirmPassword: 'secret123' },
    });
    const token: string = registered.body.value.session.token;
    const response = await callApi(context.app, 'PUT', '/wps/feedback', {
      token,
      body: { content: `A long enough feedback text\u0000 with a NUL byte inside it.` },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, errorCode: 'VALIDATION_FAILED' });
  });

  it('answers 400 for a NUL byte in a header the server reads', async () => {
    const response = await callApi(context.app, 'GET', '/wps/agent/affiliate?code=abc', {
      merchant: 'DE\u0000MO',
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, errorCode: 'VALIDATION_FAILED' });
  });

  it('answers 400 for JSON nested deeper than the bound in builtin game params', async () => {
    // Within the play call's 2 KB body limit, far past JSON_BODY_MAX_DEPTH.
    const deep = `${'['.repeat(500)}${']'.repeat(500)}`;
    const response = await context.app.inject({
      method: 'POST',
      url: '/wps/builtin/play',
      headers: { merchant: 'DEMO', 'content-type': 'application/json' },
      payload: `{"gameSession":"x","clientRoundId":"r1","params":${deep}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'VALIDATION_FAILED' });
  });

  it('answers JSON nested 5,000 deep with the envelope, over HTTP, and stays up', async () => {
    const baseUrl = await context.app.listen({ port: 0, host: '127.0.0.1' });
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    for (const url of ['/wps/builtin/play', '/wps/member/feedback']) {
      const response = await fetch(`${baseUrl}${url}`, {
        method: 'POST',
        headers: { merchant: 'DEMO', 'content-type': 'application/json' },
        body: `{"gameSession":"x","clientRoundId":"r1","params":${deep}}`,
      });
      // Too deep (400) or, past the call's body limit, too large (413): never a 500.
      expect([400, 413]).toContain(response.status);
      expect(await response.json()).toMatchObject({ success: false });
    }
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
  });

  it('still refuses a __proto__ key as invalid JSON input', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { merchant: 'DEMO', 'content-type': 'application/json' },
      payload: '{"username":"a","password":"b","__proto__":{"x":1}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false });
  });
});

describe('session before validation', () => {
  const context = useTestApp({ rateLimit: async () => {} });

  it("answers a guest's malformed launch request with 401, not a schema 400", async () => {
    const response = await callApi(context.app, 'POST', '/wps/game/launchGame', {
      body: { nonsense: true },
    });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false, errorCode: 'SESSION_REQUIRED' });
  });
});
