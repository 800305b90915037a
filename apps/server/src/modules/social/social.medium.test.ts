import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMerchant } from '../../../test/db-helpers.js';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import {
  signInAtProvider,
  startTestOidcProvider,
  type TestOidcProvider,
} from '../../../test/oidc-test-provider.js';
import { callApi, useTestApp } from '../../../test/test-app.js';
import { SOCIAL_COOKIE_NAME } from './index.js';
import { createSocialRepository } from './repository.js';

const SITE_HOST = 'site.test';
const CALLBACK = `http://${SITE_HOST}/wps/session/social/google/callback`;

describe('social sign-in with a real OpenID Connect provider', () => {
  const context = useTestApp();
  let provider: TestOidcProvider;

  async function setSocialSwitch(on: boolean) {
    await sql`
      UPDATE merchants SET white_label = white_label || jsonb_build_object('socialSignIn', ${on}::boolean)
      WHERE code = ${BASE_MERCHANT_CODE}
    `.execute(context.database.db);
  }

  beforeAll(async () => {
    provider = await startTestOidcProvider([CALLBACK]);
    // Before the app reads the merchant for the first time (merchant rows are cached).
    await setSocialSwitch(true);
    await createSocialRepository(context.database.db).saveProvider(BASE_MERCHANT_CODE, 'google', {
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      tokenEndpointAuthMethod: 'client_secret_post',
      scope: 'openid email profile',
    });
  });
  afterAll(async () => {
    await provider?.close();
  });

  /** A browser navigation to the site (no Merchant header: the host name picks it). */
  async function navigate(url: string, cookie?: string) {
    const response = await context.app.inject({
      method: 'GET',
      url,
      headers: { host: SITE_HOST, merchant: BASE_MERCHANT_CODE, ...(cookie ? { cookie } : {}) },
    });
    return {
      status: response.statusCode,
      location: String(response.headers.location ?? ''),
      headers: response.headers,
    };
  }

  /** Starts a sign-in; answers the provider URL and the browser cookie. */
  async function start(returnTo = '/') {
    const started = await navigate(
      `/wps/session/social/google/start?returnTo=${encodeURIComponent(returnTo)}`,
    );
    expect(started.status).toBe(302);
    const setCookie = String(started.headers['set-cookie']);
    const cookie = setCookie.split(';')[0] ?? '';
    expect(cookie.startsWith(`${SOCIAL_COOKIE_NAME}=`)).toBe(true);
    expect(setCookie).toContain('HttpOnly');
    return { providerUrl: new URL(started.location), cookie };
  }

  /** The whole journey up to the site's `?socialLogin=` redirect; answers that URL. */
  async function signIn(accountId: string, returnTo = '/') {
    const { providerUrl, cookie } = await start(returnTo);
    const back = await signInAtProvider(providerUrl.toString(), accountId);
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    const landed = await navigate(`${back.pathname}${back.search}`, cookie);
    expect(landed.status).toBe(302);
    return { landed: new URL(landed.location, `http://${SITE_HOST}`), cookie };
  }

  function exchange(code: string, cookie: string) {
    return callApi(context.app, 'POST', '/wps/session/social/exchange', {
      body: { code },
      headers: { cookie },
    });
  }

  it('lists the providers of the merchant', async () => {
    const response = await callApi(context.app, 'GET', '/wps/session/social/providers');
    expect(response.body).toEqual({ success: true, value: { providers: ['google'] } });
  });

  it('sends the browser to the provider with PKCE S256, state and nonce', async () => {
    const { providerUrl } = await start();
    expect(providerUrl.origin).toBe(provider.issuer);
    expect(providerUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(providerUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(providerUrl.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(providerUrl.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(providerUrl.searchParams.get('redirect_uri')).toBe(CALLBACK);
  });

  it('signs in a new member, who then reads its member info; a second sign-in is the same member', async () => {
    const { landed, cookie } = await signIn('alice', '/promotions?tab=1');
    expect(landed.pathname).toBe('/promotions');
    expect(landed.searchParams.get('tab')).toBe('1');
    const code = landed.searchParams.get('socialLogin') ?? '';
    const session = await exchange(code, cookie);
    expect(session.status).toBe(200);
    expect(session.body.value).toMatchObject({ firstTimeLogin: true, passwordExpired: false });
    const info = await callApi(context.app, 'GET', '/wps/member/info', {
      token: session.body.value.token,
    });
    expect(info.status).toBe(200);
    expect(info.body.value.account).toMatch(/^g_[a-z2-9]{10}$/);
    expect(info.body.value.nickname).toBe('Player alice');

    const again = await signIn('alice');
    const secondSession = await exchange(
      again.landed.searchParams.get('socialLogin') ?? '',
      again.cookie,
    );
    expect(secondSession.status).toBe(200);
    expect(secondSession.body.value.firstTimeLogin).toBe(false);
    const secondInfo = await callApi(context.app, 'GET', '/wps/member/info', {
      token: secondSession.body.value.token,
    });
    expect(secondInfo.body.value.id).toBe(info.body.value.id);

    const other = await signIn('bob');
    const otherSession = await exchange(
      other.landed.searchParams.get('socialLogin') ?? '',
      other.cookie,
    );
    const otherInfo = await callApi(context.app, 'GET', '/wps/member/info', {
      token: otherSession.body.value.token,
    });
    expect(otherInfo.body.value.id).not.toBe(info.body.value.id);
  });

  it('refuses a login code from another browser, and a replayed one', async () => {
    const { landed, cookie } = await signIn('carol');
    const code = landed.searchParams.get('socialLogin') ?? '';
    const otherBrowser = await exchange(code, `${SOCIAL_COOKIE_NAME}=${'A'.repeat(43)}`);
    expect(otherBrowser.body.errorCode).toBe('SOCIAL_LOGIN_CODE_INVALID');
    const noCookie = await exchange(code, '');
    expect(noCookie.body.errorCode).toBe('SOCIAL_LOGIN_CODE_INVALID');
    // Those tries did not spend it; the browser that signed in trades it once.
    expect((await exchange(code, cookie)).status).toBe(200);
    const replay = await exchange(code, cookie);
    expect(replay.status).toBe(400);
    expect(replay.body.errorCode).toBe('SOCIAL_LOGIN_CODE_INVALID');
  });

  it('refuses a replayed login code after a good exchange', async () => {
    const { landed, cookie } = await signIn('dave');
    const code = landed.searchParams.get('socialLogin') ?? '';
    expect((await exchange(code, cookie)).status).toBe(200);
    expect((await exchange(code, cookie)).body.errorCode).toBe('SOCIAL_LOGIN_CODE_INVALID');
  });

  it('refuses a bad state, a state from another browser, and a state used twice', async () => {
    const { providerUrl, cookie } = await start();
    const back = await signInAtProvider(providerUrl.toString(), 'erin');
    const code = back.searchParams.get('code') ?? '';
    const forged = await navigate(
      `/wps/session/social/google/callback?code=${code}&state=${'x'.repeat(43)}`,
      cookie,
    );
    expect(forged.location).toBe('/?socialError=SOCIAL_STATE_INVALID');
    const noCookie = await navigate(`${back.pathname}${back.search}`);
    expect(noCookie.location).toBe('/?socialError=SOCIAL_STATE_INVALID');
    const otherBrowser = await navigate(
      `${back.pathname}${back.search}`,
      `${SOCIAL_COOKIE_NAME}=${'B'.repeat(43)}`,
    );
    expect(otherBrowser.location).toBe('/?socialError=SOCIAL_STATE_INVALID');
    // Those tries did not spend the state; the browser that started uses it once.
    const good = await navigate(`${back.pathname}${back.search}`, cookie);
    expect(good.location).toMatch(/^\/\?socialLogin=/);
    const twice = await navigate(`${back.pathname}${back.search}`, cookie);
    expect(twice.location).toBe('/?socialError=SOCIAL_STATE_INVALID');
  });

  it('answers a provider error on the site', async () => {
    const { providerUrl, cookie } = await start('/casino');
    const state = providerUrl.searchParams.get('state') ?? '';
    const denied = await navigate(
      `/wps/session/social/google/callback?error=access_denied&state=${state}`,
      cookie,
    );
    expect(denied.location).toBe('/casino?socialError=SOCIAL_SIGN_IN_FAILED');
  });

  it('keeps returnTo on the site', async () => {
    for (const returnTo of ['https://evil.example/', '//evil.example/', '/\\evil.example']) {
      const { providerUrl, cookie } = await start(returnTo);
      const state = providerUrl.searchParams.get('state') ?? '';
      const denied = await navigate(
        `/wps/session/social/google/callback?error=x&state=${state}`,
        cookie,
      );
      expect(denied.location).toBe('/?socialError=SOCIAL_SIGN_IN_FAILED');
    }
  });

  it('is refused for a provider the merchant has not configured', async () => {
    const started = await navigate('/wps/session/social/facebook/start');
    expect(started.location).toBe('/?socialError=SOCIAL_SIGN_IN_DISABLED');
  });

  it('offers nothing while the merchant socialSignIn switch is off, even with a provider', async () => {
    await addMerchant(context.database.db, 'NOSOCIAL');
    await sql`
      UPDATE merchants SET white_label = white_label || '{"socialSignIn": false}'::jsonb
      WHERE code = 'NOSOCIAL'
    `.execute(context.database.db);
    await createSocialRepository(context.database.db).saveProvider('NOSOCIAL', 'google', {
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      tokenEndpointAuthMethod: 'client_secret_post',
      scope: 'openid',
    });
    const providers = await callApi(context.app, 'GET', '/wps/session/social/providers', {
      merchant: 'NOSOCIAL',
    });
    expect(providers.body.value).toEqual({ providers: [] });
    const response = await context.app.inject({
      method: 'GET',
      url: '/wps/session/social/google/start',
      headers: { host: SITE_HOST, merchant: 'NOSOCIAL' },
    });
    expect(response.headers.location).toBe('/?socialError=SOCIAL_SIGN_IN_DISABLED');
  });

  it('fails cleanly when the provider refuses our client (wrong secret)', async () => {
    await createSocialRepository(context.database.db).saveProvider(BASE_MERCHANT_CODE, 'google', {
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: 'not-the-secret',
      tokenEndpointAuthMethod: 'client_secret_post',
      scope: 'openid email profile',
    });
    try {
      const { providerUrl, cookie } = await start('/');
      const back = await signInAtProvider(providerUrl.toString(), 'frank');
      const landed = await navigate(`${back.pathname}${back.search}`, cookie);
      expect(landed.location).toBe('/?socialError=SOCIAL_SIGN_IN_FAILED');
    } finally {
      await createSocialRepository(context.database.db).saveProvider(BASE_MERCHANT_CODE, 'google', {
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        tokenEndpointAuthMethod: 'client_secret_post',
        scope: 'openid email profile',
      });
    }
  });

  it('authenticates with HTTP Basic at the token endpoint when configured so', async () => {
    await createSocialRepository(context.database.db).saveProvider(BASE_MERCHANT_CODE, 'google', {
      issuer: provider.issuer,
      clientId: provider.basicClientId,
      clientSecret: provider.clientSecret,
      tokenEndpointAuthMethod: 'client_secret_basic',
      scope: 'openid email profile',
    });
    try {
      const { landed, cookie } = await signIn('grace');
      const session = await exchange(landed.searchParams.get('socialLogin') ?? '', cookie);
      expect(session.status).toBe(200);
    } finally {
      await createSocialRepository(context.database.db).saveProvider(BASE_MERCHANT_CODE, 'google', {
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        tokenEndpointAuthMethod: 'client_secret_post',
        scope: 'openid email profile',
      });
    }
  });
});
