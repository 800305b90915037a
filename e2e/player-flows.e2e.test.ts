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
});
