import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useJourney } from './support/journey.js';
import { STEP_TIMEOUT_MS } from './support/site.js';

/** How often the journey looks in the e-mail outbox again. */
const OUTBOX_POLL_MS = 100;
const username = `mail${Date.now().toString(36).slice(-8)}`;
const email = `${username}@example.com`;
const password = 'secret123';
const newPassword = 'newpass456';

describe('forgot password by e-mail: the link from the outbox sets a new password', () => {
  const journey = useJourney('email-reset');

  beforeAll(async () => {
    const db = await journey.pg();
    // The demo merchant does not ask for an e-mail at registration: switch the field on before
    // the first call reads (and caches) the merchant.
    await db.query(
      `UPDATE merchants SET register_settings = jsonb_set(register_settings, '{email,enabled}', 'true')
       WHERE code = 'DEMO'`,
    );
    const registered = await fetch(`${journey.server.baseUrl}/wps/member/register`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', merchant: 'DEMO' },
      body: JSON.stringify({ username, password, confirmPassword: password, email, login: false }),
    });
    expect(((await registered.json()) as { success: boolean }).success).toBe(true);
  });

  const header = () => journey.page.getByRole('banner');
  const dialog = () => journey.page.getByRole('dialog').last();
  const visible = (locator: ReturnType<Page['getByLabel']>) => locator.filter({ visible: true });

  /** The reset link of the newest e-mail to the member, once it is in the outbox. */
  async function linkFromOutbox(): Promise<string> {
    const db = await journey.pg();
    return vi.waitFor(
      async () => {
        const result = await db.query(
          'SELECT text FROM email_outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1',
          [email],
        );
        const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(
          (result.rows[0]?.text as string | undefined) ?? '',
        )?.[0];
        if (!link) throw new Error(`no reset e-mail to ${email}`);
        return link;
      },
      { timeout: STEP_TIMEOUT_MS, interval: OUTBOX_POLL_MS },
    );
  }

  it('asks for a link on the e-mail tab and shows the confirmation', async () => {
    const { page, server } = journey;
    await page.goto(`${server.baseUrl}/`);
    await header().getByRole('button', { name: 'Login' }).click();
    await dialog().getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Forgot password' });
    await forgot.waitFor();
    // The e-mail tab first; the mobile tab too, as the demo merchant has phone verification on.
    const emailTab = forgot.getByRole('tab', { name: 'E-mail' });
    expect(await emailTab.getAttribute('aria-selected')).toBe('true');
    await forgot.getByRole('tab', { name: 'Mobile', exact: true }).waitFor();

    // Both fields are required, and the e-mail must look like one.
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await forgot.getByText('This field is required').first().waitFor();
    await forgot.getByRole('textbox', { name: 'Username' }).fill(username);
    await forgot.getByRole('textbox', { name: /^E-mail/ }).fill('not-an-email');
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await forgot.getByText('Please enter a valid email address of 5-100 characters').waitFor();
    await journey.screenshot(page, 'forgot-email-tab');

    await forgot.getByRole('textbox', { name: /^E-mail/ }).fill(email);
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    const sent = page.getByRole('dialog', { name: 'Check your e-mail' });
    await sent.getByText('If this account has this e-mail address', { exact: false }).waitFor();
    await journey.screenshot(page, 'forgot-email-sent');
    await sent.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('opens the e-mailed link, sets a new password and logs in with it', async () => {
    const { page, server } = journey;
    const link = await linkFromOutbox();
    expect(link.startsWith(`${server.baseUrl}/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill('mismatch1');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('The passwords do not match').waitFor();
    await page.getByLabel('Confirm new password').fill(newPassword);
    await journey.screenshot(page, 'reset-password-page');
    await page.getByRole('button', { name: 'Set new password' }).click();

    // The message, and the login pop-up opens.
    await page.getByText('Your password has been changed').waitFor();
    await visible(dialog().getByLabel('Username')).fill(username);
    await visible(dialog().getByLabel('Password', { exact: true })).fill(newPassword);
    await journey.screenshot(page, 'reset-password-done');
    await visible(dialog().getByRole('button', { name: 'Login' })).click();
    await header().getByRole('button', { name: 'Account menu' }).waitFor();
    await header().getByText(username, { exact: true }).waitFor();
  });

  it('refuses the spent link with the link-abnormal message', async () => {
    const link = await linkFromOutbox();
    const second = await journey.newPage();
    await second.goto(link);
    await second.getByLabel('New password', { exact: true }).fill('another789');
    await second.getByLabel('Confirm new password').fill('another789');
    await second.getByRole('button', { name: 'Set new password' }).click();
    await second.getByText('The link is abnormal or has expired, please retry').waitFor();
    await second.context().close();
    expect(journey.pageErrors).toEqual([]);
  });
});
