import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useJourney } from './support/journey.js';
import type { RunningServer } from './support/server.js';

/** Failures that make the 10th login wait 2^(9-5) = 16 s (LOGIN_FAILURES_BEFORE_DELAY = 5). */
const THROTTLING_FAILURES = 9;

const suffix = Date.now().toString(36).slice(-6);
const keeper = { username: `keep${suffix}`, password: 'secret123' };
const guesser = { username: `slow${suffix}`, password: 'secret123' };

async function register(server: RunningServer, player: { username: string; password: string }) {
  const response = await fetch(`${server.baseUrl}/wps/member/register`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      username: player.username,
      password: player.password,
      confirmPassword: player.password,
      login: false,
    }),
  });
  expect(response.status).toBe(200);
}

describe('free demo, remember me and login throttling', () => {
  const journey = useJourney('login-extras');

  beforeAll(async () => {
    const { server } = journey;
    await Promise.all([register(server, keeper), register(server, guesser)]);
  });

  /** A new page of the context on the home page, its errors watched. */
  async function openHome(context: BrowserContext): Promise<Page> {
    const page = journey.watch(await context.newPage());
    await page.goto(`${journey.server.baseUrl}/`);
    return page;
  }

  it('starts a free demo with play money; Deposit answers with the trial warning', async () => {
    const context = await journey.newContext();
    const page = await openHome(context);
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Free demo' }).click();
    await header.getByRole('button', { name: 'Account menu' }).waitFor();
    await header.getByText(/^demo_[a-hjkmnp-z2-9]{10}$/).waitFor();
    await header.getByText('1,000,000.00', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await header.getByRole('button', { name: 'Deposit' }).click();
    const warning = page.getByRole('dialog');
    await warning.getByText('Please register an account first').waitFor();
    await journey.screenshot(page, 'free-demo-trial-warning');
    await warning.getByRole('button', { name: 'Keep playing the demo' }).click();
    await warning.waitFor({ state: 'detached' });

    // The server refuses too, whatever the page shows (SPEC §6).
    const token = await page.evaluate(`sessionStorage.getItem('token')`);
    const refused = await fetch(`${journey.server.baseUrl}/wps/payments/methods`, {
      headers: { Authorization: String(token) },
    });
    expect(refused.status).toBe(403);
    await context.close();
  });

  it('remembers the login: a new tab within 24 hours logs in with one click', async () => {
    const context = await journey.newContext();
    const first = await openHome(context);
    await first.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    const dialog = first.getByRole('dialog');
    await dialog.getByLabel('Username').fill(keeper.username);
    await dialog.getByLabel('Password', { exact: true }).fill(keeper.password);
    await dialog.getByLabel('Remember me').check();
    await dialog.getByRole('button', { name: 'Login' }).click();
    await first.getByRole('banner').getByText(keeper.username, { exact: true }).waitFor();
    const cookies = await context.cookies();
    const remember = cookies.find((cookie) => cookie.name === 'remember');
    expect(remember).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/wps/session' });
    expect(JSON.stringify(await first.evaluate('({ ...localStorage })'))).not.toContain(
      keeper.password,
    );
    await first.close();

    // A new tab: no session storage, so no session; the cookie and the name are still there.
    const second = await openHome(context);
    const header = second.getByRole('banner');
    await header.getByRole('button', { name: 'Login' }).click();
    const panel = second.getByRole('dialog');
    await panel.getByText(`Welcome back, ${keeper.username}`).waitFor();
    await journey.screenshot(second, 'remembered-login');
    await panel.getByRole('button', { name: 'Log in' }).click();
    await header.getByText(keeper.username, { exact: true }).waitFor();
    // The cookie was used once and replaced.
    const rotated = (await context.cookies()).find((cookie) => cookie.name === 'remember');
    expect(rotated?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rotated?.value).not.toBe(remember?.value);
    await context.close();
  });

  it('tells a player whose account is under a login delay how long to wait', async () => {
    const db = await journey.pg();
    await db.query(
      `INSERT INTO login_failures (merchant_code, scope, key)
       SELECT 'DEMO', 'username', $1 FROM generate_series(1, $2::int)`,
      [guesser.username, THROTTLING_FAILURES],
    );
    const context = await journey.newContext();
    const page = await openHome(context);
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username').fill(guesser.username);
    await dialog.getByLabel('Password', { exact: true }).fill(guesser.password);
    const answered = page.waitForResponse((response) =>
      response.url().endsWith('/wps/session/login'),
    );
    await dialog.getByRole('button', { name: 'Login' }).click();
    expect((await answered).status()).toBe(429);
    const alert = dialog.getByRole('alert');
    await alert.getByText('Too many failed logins', { exact: false }).waitFor();
    expect(await alert.textContent()).toMatch(/\. Try again in \d+ (seconds|minutes)\.$/);
    await journey.screenshot(page, 'login-throttled');
    await context.close();
    expect(journey.pageErrors).toEqual([]);
  });
});
