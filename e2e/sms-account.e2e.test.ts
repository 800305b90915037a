import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { useJourney } from './support/journey.js';
import { dismissAutoDialogs, STEP_TIMEOUT_MS } from './support/site.js';

/** How often the journey looks in the SMS outbox again. */
const OUTBOX_POLL_MS = 100;
/** The server runs with CAPTCHA_FIXED_ANSWER (honoured only with NODE_ENV=test). */
const CAPTCHA_ANSWER = '1357';

/** A Vietnamese national number of 9 digits; the account is 84 followed by it. */
const mobileNum = `9${Date.now().toString().slice(-8)}`;
const account = `84${mobileNum}`;
const password = 'secret123';
const newPassword = 'newpass456';

describe('an account by mobile number: register with an SMS code, log in by SMS, reset the password by phone', () => {
  const journey = useJourney('sms-account', { env: { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER } });
  const header = () => journey.page.getByRole('banner');
  const dialog = () => journey.page.getByRole('dialog').last();
  const visible = (locator: ReturnType<Page['getByLabel']>) => locator.filter({ visible: true });

  async function outboxCount(): Promise<number> {
    const db = await journey.pg();
    const result = await db.query('SELECT count(*)::int AS n FROM sms_outbox WHERE number = $1', [
      account,
    ]);
    return result.rows[0].n as number;
  }

  /** The code of the newest message to the number, once there are `count` messages. */
  async function codeFromOutbox(count: number): Promise<string> {
    const db = await journey.pg();
    return vi.waitFor(
      async () => {
        const result = await db.query(
          'SELECT text FROM sms_outbox WHERE number = $1 ORDER BY id DESC',
          [account],
        );
        const code =
          result.rows.length >= count
            ? /\b(\d{6})\b/.exec(result.rows[0].text as string)?.[1]
            : undefined;
        if (!code) throw new Error(`no SMS number ${count} to ${account}`);
        return code;
      },
      { timeout: STEP_TIMEOUT_MS, interval: OUTBOX_POLL_MS },
    );
  }

  /** As if the minute between two sends to one number had gone by. */
  async function letAMinutePass() {
    const db = await journey.pg();
    await db.query(
      `UPDATE sms_codes SET created_at = created_at - interval '61 seconds' WHERE phone = $1`,
      [account],
    );
  }

  /** Mobile number, captcha, Send code: the button then counts down 5 minutes. */
  async function sendCode(): Promise<string> {
    const before = await outboxCount();
    await visible(dialog().getByLabel('Mobile number')).fill(mobileNum);
    await visible(dialog().getByLabel('Verification code')).fill(CAPTCHA_ANSWER);
    await visible(dialog().getByRole('button', { name: 'Send code' })).click();
    await visible(dialog().getByRole('button', { name: /Resend in \d+ s/ })).waitFor();
    return codeFromOutbox(before + 1);
  }

  async function signOut() {
    const { page } = journey;
    await header().getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await header().getByRole('button', { name: 'Login' }).waitFor();
  }

  it('registers with the mobile number after a notice of the account number', async () => {
    const { page, server } = journey;
    await page.goto(`${server.baseUrl}/`);
    await header().getByRole('button', { name: 'Register' }).click();
    await dialog().getByRole('tab', { name: 'Mobile registration' }).click();
    const code = await sendCode();
    expect(await visible(dialog().getByRole('button', { name: /Resend in/ })).isDisabled()).toBe(
      true,
    );
    await visible(dialog().getByLabel('SMS code')).fill(code);
    await visible(dialog().getByLabel('Password', { exact: true })).fill(password);
    await visible(dialog().getByLabel('Confirm password')).fill(password);
    await visible(dialog().getByRole('button', { name: 'Register' })).click();

    const notice = page.getByRole('dialog', { name: 'Your account number' });
    await notice.getByText(account, { exact: false }).waitFor();
    await notice.getByRole('button', { name: 'Register' }).click();

    await page.getByRole('button', { name: 'OK' }).click();
    // A new member has the welcome promotion to claim: the after-login rewards come next.
    await dismissAutoDialogs(page);
    await header().getByRole('button', { name: 'Account menu' }).waitFor();
    await header().getByText(account, { exact: true }).waitFor();
    await signOut();
  });

  it('logs in with an SMS code', async () => {
    const { page } = journey;
    await letAMinutePass();
    await header().getByRole('button', { name: 'Login' }).click();
    await dialog().getByRole('tab', { name: 'SMS' }).click();
    const code = await sendCode();
    await visible(dialog().getByLabel('SMS code')).fill(code);
    await visible(dialog().getByRole('button', { name: 'Login' })).click();
    await header().getByRole('button', { name: 'Account menu' }).waitFor();
    await header().getByText(account, { exact: true }).waitFor();
    await dismissAutoDialogs(page);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await signOut();
  });

  it('sets a new password by phone, which logs in and goes home', async () => {
    const { page, server } = journey;
    await letAMinutePass();
    await page.goto(`${server.baseUrl}/`);
    await header().getByRole('button', { name: 'Login' }).click();
    await dialog().getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('dialog', { name: 'Forgot password' }).waitFor();
    // The e-mail tab comes first; the mobile tab is there because phone verification is on.
    await dialog().getByRole('tab', { name: 'Mobile', exact: true }).click();
    const code = await sendCode();
    await visible(dialog().getByLabel('SMS code')).fill(code);
    await dialog().getByLabel('New password', { exact: true }).fill(newPassword);
    await dialog().getByLabel('Confirm new password').fill(newPassword);
    await dialog().getByRole('button', { name: 'Set password and log in' }).click();

    await header().getByRole('button', { name: 'Account menu' }).waitFor();
    await page.waitForURL(`${server.baseUrl}/`);
    await dismissAutoDialogs(page);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await signOut();

    // The new password works with the number as the username.
    await header().getByRole('button', { name: 'Login' }).click();
    await visible(dialog().getByLabel('Username')).fill(account);
    await visible(dialog().getByLabel('Password', { exact: true })).fill(newPassword);
    await visible(dialog().getByRole('button', { name: 'Login' })).click();
    await header().getByText(account, { exact: true }).waitFor();
    expect(journey.pageErrors).toEqual([]);
  });
});
