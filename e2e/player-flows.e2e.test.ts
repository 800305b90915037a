import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, useJourney } from './support/journey.js';

/**
 * What a first-time player tripped over (issue 22, items 2, 6, 9, 11, 13 and 14): each step
 * walks the trip on the built site and fails if it comes back.
 */
describe('a first-time player finds their way (issue 22)', () => {
  const journey = useJourney('player-flows');

  async function openHome(viewport = DESKTOP_VIEWPORT): Promise<Page> {
    const page = await journey.newPage({ viewport });
    await page.goto(`${journey.server.baseUrl}/`);
    return page;
  }

  async function startDemo(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Free demo' }).first().click();
    await page.getByRole('banner').getByTestId('demo-badge').waitFor();
  }

  it('2: the free demo shows a badge, says what it can do and leads to registration', async () => {
    const page = await openHome();
    await startDemo(page);
    const header = page.getByRole('banner');
    await journey.screenshot(page, '2-demo-badge-desktop');
    await header.getByRole('button', { name: 'Deposit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Please register an account first').waitFor();
    await dialog.getByText(/cannot deposit, withdraw, use the member centre/).waitFor();
    await journey.screenshot(page, '2-demo-explained-desktop');
    await dialog.getByRole('button', { name: 'Create a real account' }).click();
    // The demo session is over and the registration form is open, with no sign-out first.
    await page.getByRole('dialog').getByLabel('Confirm password').waitFor();
    expect(await page.evaluate(`sessionStorage.getItem('token')`)).toBeNull();
    await header.getByRole('button', { name: 'Login' }).waitFor();
    await page.context().close();

    const phone = await openHome(PHONE_VIEWPORT);
    await startDemo(phone);
    await phone.getByRole('banner').getByTestId('demo-badge').click();
    await phone
      .getByRole('dialog')
      .getByRole('button', { name: 'Keep playing the demo' })
      .waitFor();
    await journey.screenshot(phone, '2-demo-explained-phone');
    await phone.context().close();
  });

  it('6: a new tab of the same browser joins the login, and signing out signs out every tab', async () => {
    const first = await openHome();
    const { username, header } = await journey.registerMember(first, 'tabs');
    const context = first.context();
    // A new tab (the game's verify link opens one) starts with empty session storage.
    const second = journey.watch(await context.newPage());
    await second.goto(`${journey.server.baseUrl}/verify?game=inh-dice`);
    await second.getByRole('banner').getByText(username, { exact: true }).waitFor();
    expect(await second.evaluate('JSON.stringify({ ...localStorage })')).not.toContain(
      String(await first.evaluate(`sessionStorage.getItem('token')`)),
    );
    await journey.screenshot(second, '6-verify-tab-joined');

    await header.getByRole('button', { name: 'Account menu' }).click();
    await first.getByRole('menuitem', { name: 'Sign out' }).click();
    await first.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
    await header.getByRole('button', { name: 'Login' }).waitFor();
    await second.getByRole('banner').getByRole('button', { name: 'Login' }).waitFor();
    expect(await second.evaluate(`sessionStorage.getItem('token')`)).toBeNull();
    await context.close();
  });

  it('9: withdrawal asks for the payment password and the bank up front, the bank from a list', async () => {
    const page = await openHome();
    const { header } = await journey.registerMember(page, 'draw');
    await header.getByRole('button', { name: 'Withdraw' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('payment-password-form').waitFor();
    await dialog.getByLabel('Bank name').click();
    await page.getByRole('option', { name: 'BIDV', exact: true }).click();
    await journey.screenshot(page, '9-withdrawal-up-front-desktop');
    expect(await dialog.getByRole('button', { name: 'Request withdrawal' }).isDisabled()).toBe(
      true,
    );
    await page.setViewportSize(PHONE_VIEWPORT);
    await journey.screenshot(page, '9-withdrawal-up-front-phone');
    await page.context().close();
  });

  /**
   * The controls (buttons, inputs, links) that the floating right bar's box overlaps, at the
   * top, middle and bottom of the page; none when the bar is hidden.
   */
  const COVERED_CONTROLS = `(() => {
    const bar = document.querySelector('[data-testid="right-bar"]');
    if (!bar || getComputedStyle(bar).display === 'none') return [];
    const covered = [];
    const stops = [0, 0.5, 1];
    for (const stop of stops) {
      window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) * stop);
      const box = bar.getBoundingClientRect();
      for (const el of document.querySelectorAll('button, input, a, [role="button"], select')) {
        if (bar.contains(el)) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
        if (el.closest('[aria-hidden="true"]')) continue;
        const overlaps = r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top;
        if (overlaps) covered.push((el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 40));
      }
    }
    window.scrollTo(0, 0);
    return covered;
  })()`;

  it('11: the floating right bar covers no control at 320, 390, 768, 1366 and 1920 px', async () => {
    const widths = [320, 390, 768, 1366, 1920];
    const paths = ['/', '/lottery?gameCode=DIGIT5_1M'];
    const page = await journey.newPage({ viewport: { width: 1366, height: 900 } });
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of paths) {
        await page.goto(`${journey.server.baseUrl}${path}`);
        await page.getByTestId('footer-help').waitFor();
        await page.getByRole('main').getByRole('button').first().waitFor();
        expect(await page.evaluate(COVERED_CONTROLS), `${path} at ${width} px`).toEqual([]);
      }
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${journey.server.baseUrl}/lottery?gameCode=DIGIT5_1M`);
    await page.getByTestId('footer-help').waitFor();
    await journey.screenshot(page, '11-right-bar-lottery-1366');
    await page.context().close();
  });

  it('14: registration says a mismatch plainly and its success leads to a deposit', async () => {
    const page = await openHome(PHONE_VIEWPORT);
    await page.goto(`${journey.server.baseUrl}/register`);
    const form = page.getByRole('main');
    await form.getByLabel('Username').fill(journey.uniqueName('reg'));
    await form.getByLabel('Password', { exact: true }).fill('secret123');
    await form.getByLabel('Confirm password').fill('secret124');
    await form.getByRole('button', { name: 'Register' }).click();
    await form.getByText('The passwords do not match').waitFor();
    await form.getByLabel('Confirm password').fill('secret123');
    await form.getByRole('button', { name: 'Register' }).click();
    const success = page.getByRole('dialog');
    await success.getByRole('button', { name: 'Deposit now' }).waitFor();
    await journey.screenshot(page, '14-register-success-phone');
    await success.getByRole('button', { name: 'Deposit now' }).click();
    await page.getByTestId('member-centre-page').waitFor();
    await page.context().close();
  });
});
