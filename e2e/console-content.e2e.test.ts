import { createCanvas } from '@napi-rs/canvas';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAndEnrol } from './support/console.js';
import { useJourney } from './support/journey.js';

/** What the operator gives the edited banner. */
const NEW_TITLE = 'Winter cup: double points';
const NEW_LINK = '/lottery';
/** The seeded first home banner (English), which the operator edits. */
const SEEDED_TITLE = 'Welcome bonus 100%';

/** A 1200 x 360 PNG, the banner shape, drawn here as an operator's design tool would. */
async function bannerPng(): Promise<Buffer> {
  const canvas = createCanvas(1200, 360);
  const context = canvas.getContext('2d');
  context.fillStyle = '#0b7285';
  context.fillRect(0, 0, 1200, 360);
  context.fillStyle = '#ffd43b';
  context.fillRect(60, 120, 520, 120);
  return canvas.encode('png');
}

/** Screenshots for the journey's folder and /tmp, where the page's look is checked by eye. */
async function shoot(
  journey: ReturnType<typeof useJourney>,
  page: Page,
  name: string,
): Promise<void> {
  await journey.screenshot(page, name);
  await page.screenshot({ path: `/tmp/console-content-${name}.png`, animations: 'disabled' });
}

describe('the console Content pages: an operator edits a banner and the player site shows it', () => {
  const journey = useJourney('console-content');
  let uploadedUrl = '';

  it('lets the content operator upload an image and change the title and link', async () => {
    const page = journey.page;
    await signInAndEnrol(page, journey.server.baseUrl, 'content');
    await page.getByTestId('nav-group-content').waitFor();
    await page.getByTestId('nav-contentBanners').click();
    await page.getByTestId('banners-filter-group').fill('home');
    const row = page
      .getByTestId('banner-row')
      .filter({ has: page.getByText(SEEDED_TITLE, { exact: true }) })
      .filter({ hasText: 'EN' });
    await row.first().waitFor();
    await shoot(journey, page, 'banners');

    await row.first().getByTestId('banner-edit').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('banner-title').waitFor();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'winter-cup.png',
      mimeType: 'image/png',
      buffer: await bannerPng(),
    });
    const imageUrl = dialog.getByTestId('banner-image-url');
    await expect.poll(() => imageUrl.inputValue()).toMatch(/^\/content\/images\/[0-9a-f-]{36}$/);
    uploadedUrl = await imageUrl.inputValue();
    await dialog.getByTestId('banner-preview').waitFor();
    await dialog.getByTestId('banner-title').fill(NEW_TITLE);
    await dialog.getByTestId('banner-link').fill(NEW_LINK);
    await shoot(journey, page, 'banner-edit');
    await dialog.getByTestId('banner-save').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('banner-row-title').getByText(NEW_TITLE, { exact: true }).waitFor();
  });

  it('shows the new banner on the player site at once, in the same browser', async () => {
    const player = journey.watch(await journey.page.context().newPage());
    await journey.registerMember(player, 'bannerfan');
    await player.goto(`${journey.server.baseUrl}/`);
    const carousel = player.getByTestId('banner-carousel');
    const image = carousel.getByRole('img', { name: NEW_TITLE });
    await image.waitFor({ state: 'attached' });
    expect(await image.getAttribute('src')).toBe(uploadedUrl);
    expect(await carousel.getByRole('img', { name: SEEDED_TITLE }).count()).toBe(0);
    const link = carousel
      .getByRole('link')
      .filter({ has: player.getByRole('img', { name: NEW_TITLE }) });
    expect(await link.getAttribute('href')).toBe(NEW_LINK);
    // The uploaded image itself loads (served by the server, re-encoded PNG).
    const loaded = await image.evaluate(
      (element) => (element as { naturalWidth: number }).naturalWidth,
    );
    expect(loaded).toBe(1200);
    await shoot(journey, player, 'player-site');
    await player.close();
  });

  it('writes an announcement with the editor; the other Content pages render', async () => {
    const page = journey.page;
    await page.getByTestId('nav-contentAnnouncements').click();
    await page.getByTestId('announcement-new').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('announcement-title').fill('Cashier maintenance tonight');
    const area = dialog.getByTestId('announcement-editor-area');
    await area.click();
    await page.keyboard.type('Deposits pause from 02:00 to 03:00.');
    await page.keyboard.press('Control+A');
    await dialog.getByTestId('editor-bold').click();
    await shoot(journey, page, 'announcement-edit');
    await dialog.getByTestId('announcement-save').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Cashier maintenance tonight').waitFor();
    await shoot(journey, page, 'announcements');

    await page.getByTestId('nav-contentHelp').click();
    await page.getByTestId('help-row').first().waitFor();
    await shoot(journey, page, 'help');
    await page.getByTestId('nav-contentLinks').click();
    await page.getByTestId('domains-input').waitFor();
    await shoot(journey, page, 'site-links');
  });

  it('gives the content operator no Finance: not in the navigation, refused by address', async () => {
    const page = journey.page;
    expect(await page.getByTestId('nav-group-finance').count()).toBe(0);
    expect(await page.getByTestId('nav-withdrawals').count()).toBe(0);
    expect(await page.getByTestId('nav-deposits').count()).toBe(0);
    for (const path of ['/console/finance/withdrawals', '/console/finance/deposits']) {
      await page.goto(`${journey.server.baseUrl}${path}`);
      await page.getByTestId('not-allowed').waitFor();
    }
    expect(journey.pageErrors).toEqual([]);
  });
});
