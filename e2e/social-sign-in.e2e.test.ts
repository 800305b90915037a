import { beforeAll, describe, expect, it } from 'vitest';
import {
  startTestOidcProvider,
  type TestOidcProvider,
} from '../apps/server/test/oidc-test-provider.js';
import { useJourney } from './support/journey.js';

describe('social sign-in: Continue with Google against a real OpenID Connect provider', () => {
  const journey = useJourney('social-sign-in');
  let provider: TestOidcProvider;

  beforeAll(async () => {
    const { server } = journey;
    provider = await startTestOidcProvider([
      `${server.baseUrl}/wps/session/social/google/callback`,
    ]);
    journey.onTeardown(() => provider.close());
    // The demo merchant offers Google through the local provider. Nothing has asked the
    // server for the merchant yet (only /readyz), so its 10 s merchant cache holds nothing.
    const db = await journey.pg();
    await db.query(
      `UPDATE merchants SET white_label = white_label || '{"socialSignIn": true}'::jsonb WHERE code = 'DEMO'`,
    );
    await db.query(
      `INSERT INTO social_providers (merchant_code, provider, config) VALUES ('DEMO', 'google', $1)`,
      [
        JSON.stringify({
          issuer: provider.issuer,
          clientId: provider.clientId,
          clientSecret: provider.clientSecret,
          tokenEndpointAuthMethod: 'client_secret_post',
          scope: 'openid email profile',
        }),
      ],
    );
  });

  const header = () => journey.page.getByRole('banner');
  const dialog = () => journey.page.getByRole('dialog').last();

  it('shows Continue with Google on the login form, signs in at the provider and lands logged in', async () => {
    const { page, server } = journey;
    await page.goto(`${server.baseUrl}/`);
    // The register form offers it too (SPEC §2).
    await header().getByRole('button', { name: 'Register' }).click();
    await dialog().getByRole('link', { name: 'Continue with Google' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await header().getByRole('button', { name: 'Login' }).click();
    const google = dialog().getByRole('link', { name: 'Continue with Google' });
    await google.waitFor();
    // Only configured providers show.
    expect(await dialog().getByRole('link', { name: 'Continue with Facebook' }).count()).toBe(0);
    await journey.screenshot(page, 'social-login-form');
    await google.click();

    // The provider's own (development) login and consent pages.
    await page.waitForURL(`${provider.issuer}/**`);
    await page.getByPlaceholder('Enter any login').fill('e2e-player');
    await page.getByPlaceholder('and password').fill('any-password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Back on the site: logged in, and the one-time code is gone from the address.
    await header().getByRole('button', { name: 'Account menu' }).waitFor();
    await expect
      .poll(() => header().getByTestId('header-account').textContent())
      .toMatch(/^g_[a-z2-9]{10}$/);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await journey.screenshot(page, 'social-logged-in');
    expect(journey.pageErrors).toEqual([]);
  });

  it('shows a translated error when the site is sent back with one', async () => {
    const { page, server } = journey;
    await page.goto(`${server.baseUrl}/?socialError=SOCIAL_STATE_INVALID`);
    await page
      .getByRole('alert')
      .getByText('The sign-in link has expired, please try again')
      .waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
  });
});
