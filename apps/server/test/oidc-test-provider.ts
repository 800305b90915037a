import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './free-port.js';

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** A second client (same secret) that authenticates with HTTP Basic at the token endpoint. */
  basicClientId: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (`oidc-provider`) on 127.0.0.1 with one confidential client
 * for our callback URLs. Its development login page takes any login as the account id; every
 * account is `Player <id>` with a verified e-mail `<id>@example.test`.
 */
export async function startTestOidcProvider(redirectUris: string[]): Promise<TestOidcProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'betting-site';
  const clientSecret = 'test-client-secret-0123456789abcdef';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
      {
        client_id: `${clientId}-basic`,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    // Claims in the ID token itself, as Google puts them there.
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
    findAccount: async (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async () => ({
        sub: id,
        name: `Player ${id}`,
        email: `${id}@example.test`,
        email_verified: true,
      }),
    }),
  });
  // The provider warns about its development defaults; the tests want them.
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider error', error));
  const server: Server = provider.listen(port, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    issuer,
    clientId,
    clientSecret,
    basicClientId: `${clientId}-basic`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Cookies of one host, enough for the provider's interaction and session cookies. */
class CookieJar {
  private readonly values = new Map<string, string>();
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 1) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line))
        this.values.delete(name);
      else this.values.set(name, value);
    }
  }
  header(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const MAX_PROVIDER_STEPS = 20;

/**
 * Plays the person at the provider: follows its redirects, fills the development login form
 * with `accountId`, accepts the consent form, and answers the URL the provider sends the
 * browser back to (our callback, outside the provider).
 */
export async function signInAtProvider(authorizationUrl: string, accountId: string): Promise<URL> {
  const jar = new CookieJar();
  const origin = new URL(authorizationUrl).origin;
  let request: { url: string; form?: URLSearchParams } = { url: authorizationUrl };
  for (let step = 0; step < MAX_PROVIDER_STEPS; step += 1) {
    const response = await fetch(request.url, {
      method: request.form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(request.form ? { body: request.form } : {}),
    });
    jar.store(response);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, request.url);
      if (next.origin !== origin) return next;
      request = { url: next.toString() };
      continue;
    }
    const html = await response.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    const prompt = html.match(/name="prompt" value="([^"]+)"/)?.[1];
    if (!action || !prompt)
      throw new Error(`provider page without a form (${response.status}): ${html.slice(0, 300)}`);
    const form = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      form.set('login', accountId);
      form.set('password', 'any-password');
    }
    request = { url: new URL(action.replaceAll('&amp;', '&'), request.url).toString(), form };
  }
  throw new Error('the provider did not send the browser back');
}
