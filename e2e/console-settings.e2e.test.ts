import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAndEnrol } from './support/console.js';
import { useJourney } from './support/journey.js';

describe('the console Settings pages', () => {
  const journey = useJourney('console-settings');
  let admin: Page;

  it('turns maintenance on, the player site shows the maintenance page, then off again', async () => {
    const { page: player, server } = journey;
    await player.goto(`${server.baseUrl}/`);
    await player.getByRole('banner').waitFor();

    admin = await journey.newPage();
    await signInAndEnrol(admin, server.baseUrl, 'admin');
    await admin.getByTestId('nav-siteAccess').click();
    const maintenance = admin.getByTestId('settings-maintenance');
    await maintenance.waitFor();
    expect(await maintenance.isChecked()).toBe(false);
    await maintenance.check();
    await admin
      .getByTestId('settings-maintenance-message-EN')
      .fill('We are upgrading the site and will be back within the hour.');
    await admin.getByTestId('settings-blocked-countries').fill('us, sg');
    await admin.getByTestId('settings-access-save').click();
    await admin.getByTestId('settings-access-save-saved').waitFor();
    await journey.screenshot(admin, 'settings-access', { fullPage: true });

    await player.reload();
    await player.getByRole('heading', { name: 'System maintenance' }).waitFor();
    // The operator's message for the page's language replaces the standard text.
    await player.getByText('We are upgrading the site and will be back within the hour.').waitFor();
    await journey.screenshot(player, 'player-maintenance');

    await maintenance.uncheck();
    await admin.getByTestId('settings-access-save').click();
    await admin.getByTestId('settings-access-save-saved').waitFor();
    await player.reload();
    await player.getByRole('banner').waitFor();
    expect(await player.getByRole('heading', { name: 'System maintenance' }).count()).toBe(0);
  });

  it('makes the QQ field required with 8-12 digits, previewed, and the player form follows', async () => {
    const { page: player, server } = journey;
    const form = player.getByRole('main');
    await player.goto(`${server.baseUrl}/register`);
    await form.getByLabel('Username').waitFor();
    expect(await form.getByLabel('QQ').count()).toBe(0);

    await admin.getByTestId('nav-registration').click();
    const preview = admin.getByTestId('register-preview');
    await preview.waitFor();
    expect(await admin.getByTestId('preview-field-qqNum').count()).toBe(0);
    await admin.getByTestId('rule-qqNum-enabled').check({ force: true });
    await admin.getByTestId('rule-qqNum-required').check({ force: true });
    await admin.getByTestId('rule-qqNum-minLength').fill('8');
    // The preview follows the rules as they are edited, before anything is saved.
    const previewQq = admin.getByTestId('preview-field-qqNum');
    await previewQq.fill('123');
    await preview.getByText('Please enter 8-12 digits').waitFor();
    await previewQq.fill('');
    await preview.getByText('This field is required').waitFor();

    // A broken rule is refused before sending, with the server's own text.
    await admin.getByTestId('rule-qqNum-maxLength').fill('4');
    await admin.getByText('The minimum length is greater than the maximum').first().waitFor();
    expect(await admin.getByTestId('settings-registration-save').isDisabled()).toBe(true);
    await admin.getByTestId('rule-qqNum-maxLength').fill('12');
    await previewQq.fill('1234567');
    await preview.getByText('Please enter 8-12 digits').waitFor();
    await journey.screenshot(admin, 'settings-registration', { fullPage: true });
    await admin.getByTestId('settings-registration-save').click();
    await admin.getByTestId('settings-registration-save-saved').waitFor();

    await player.reload();
    const qq = form.getByLabel('QQ');
    await qq.waitFor();
    await qq.fill('123');
    await form.getByLabel('Username').click();
    await form.getByText('Please enter 8-12 digits').waitFor();
    await journey.screenshot(player, 'player-register-qq');

    await admin.getByTestId('nav-auditLog').click();
    await admin
      .getByTestId('audit-row')
      .filter({ hasText: 'settings.registration' })
      .first()
      .waitFor();
    await admin
      .getByTestId('audit-row')
      .filter({ hasText: 'settings.site-access' })
      .first()
      .waitFor();

    await admin.getByTestId('nav-switches').click();
    await admin.getByTestId('settings-switch-chat').waitFor();
    await journey.screenshot(admin, 'settings-switches', { fullPage: true });
    await admin.getByTestId('nav-builtinGames').click();
    await admin.getByTestId('settings-autoplay').waitFor();
    await journey.screenshot(admin, 'settings-builtin-games', { fullPage: true });
    expect(journey.pageErrors).toEqual([]);
  });
});
