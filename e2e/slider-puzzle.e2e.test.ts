import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { databaseUrlOf, type RunningServer, startServer } from './support/server.js';

const STEP_TIMEOUT_MS = 15_000;
/** The server runs with SLIDER_FIXED_OFFSET (honoured only with NODE_ENV=test). */
const GAP_X = 150;
/** Where screenshots go (ignored by git). */
const ARTIFACTS_DIR = path.resolve('.e2e-artifacts');
const username = `slide${Date.now().toString(36).slice(-6)}`;
const password = 'secret123';

async function sliderSwitchOn(baseUrl: string): Promise<boolean> {
  const response = await fetch(`${baseUrl}/wps/system/status`, { headers: { merchant: 'DEMO' } });
  const body = (await response.json()) as {
    value: { whiteLabel: { sliderVerification: boolean } };
  };
  return body.value.whiteLabel.sliderVerification;
}

describe('slider puzzle: a merchant that uses it asks for it before registration and login', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let db: pg.Client;
  const pageErrors: string[] = [];
  const verifyStatuses: number[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ env: { SLIDER_FIXED_OFFSET: String(GAP_X) } }),
      launchBrowser(),
    ]);
    db = new pg.Client({ connectionString: await databaseUrlOf(server) });
    await db.connect();
    await db.query(
      `UPDATE merchants SET white_label = white_label || '{"sliderVerification": true}'::jsonb WHERE code = 'DEMO'`,
    );
    // Merchant rows are cached for a few seconds: wait until the server reads the switch.
    const deadline = Date.now() + 20_000;
    while (!(await sliderSwitchOn(server.baseUrl))) {
      if (Date.now() > deadline) throw new Error('the server never saw sliderVerification on');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('response', (response) => {
      if (response.request().method() === 'POST' && response.url().endsWith('/slider')) {
        verifyStatuses.push(response.status());
      }
    });
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
  });

  afterAll(async () => {
    await db?.end();
    await browser?.close();
    if (server) expect(await server.stop()).toBe(0);
  });

  const header = () => page.getByRole('banner');
  const puzzleDialog = () => page.getByRole('dialog', { name: 'Security check' });

  /**
   * Drags the handle by `offsetPx` puzzle pixels as a hand would: a slow start, a fast middle,
   * a slow end, uneven pauses and a little vertical wobble.
   */
  async function dragHandle(offsetPx: number) {
    const handle = puzzleDialog().getByRole('slider', { name: 'Slider handle' });
    await puzzleDialog().getByAltText('Puzzle piece').waitFor();
    const box = await handle.boundingBox();
    const picture = await puzzleDialog().getByAltText('Puzzle picture').boundingBox();
    if (!box || !picture) throw new Error('the slider is not on screen');
    const scale = picture.width / 320;
    const startX = box.x + box.width / 2;
    const startY = box.y + box.height / 2;
    await page.mouse.move(startX, startY);
    await page.mouse.down();
    const steps = 24;
    for (let step = 1; step <= steps; step += 1) {
      const eased = 0.5 - 0.5 * Math.cos((Math.PI * step) / steps);
      const wobble = step === steps ? 1 : Math.round(2 * Math.sin(step / 3));
      await page.mouse.move(startX + offsetPx * scale * eased, startY + wobble);
      await page.waitForTimeout(12 + ((step * 7) % 23));
    }
    await page.mouse.up();
  }

  it('registers after the puzzle is solved, a wrong drag first drawing a new one', async () => {
    await page.goto(`${server.baseUrl}/`);
    await header().getByRole('button', { name: 'Register' }).click();
    const form = page.getByRole('dialog').first();
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByLabel('Confirm password').fill(password);
    await form.getByRole('button', { name: 'Register' }).click();

    await puzzleDialog().getByAltText('Puzzle piece').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'slider-puzzle.png') });

    // Let go far from the gap: refused, and a new puzzle is drawn.
    await dragHandle(GAP_X - 70);
    await puzzleDialog().getByText('Verification failed, please try again').waitFor();
    await expect.poll(() => verifyStatuses).toEqual([400]);

    await dragHandle(GAP_X);
    await page.getByText('Registered successfully').waitFor();
    expect(verifyStatuses).toEqual([400, 200]);
    await page.getByRole('button', { name: 'OK' }).click();
    await header().getByRole('button', { name: 'Account menu' }).waitFor();
    await header().getByText(username, { exact: true }).waitFor();
  });

  it('logs in after the puzzle; closing the puzzle sends nothing and keeps the form', async () => {
    await header().getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('dialog').last().getByRole('button', { name: 'Submit' }).click();
    await header().getByRole('button', { name: 'Login' }).click();

    const form = page.getByRole('dialog').first();
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Login' }).click();
    await puzzleDialog().getByAltText('Puzzle piece').waitFor();
    await puzzleDialog().getByRole('button', { name: 'Close' }).click();
    await puzzleDialog().waitFor({ state: 'hidden' });
    // Nothing was sent, and the login form is still there.
    expect(verifyStatuses).toEqual([400, 200]);
    expect(await header().getByRole('button', { name: 'Login' }).isVisible()).toBe(true);

    await form.getByRole('button', { name: 'Login' }).click();
    await dragHandle(GAP_X);
    await header().getByRole('button', { name: 'Account menu' }).waitFor();
    await header().getByText(username, { exact: true }).waitFor();
    expect(verifyStatuses).toEqual([400, 200, 200]);
    expect(pageErrors).toEqual([]);
  });
});
