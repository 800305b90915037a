import { describe, expect, it } from 'vitest';
import { useJourney } from './support/journey.js';
import { dismissAutoDialogs } from './support/site.js';

const suffix = Date.now().toString(36).slice(-6);
const firstPlayer = { username: `alice${suffix}`, password: 'secret123' };
const secondPlayer = { username: `bob${suffix}`, password: 'hunter456' };
/** How late each script arrives in the case of a visitor who types before the scripts run. */
const SLOW_SCRIPT_DELAY_MS = 1_500;

describe('a player registers, logs in, sees the balance and logs out', () => {
  const journey = useJourney('player-journey');
  const header = () => journey.page.getByRole('banner');
  const dialog = () => journey.page.getByRole('dialog');

  async function expectLoggedInAs(username: string) {
    await header().getByRole('button', { name: 'Account menu' }).waitFor();
    await header().getByText(username, { exact: true }).waitFor();
    await header().getByText('0.00', { exact: true }).waitFor();
  }

  async function signOut() {
    const { page } = journey;
    await header().getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await header().getByRole('button', { name: 'Login' }).waitFor();
  }

  it('shows the home frame in the dark theme, and keeps the light one when chosen', async () => {
    const { page, server } = journey;
    await page.goto(`${server.baseUrl}/`);
    await header().getByRole('button', { name: 'Login' }).waitFor();
    await header().getByRole('button', { name: 'Register' }).waitFor();
    await page.getByRole('navigation', { name: 'Main menu' }).getByText('Home').waitFor();
    await page.getByText(`© ${new Date().getFullYear()}`, { exact: false }).waitFor();

    const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme');
    expect(await scheme()).toBe('dark');
    // A tap before the page's scripts have run is held and answered once they have: the
    // toggle's new name says when.
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    expect(await scheme()).toBe('light');
    expect(await page.evaluate(`localStorage.getItem('theme')`)).toBe('light');
    await page.reload();
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    expect(await scheme()).toBe('light');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    expect(await scheme()).toBe('dark');
  });

  it('checks what was typed into the painted /register before its scripts ran, once they have', async () => {
    const early = await journey.newPage();
    // The scripts arrive late, as on a slow phone: the page the server painted is there first.
    await early.route(/\/assets\/.*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_SCRIPT_DELAY_MS));
      await route.continue();
    });
    await early.goto(`${journey.server.baseUrl}/register`);
    await early.getByRole('heading', { name: 'Create account' }).waitFor();
    const form = early.getByRole('main');
    await form.getByLabel('Username').fill('1bad');
    await form.getByLabel('Password', { exact: true }).fill(firstPlayer.password);
    await form.getByLabel('Confirm password').fill('different1');
    await form.getByLabel('Username').click();
    // Nothing has checked them yet; once the form is hydrated, both are, as if left.
    await form.getByText('The passwords do not match').waitFor();
    expect(await form.getByLabel('Username').getAttribute('aria-invalid')).toBe('true');
    await early.close();
  });

  it('registers on /register, checking the merchant rule before sending', async () => {
    const { page, server } = journey;
    await page.goto(`${server.baseUrl}/register`);
    await page.getByRole('heading', { name: 'Create account' }).waitFor();
    const form = page.getByRole('main');
    await form.getByLabel('Username').fill('1bad');
    await form.getByLabel('Password', { exact: true }).click();
    await form.getByText('Please enter 6-16 letters and digits, starting with a letter').waitFor();

    await form.getByLabel('Username').fill(firstPlayer.username);
    await form.getByLabel('Password', { exact: true }).fill(firstPlayer.password);
    await form.getByLabel('Confirm password').fill('different1');
    await form.getByLabel('Username').click();
    await form.getByText('The passwords do not match').waitFor();
    await form.getByLabel('Confirm password').fill(firstPlayer.password);
    expect(await form.getByRole('checkbox').isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Register' }).click();

    await dialog().getByText('Registered successfully').waitFor();
    await dialog().getByRole('button', { name: 'OK' }).click();
    // A new member has the welcome promotion to claim: the after-login rewards come next.
    await dismissAutoDialogs(page);
    expect(new URL(page.url()).pathname).toBe('/');
    await expectLoggedInAs(firstPlayer.username);
  });

  it('hides, shows and refreshes the balance, and stays logged in on reload', async () => {
    const { page } = journey;
    await header().getByRole('button', { name: 'Hide balance' }).click();
    await header().getByText('***', { exact: true }).waitFor();
    expect(await header().getByText('0.00', { exact: true }).count()).toBe(0);
    await header().getByRole('button', { name: 'Show balance' }).click();
    await header().getByText('0.00', { exact: true }).waitFor();
    const refreshed = page.waitForResponse((response) =>
      response.url().endsWith('/wps/v2/wallets/balance'),
    );
    await header().getByRole('button', { name: 'Refresh balance' }).click();
    expect((await refreshed).status()).toBe(200);

    await page.reload();
    await expectLoggedInAs(firstPlayer.username);
    expect(await page.evaluate(`sessionStorage.getItem('token')`)).toMatch(/^[\w-]{43}$/);
  });

  it('asks before signing out, and signs out on submit', async () => {
    const { page } = journey;
    await header().getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await dialog().getByText('Prompt').waitFor();
    await dialog().getByText('Are you sure to sign out?').waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
    await expectLoggedInAs(firstPlayer.username);

    await signOut();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(`sessionStorage.getItem('token')`)).toBeNull();
  });

  it('registers in the modal from the header', async () => {
    const { page } = journey;
    await header().getByRole('button', { name: 'Register' }).click();
    const modal = dialog();
    await modal.getByLabel('Username').fill(secondPlayer.username);
    await modal.getByLabel('Password', { exact: true }).fill(secondPlayer.password);
    await modal.getByLabel('Confirm password').fill(secondPlayer.password);
    await modal.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Registered successfully').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await dismissAutoDialogs(page);
    await expectLoggedInAs(secondPlayer.username);
    await signOut();
  });

  it('logs in through the modal, after a wrong password is refused', async () => {
    const { page } = journey;
    await header().getByRole('button', { name: 'Login' }).click();
    await dialog().getByLabel('Username').waitFor();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });

    await header().getByRole('button', { name: 'Login' }).click();
    const modal = dialog();
    await modal.getByLabel('Username').fill(firstPlayer.username);
    await modal.getByLabel('Password', { exact: true }).fill('wrong-password1');
    await modal.getByRole('button', { name: 'Login' }).click();
    await modal.getByText('Incorrect username or password').waitFor();

    await modal.getByLabel('Password', { exact: true }).fill(firstPlayer.password);
    await modal.getByRole('button', { name: 'Login' }).click();
    await dismissAutoDialogs(page);
    await dialog().waitFor({ state: 'detached' });
    await expectLoggedInAs(firstPlayer.username);
  });

  it('switches the language between English and Vietnamese', async () => {
    const { page } = journey;
    await page.getByRole('button', { name: 'Tiếng Việt' }).click();
    await page.getByRole('navigation').getByText('Trang chủ').waitFor();
    expect(await page.evaluate(`localStorage.getItem('lang')`)).toMatch(/^vi$/i);
    // The stored choice holds across a reload (its texts load before the first paint).
    await page.reload();
    await page.getByRole('navigation').getByText('Trang chủ').waitFor();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('navigation').getByText('Home').waitFor();
  });

  it('shows a not-found page for an unknown address', async () => {
    const { page, server } = journey;
    await page.goto(`${server.baseUrl}/no/such/page`);
    await page.getByText('Page not found').waitFor();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await header().getByRole('button', { name: 'Account menu' }).waitFor();
    expect(journey.pageErrors).toEqual([]);
  });
});
