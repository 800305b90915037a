import { describe, expect, it } from 'vitest';
import { useJourney } from './support/journey.js';
import { waitForPageCondition } from './support/site.js';

const PASSWORD = 'secret123';
const REWARDS = 'Rewards waiting for you';

/**
 * The dialogs that open by themselves (issue 21) and the registration's help (issue 22 item
 * 14): the form shows each rule and links the terms; the success dialog leads to a deposit;
 * the after-login rewards wait for the dialog the person opened, come after the popup
 * announcement, lead to a claim, and are not offered again on a reload.
 */
describe('dialogs that open by themselves, one at a time', () => {
  const journey = useJourney('auto-dialogs');
  const username = journey.uniqueName('dlg');

  it('registers with the rules and terms in view; the rewards wait for the deposit dialog', async () => {
    const { page } = journey;
    await page.goto(`${journey.server.baseUrl}/register`);
    const form = page.getByRole('main');
    // Each field's rule is there before anything is typed.
    await form.getByText('Please enter 6-16 letters and digits, starting with a letter').waitFor();
    await form.getByRole('button', { name: 'Read the terms and conditions' }).click();
    const terms = page.getByRole('dialog', { name: 'Terms and conditions' });
    await terms.getByText('One account per person').waitFor();
    await terms.getByRole('button', { name: 'Close' }).last().click();
    await terms.waitFor({ state: 'detached' });
    expect(await form.getByRole('checkbox').isChecked()).toBe(true);

    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Register' }).click();
    const success = page.getByRole('dialog', { name: 'Welcome aboard' });
    await success.getByRole('button', { name: 'Deposit now' }).click();
    const centre = page.getByRole('dialog', { name: 'Member centre' });
    await centre.getByTestId('member-centre-page').waitFor();
    // The rewards (the welcome promotion is there to claim) wait while the centre is open.
    expect(await page.getByRole('dialog', { name: REWARDS }).count()).toBe(0);
    await centre.getByRole('button', { name: 'Close' }).first().click();
    const rewards = page.getByRole('dialog', { name: REWARDS });
    await rewards.getByRole('button', { name: 'Later' }).click();
    await rewards.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('logs in: the popup announcement first, then the rewards; one is claimed; a reload shows neither', async () => {
    const client = await journey.pg();
    await client.query(
      `UPDATE content_announcements SET popup = true
        WHERE merchant_code = 'DEMO' AND title = 'Welcome to Demo Casino'`,
    );
    const page = await journey.newPage();
    await page.goto(`${journey.server.baseUrl}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    const login = page.getByRole('dialog');
    await login.getByLabel('Username').fill(username);
    await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: 'Login' }).click();

    const notice = page.getByRole('dialog', { name: 'Announcements' });
    await notice.getByRole('heading', { name: 'Welcome to Demo Casino' }).waitFor();
    expect(await page.getByRole('dialog', { name: REWARDS }).count()).toBe(0);
    await notice.getByRole('button', { name: 'Close' }).first().click();

    const rewards = page.getByRole('dialog', { name: REWARDS });
    const promotion = 'Free 20,000 ₫ to start';
    await rewards.getByText(promotion, { exact: false }).waitFor();
    await journey.screenshot(page, 'after-login-rewards');
    await rewards
      .locator('div')
      .filter({ has: page.getByText(promotion, { exact: false }) })
      .last()
      .getByRole('button', { name: 'Claim' })
      .click();
    await page.waitForURL(/\/promoDetail\?id=/);
    const claim = page.getByTestId('promotion-action-claim');
    await claim.click();
    await claim.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('banner').getByText(username, { exact: true }).waitFor();
    await waitForPageCondition(
      page,
      "document.documentElement.hasAttribute('data-auto-dialogs-checked')",
    );
    expect(await page.evaluate("document.documentElement.hasAttribute('data-auto-dialogs')")).toBe(
      false,
    );
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });
});
