import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSigningKey, unsignedToken } from '../../../test/identity-helpers.js';
import { createOidcClient } from './oidc-client.js';
import type { SocialProviderConfig } from './settings.js';

/**
 * The ID token checks of the relying party, against a fake provider on 127.0.0.1 whose token
 * endpoint answers whatever ID token the test puts in `nextIdToken`.
 */
describe('OIDC client: ID token checks', () => {
  let server: Server;
  let issuer: string;
  let key: Awaited<ReturnType<typeof testSigningKey>>;
  let nextIdToken = '';
  const clientId = 'site-client';
  const nonce = 'the-nonce';

  beforeAll(async () => {
    key = await testSigningKey();
    server = createServer((request, response) => {
      const reply = (body: unknown, status = 200) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.url === '/.well-known/openid-configuration') {
        return reply({
          issuer,
          authorization_endpoint: `${issuer}/auth`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
        });
      }
      if (request.url === '/jwks') return reply(key.jwks);
      if (request.url === '/token') return reply({ access_token: 'x', id_token: nextIdToken });
      return reply({ error: 'not_found' }, 404);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  function config(): SocialProviderConfig {
    return {
      issuer,
      clientId,
      clientSecret: 'secret',
      tokenEndpointAuthMethod: 'client_secret_post',
      scope: 'openid',
    };
  }

  function claims(changes: Record<string, unknown> = {}) {
    const nowSeconds = Math.floor(Date.now() / 1000);
    return {
      iss: issuer,
      aud: clientId,
      sub: 'subject-1',
      nonce,
      iat: nowSeconds,
      exp: nowSeconds + 600,
      ...changes,
    };
  }

  async function exchangeWith(idToken: string) {
    nextIdToken = idToken;
    return createOidcClient().exchangeCode(config(), {
      code: 'c',
      redirectUri: 'http://site/cb',
      codeVerifier: 'v',
      nonce,
    });
  }

  it('accepts a good ID token', async () => {
    const payload = await exchangeWith(await key.sign(claims({ name: 'Ann' })));
    expect(payload.sub).toBe('subject-1');
    expect(payload.name).toBe('Ann');
  });

  it.each([
    ['another nonce', { nonce: 'other' }],
    ['no nonce', { nonce: undefined }],
    ['another audience', { aud: 'other-client' }],
    ['several audiences without azp', { aud: [clientId, 'other'] }],
    ['another issuer', { iss: 'https://evil.example' }],
    ['expired', { exp: Math.floor(Date.now() / 1000) - 600 }],
    ['no subject', { sub: undefined }],
  ])('refuses %s', async (_name, changes) => {
    await expect(exchangeWith(await key.sign(claims(changes)))).rejects.toMatchObject({
      errorCode: 'SOCIAL_SIGN_IN_FAILED',
    });
  });

  it('refuses alg none, HS256 and another key', async () => {
    const other = await testSigningKey(key.kid);
    const hs256 = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256', kid: key.kid })
      .sign(new TextEncoder().encode('secret'));
    for (const token of [unsignedToken(claims()), hs256, await other.sign(claims())]) {
      await expect(exchangeWith(token)).rejects.toMatchObject({
        errorCode: 'SOCIAL_SIGN_IN_FAILED',
      });
    }
  });

  it('refuses a discovery document for another issuer', async () => {
    const client = createOidcClient();
    await expect(
      client.authorizationUrl(
        { ...config(), issuer: `${issuer}/` },
        { redirectUri: 'http://site/cb', state: 's', nonce: 'n', codeChallenge: 'c' },
      ),
    ).rejects.toMatchObject({ errorCode: 'SOCIAL_SIGN_IN_FAILED' });
  });
});
