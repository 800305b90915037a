import { beforeAll, describe, expect, it } from 'vitest';
import { useJourney } from './support/journey.js';
import { dismissAutoDialogs } from './support/site.js';

/** The server runs with CAPTCHA_FIXED_ANSWER (honoured only with NODE_ENV=test). */
const CAPTCHA_ANSWER = '2468';

const suffix = Date.now().toString(36).slice(-6);
const player = { username: `carol${suffix}`, password: 'secret123', newPassword: 'newpass456' };

describe('captcha after failed logins, and a password change', () => {
  const journey = useJourney('account-security', {
    env: { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER },
  });

  beforeAll(async () => {
    const registered = await fetch(`${journey.server.baseUrl}/wps/member/register`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        username: player.username,
        password: player.password,
        confirmPassword: player.password,
        login: false,
      }),
    });
    expect(registered.status).toBe(200);
  });

  const header = () => journey.page.getByRole('banner');
  const dialog = () => journey.page.getByRole('dialog');

  async function submitLogin(password: string) {
    await dialog().getByLabel('Username').fill(player.username);
    await dialog().getByLabel('Password', { exact: true }).fill(password);
    await dialog().getByRole('button', { name: 'Login' }).click();
  }

  it('asks for a captcha after three failed logins, then logs in with it', async () => {
    await journey.page.goto(`${journey.server.baseUrl}/`);
    await header().getByRole('button', { name: 'Login' }).click();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answered = journey.page.waitForResponse((response) =>
        response.url().endsWith('/wps/session/login'),
      );
      await submitLogin(`wrong${attempt}xyz`);
      expect((await answered).status()).toBe(401);
      await dialog().getByText('Incorrect username or password').waitFor();
    }
    await dialog().getByRole('img', { name: 'Verification code picture' }).waitFor();

    // Without an answer the form does not send.
    await submitLogin(player.password);
    await dialog().getByText('This field is required', { exact: false }).first().waitFor();

    await dialog().getByLabel('Verification code').fill(CAPTCHA_ANSWER);
    await submitLogin(player.password);
    await header().getByRole('button', { name: 'Account menu' }).waitFor();
    await header().getByText(player.username, { exact: true }).waitFor();
    await dismissAutoDialogs(journey.page);
  });

  it('changes the password from the avatar menu, then logs in with the new one', async () => {
    await header().getByRole('button', { name: 'Account menu' }).click();
    await journey.page.getByRole('menuitem', { name: 'Change password' }).click();
    await dialog().getByLabel('Old password').fill(player.password);
    await dialog().getByLabel('New password', { exact: true }).fill('abc');
    await dialog().getByLabel('Confirm new password').click();
    await dialog().getByText('6-20', { exact: false }).waitFor();
    await dialog().getByLabel('New password', { exact: true }).fill(player.newPassword);
    await dialog().getByLabel('Confirm new password').fill(player.newPassword);
    await dialog().getByRole('button', { name: 'Confirm' }).click();

    // Every session ended, this one too: the login pop-up opens.
    await dialog().getByRole('button', { name: 'Login' }).waitFor();
    await header().getByRole('button', { name: 'Register' }).waitFor();
    expect(await journey.page.evaluate(`sessionStorage.getItem('token')`)).toBeNull();

    // This address failed three times within 15 minutes, so the server asks for a captcha.
    await submitLogin(player.newPassword);
    await dialog().getByLabel('Verification code').fill(CAPTCHA_ANSWER);
    await submitLogin(player.newPassword);
    await header().getByRole('button', { name: 'Account menu' }).waitFor();
    expect(journey.pageErrors).toEqual([]);
  });
});
