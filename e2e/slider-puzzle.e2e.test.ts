import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useJourney } from './support/journey.js';
import { dismissAutoDialogs } from './support/site.js';

/** The server runs with SLIDER_FIXED_OFFSET (honoured only with NODE_ENV=test). */
const GAP_X = 150;
/** How long the server may take to see the merchant's switch (its merchant cache expires). */
const SWITCH_SEEN_TIMEOUT_MS = 20_000;
/** How often the journey asks whether the server sees the switch. */
const SWITCH_POLL_MS = 500;
const username = `slide${Date.now().toString(36).slice(-6)}`;
const password = 'secret123';
/** A Vietnamese national number of 9 digits; the account is 84 followed by it. */
const mobileNum = `9${Date.now().toString().slice(-8)}`;

async function sliderSwitchOn(baseUrl: string): Promise<boolean> {
  const response = await fetch(`${baseUrl}/wps/system/status`, { headers: { merchant: 'DEMO' } });
  const body = (await response.json()) as {
    value: { whiteLabel: { sliderVerification: boolean } };
  };
  return body.value.whiteLabel.sliderVerification;
}

/** A hand's path: eased (slow, fast, slow), a little wobble, uneven pauses. */
function handPath(startX: number, startY: number, distancePx: number) {
  const steps = 24;
  return Array.from({ length: steps }, (_, index) => {
    const step = index + 1;
    const eased = 0.5 - 0.5 * Math.cos((Math.PI * step) / steps);
    return {
      x: startX + distancePx * eased,
      y: startY + (step === steps ? 1 : Math.round(2 * Math.sin(step / 3))),
      pauseMs: 12 + ((step * 7) % 23),
    };
  });
}

/**
 * The pause between two moves of a drag. It paces the gesture and waits for nothing: the page
 * stamps each move with performance.now(), and the server refuses a drag quicker than a hand
 * (TRACE_MIN_DURATION_MS), so the time must really pass.
 */
async function handPause(page: Page, pauseMs: number): Promise<void> {
  await page.waitForTimeout(pauseMs);
}

describe('slider puzzle: a merchant that uses it asks for it before registration and login', () => {
  const journey = useJourney('slider-puzzle', { env: { SLIDER_FIXED_OFFSET: String(GAP_X) } });
  const verifyStatuses: number[] = [];

  beforeAll(async () => {
    const { server, page } = journey;
    const db = await journey.pg();
    await db.query(
      `UPDATE merchants SET white_label = white_label || '{"sliderVerification": true}'::jsonb WHERE code = 'DEMO'`,
    );
    // Merchant rows are cached for a few seconds: wait until the server reads the switch.
    await vi.waitFor(
      async () => {
        if (!(await sliderSwitchOn(server.baseUrl))) {
          throw new Error('the server never saw sliderVerification on');
        }
      },
      { timeout: SWITCH_SEEN_TIMEOUT_MS, interval: SWITCH_POLL_MS },
    );
    page.on('response', (response) => {
      if (response.request().method() === 'POST' && response.url().endsWith('/slider')) {
        verifyStatuses.push(response.status());
      }
    });
  });

  const header = () => journey.page.getByRole('banner');
  const puzzleDialog = () => journey.page.getByRole('dialog', { name: 'Security check' });

  /**
   * Drags the handle by `offsetPx` puzzle pixels as a hand would: a slow start, a fast middle,
   * a slow end, uneven pauses and a little vertical wobble.
   */
  async function dragHandle(offsetPx: number) {
    const { page } = journey;
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
    for (const point of handPath(startX, startY, offsetPx * scale)) {
      await page.mouse.move(point.x, point.y);
      await handPause(page, point.pauseMs);
    }
    await page.mouse.up();
  }

  it('registers after the puzzle is solved, a wrong drag first drawing a new one', async () => {
    const { page, server } = journey;
    await page.goto(`${server.baseUrl}/`);
    await header().getByRole('button', { name: 'Register' }).click();
    const form = page.getByRole('dialog').first();
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByLabel('Confirm password').fill(password);
    await form.getByRole('button', { name: 'Register' }).click();

    await puzzleDialog().getByAltText('Puzzle piece').waitFor();
    await journey.screenshot(page, 'slider-puzzle');

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
    // The rewards and announcements open by themselves after a login and cover the header.
    await dismissAutoDialogs(page);
  });

  it('logs in after the puzzle; closing the puzzle sends nothing and keeps the form', async () => {
    const { page } = journey;
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
    expect(journey.pageErrors).toEqual([]);
  });

  it('registers by mobile number on a touch screen: a puzzle before the SMS and before registering', async () => {
    const { server } = journey;
    const db = await journey.pg();
    const phone = await journey.newPage({
      viewport: { width: 360, height: 740 },
      hasTouch: true,
      isMobile: true,
    });
    const context = phone.context();
    const cdp = await context.newCDPSession(phone);
    const puzzle = () => phone.getByRole('dialog', { name: 'Security check' });

    /** The same hand path as a finger: touch start, moves, end (Chromium makes pointer events). */
    async function swipeHandle() {
      await puzzle().getByAltText('Puzzle piece').waitFor();
      const box = await puzzle().getByRole('slider', { name: 'Slider handle' }).boundingBox();
      const picture = await puzzle().getByAltText('Puzzle picture').boundingBox();
      if (!box || !picture) throw new Error('the slider is not on screen');
      await journey.screenshot(phone, 'slider-touch-puzzle');
      const startX = box.x + box.width / 2;
      const startY = box.y + box.height / 2;
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchStart',
        touchPoints: [{ x: startX, y: startY }],
      });
      for (const point of handPath(startX, startY, GAP_X * (picture.width / 320))) {
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: [{ x: point.x, y: point.y }],
        });
        await handPause(phone, point.pauseMs);
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await puzzle().waitFor({ state: 'hidden' });
    }

    await phone.goto(`${server.baseUrl}/register`);
    await phone.getByRole('tab', { name: 'Mobile registration' }).click();
    await phone.getByLabel('Mobile number').fill(mobileNum);
    // No captcha: the puzzle is the bot check of the SMS send.
    expect(await phone.getByLabel('Verification code').count()).toBe(0);
    await phone.getByRole('button', { name: 'Send code' }).click();
    await swipeHandle();
    await phone.getByRole('button', { name: /Resend in \d+ s/ }).waitFor();
    const result = await db.query('SELECT text FROM sms_outbox WHERE number = $1', [
      `84${mobileNum}`,
    ]);
    const code = /\b(\d{6})\b/.exec(String(result.rows[0]?.text))?.[1] ?? '';
    await phone.getByLabel('SMS code').fill(code);
    await phone.getByLabel('Password', { exact: true }).fill(password);
    await phone.getByLabel('Confirm password').fill(password);
    await phone
      .getByRole('tabpanel', { name: 'Create account' })
      .getByRole('button', { name: 'Register' })
      .click();
    await phone
      .getByRole('dialog', { name: 'Your account number' })
      .getByRole('button', { name: 'Register' })
      .click();
    await swipeHandle();
    await phone.getByText('Registered successfully').waitFor();
    await journey.screenshot(phone, 'slider-touch-registered');
    await context.close();
    expect(journey.pageErrors).toEqual([]);
  });
});
