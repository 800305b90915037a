import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.js';
import { PHONE_VIEWPORT, useJourney } from './support/journey.js';
import type { RunningServer } from './support/server.js';
import { dismissAutoDialogs } from './support/site.js';

const OPERATOR_PASSWORD = 'operator-password-e2e';
/**
 * House draws come every this many seconds in this journey (the engine's test-only
 * LOTTERY_FAST_INTERVAL_SECONDS; the demo's are 1 to 5 minutes).
 */
const FAST_INTERVAL_SECONDS = 30;
/** A draw closes, draws and settles within this (plus the time left to close). */
const DRAW_WAIT_MS = 100_000;
/** A slip is placed only with at least this long left before the close, so it never races it. */
const MIN_SECONDS_TO_BET = 12;
const JOURNEY_TIMEOUT_MS = 240_000;
/** How long the phone layout may take to settle after the resize. */
const LAYOUT_SETTLE_MS = 10_000;

/** One JSON call to the server, answering the envelope's value (or failing the test). */
async function call(
  server: RunningServer,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', merchant: 'DEMO', ...headers },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; value: unknown };
  expect(envelope.success, `${path}: ${JSON.stringify(envelope)}`).toBe(true);
  return envelope.value as Record<string, unknown>;
}

/** Cash to bet with, credited by the demo operator. */
async function fund(server: RunningServer, username: string, amount: number) {
  const operator = await call(server, 'POST', '/admin/session/login', {
    username: 'operator',
    password: OPERATOR_PASSWORD,
  });
  await call(
    server,
    'POST',
    '/admin/members/adjust-balance',
    { account: username, amount, reason: 'lottery e2e journey' },
    { authorization: String(operator.token), 'idempotency-key': `fund-${username}` },
  );
}

describe('the lottery pages', () => {
  const journey = useJourney('lottery', {
    env: {
      DEMO_OPERATOR_PASSWORD: OPERATOR_PASSWORD,
      LOTTERY_FAST_INTERVAL_SECONDS: String(FAST_INTERVAL_SECONDS),
    },
    page: { viewport: { width: 1366, height: 1000 } },
  });
  const screenshot = (name: string) => journey.screenshot(journey.page, name);

  /** Waits for an open draw with time enough left to place a slip before it closes. */
  async function waitForTimeToBet(target: Page = journey.page) {
    await expect
      .poll(
        async () => {
          const panel = target.getByTestId('draw-panel');
          if ((await panel.getAttribute('data-status')) !== 'open') return 0;
          const [minutes, seconds] = ((await panel.getByTestId('countdown').textContent()) ?? '')
            .split(':')
            .map(Number);
          return (minutes ?? 0) * 60 + (seconds ?? 0);
        },
        { timeout: DRAW_WAIT_MS, interval: 500 },
      )
      .toBeGreaterThanOrEqual(MIN_SECONDS_TO_BET);
  }

  /** Adds a line of `picks` (buttons of the number grid) on `betType`, then places the slip. */
  async function placeSlip(betType: string, picks: string[], options: { position?: string } = {}) {
    const { page } = journey;
    await waitForTimeToBet();
    const slip = page.getByTestId('bet-slip');
    await slip.getByLabel('Bet type').selectOption(betType);
    if (options.position) {
      const chooser = slip.getByTestId('position-chooser');
      await chooser.locator('label').filter({ hasText: options.position }).click();
    }
    const grid = slip.getByTestId('number-grid');
    for (const pick of picks) await grid.getByRole('button', { name: pick, exact: true }).click();
    await slip.getByTestId('add-line').click();
    await slip.getByTestId('amount-per-point').fill('1');
    await slip.getByTestId('place-bets').click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your bets' });
    await dialog.getByTestId('confirm-total').waitFor();
    const total = await dialog.getByTestId('confirm-total').textContent();
    await dialog.getByTestId('confirm-bets').click();
    const placed = (await slip.getByTestId('slip-placed').textContent()) ?? '';
    return { total, drawNo: /on draw (\S+),/.exec(placed)?.[1] ?? '' };
  }

  it(
    'bets on a fast five-digit draw, watches it close, sees the result and the win',
    async () => {
      const { page, server } = journey;
      const { username, header } = await journey.registerMember(page, 'lotto');
      await fund(server, username, 1000);
      await page.goto(`${server.baseUrl}/lottery?gameCode=DIGIT5_1M`);
      await page.getByRole('heading', { name: 'Five Digits 1 min' }).waitFor();
      await header.getByText('1,000.00', { exact: true }).waitFor();
      const panel = page.getByTestId('draw-panel');
      await panel.and(page.locator('[data-status="open"]')).waitFor({ timeout: DRAW_WAIT_MS });
      const countdown = page.getByTestId('countdown');
      const first = await countdown.textContent();
      // The countdown moves without a reload.
      await expect.poll(() => countdown.textContent()).not.toBe(first);

      // Every digit of position 1: one of the ten bets wins, whatever is drawn.
      const digits = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
      const { total, drawNo } = await placeSlip('position_digit', digits, {
        position: 'Position 1',
      });
      expect(drawNo).not.toBe('');
      expect(total).toBe('Total: 10.00');
      await header.getByText('990.00', { exact: true }).waitFor();
      await screenshot('lottery-digit5-placed');

      await page.getByRole('tab', { name: 'My bets' }).click();
      const bet = page.getByTestId('my-bet').first();
      await bet.getByText('Open', { exact: true }).waitFor();
      await bet.getByText(drawNo).waitFor();

      // The draw closes, is drawn and settled; the page follows without a reload.
      await page
        .getByTestId('latest-result')
        .getByText(`Latest result · draw ${drawNo}`)
        .waitFor({ timeout: DRAW_WAIT_MS });
      await page.getByTestId('latest-result').getByTestId('digit-result').waitFor();
      await screenshot('lottery-digit5-result');
      await bet.getByText('Won', { exact: true }).waitFor({ timeout: DRAW_WAIT_MS });
      const payout = Number((await bet.getByTestId('bet-payout').textContent())?.replace(/,/g, ''));
      expect(payout).toBeGreaterThan(1);
      // The member is told of the win, and "bet placed" leaves once its draw has closed.
      await page.getByTestId('lottery-win-notice').getByText(`on draw ${drawNo}`).waitFor();
      await page.getByTestId('slip-placed').waitFor({ state: 'detached' });
      // The win is credited once: the balance is 990 plus the payout.
      const credited = (990 + payout).toLocaleString('en-US', {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
      await header.getByText(credited, { exact: true }).waitFor();

      // History: the draw with its seed, recomputed in the browser.
      await page.getByRole('tab', { name: 'History' }).click();
      const history = page.getByTestId('draw-history');
      await history.getByRole('button', { name: new RegExp(`Draw ${drawNo}`) }).click();
      await history.getByRole('button', { name: 'Recompute this result' }).click();
      await history
        .getByText('Verified: the seed matches its hash and gives this result.')
        .waitFor();
      await page.getByRole('tab', { name: 'Trend' }).click();
      await page.getByTestId('trend-chart').waitFor();
      await screenshot('lottery-digit5-trend');

      // The betting record holds the round.
      await header.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Betting record' }).click();
      const centre = page.getByRole('dialog', { name: 'Member centre' });
      await centre
        .getByRole('table', { name: 'Bets' })
        .getByText('Five Digits 1 min')
        .first()
        .waitFor();
      await screenshot('lottery-betting-record');
      await page.keyboard.press('Escape');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'places a lô bet on /vnLottery and a two-digit bet on /seaLottery',
    async () => {
      const { page, server } = journey;
      await page.goto(`${server.baseUrl}/vnLottery?gameCode=VN_NORTH_1M`);
      await page.getByRole('heading', { name: 'North Fast 1 min' }).waitFor();
      // SPEC §2: /vnlottery hides the top and left bars.
      expect(await page.getByRole('banner').count()).toBe(0);
      // Without the bars, the page still offers a way back and the member's balance.
      const bareBar = page.getByTestId('bare-lottery-bar');
      await bareBar.getByRole('link', { name: 'Back to the site' }).waitFor();
      await bareBar.getByTestId('bare-lottery-balance').waitFor();
      await page.getByTestId('draw-panel').and(page.locator('[data-status="open"]')).waitFor({
        timeout: DRAW_WAIT_MS,
      });
      expect((await placeSlip('lo2', ['27', '00'])).total).toBe('Total: 2.00');
      await page.getByTestId('latest-result').getByTestId('prize-table').waitFor({
        timeout: DRAW_WAIT_MS,
      });
      await screenshot('lottery-vn-north');

      await page.goto(`${server.baseUrl}/seaLottery?gameCode=THAI_FAST_1M`);
      await page.getByRole('heading', { name: 'Thai Fast 1 min' }).waitFor();
      await page.getByTestId('draw-panel').and(page.locator('[data-status="open"]')).waitFor({
        timeout: DRAW_WAIT_MS,
      });
      expect((await placeSlip('top2', ['07'])).total).toBe('Total: 1.00');
      await page.getByRole('tab', { name: 'My bets' }).click();
      await page.getByTestId('my-bet').first().getByText('2 top').waitFor();
      await screenshot('lottery-thai');

      // A game that allows it: an open bet is cancelled before the close and refunded.
      await page.goto(`${server.baseUrl}/vnLottery?gameCode=VN_NORTH_5M`);
      await page.getByRole('heading', { name: 'North Fast 5 min' }).waitFor();
      await page.getByTestId('draw-panel').and(page.locator('[data-status="open"]')).waitFor({
        timeout: DRAW_WAIT_MS,
      });
      await placeSlip('de', ['45']);
      await page.getByRole('tab', { name: 'My bets' }).click();
      const open = page.getByTestId('my-bet').first();
      await open.getByRole('button', { name: 'Cancel bet' }).click();
      await open.getByText('Cancelled', { exact: true }).waitFor();
      await screenshot('lottery-vn-cancelled');

      // SPEC §2: the lottery category of the left bar starts the TCG_SEA vendor's game.
      await page.goto(`${server.baseUrl}/`);
      // The home page is the first outside the lottery: the after-login rewards wait for it.
      await dismissAutoDialogs(page);
      const leftBar = page.getByTestId('left-bar');
      await leftBar.getByRole('button', { name: 'Lottery', exact: true }).click();
      await leftBar
        .getByRole('list', { name: 'Lottery' })
        .getByRole('button', { name: 'All' })
        .click();
      await page.waitForURL(/\/seaLottery\?gameCode=/);
      await page.getByTestId('bet-slip').waitFor();

      // Phone size: one column, the menu scrolls sideways.
      await page.setViewportSize(PHONE_VIEWPORT);
      await page.getByTestId('bet-slip').waitFor();
      // The layout settles after the resize (responsive hooks run after the media query
      // changes). A string: e2e files are type-checked without the DOM.
      await expect
        .poll(() => page.evaluate('document.documentElement.scrollWidth'), {
          timeout: LAYOUT_SETTLE_MS,
        })
        .toBeLessThanOrEqual(PHONE_VIEWPORT.width);
      await screenshot('lottery-thai-phone');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it('has no serious accessibility finding and asks a guest to log in to bet', async () => {
    // axe is injected into the page: the context must bypass the site's CSP.
    const { server } = journey;
    const guest = await journey.newPage({
      bypassCSP: true,
      viewport: { width: 1280, height: 900 },
    });
    try {
      await guest.goto(`${server.baseUrl}/lottery?gameCode=DICE3_1M`);
      await guest.getByRole('heading', { name: 'Three Dice 1 min' }).waitFor();
      await guest
        .getByTestId('latest-result')
        .getByTestId('dice-result')
        .waitFor({ timeout: DRAW_WAIT_MS });
      expect(await seriousAxeViolations(guest)).toEqual([]);
      await waitForTimeToBet(guest);
      const slip = guest.getByTestId('bet-slip');
      await slip.getByLabel('Bet type').selectOption('big_small');
      await slip.getByRole('button', { name: 'Big' }).click();
      await slip.getByTestId('add-line').click();
      await slip.getByTestId('place-bets').click();
      await guest.getByRole('dialog').getByLabel('Username').waitFor();
      await journey.screenshot(guest, 'lottery-guest-login');
    } finally {
      await guest.context().close();
    }
  });
});
