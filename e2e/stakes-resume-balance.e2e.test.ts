import type { FrameLocator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { allowOneStepAdjustments } from './support/adjustments.js';
import { signInAndEnrol } from './support/console.js';
import { useJourney } from './support/journey.js';
import { STEP_TIMEOUT_MS } from './support/site.js';

const OPERATOR_PASSWORD = 'stakes-operator-password';
/** VND credited to the player: enough for rounds at the demo's stakes (1,000 ₫ and up). */
const FUNDS = 1_000_000;
/** A credit made while the game is open: it must reach the game's own bar. */
const TOP_UP = 5_000;
/** A Mines round can end on the first tile (3 mines in 25): start again at most this often. */
const MINES_ATTEMPTS = 6;
/** A push crosses the event stream, NOTIFY, the socket and the frame: a step's time at most. */
const POLL = { timeout: STEP_TIMEOUT_MS, interval: 200 };

/**
 * Issue 22 items 1, 7 and 8 on the VND demo: the games offer stakes in dong (first stake
 * 10,000 ₫, chips from 1,000 ₫); a reload inside a game resumes it (an open Mines round
 * included) instead of "This game session has ended"; the game bar follows a balance change
 * made elsewhere and the header's "hide balance".
 */
describe('stakes in the currency, reload resumes, one balance', () => {
  const journey = useJourney('stakes-resume-balance', {
    env: { DEMO_OPERATOR_PASSWORD: OPERATOR_PASSWORD },
  });
  let username = '';
  let operatorToken = '';

  async function call(path: string, body: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${journey.server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', merchant: 'DEMO', ...headers },
      body: JSON.stringify(body),
    });
    const envelope = (await response.json()) as { success: boolean; value: unknown };
    expect(envelope.success, `${path}: ${JSON.stringify(envelope)}`).toBe(true);
    return envelope.value as Record<string, unknown>;
  }

  async function credit(amount: number, key: string) {
    await call(
      '/admin/members/adjust-balance',
      { account: username, amount, reason: 'stakes journey' },
      { authorization: operatorToken, 'idempotency-key': `${key}-${username}` },
    );
  }

  beforeAll(async () => {
    await allowOneStepAdjustments(journey.server);
    ({ username } = await journey.registerMember(journey.page, 'stk'));
    const login = await call('/admin/session/login', {
      username: 'operator',
      password: OPERATOR_PASSWORD,
    });
    operatorToken = String(login.token);
    await credit(FUNDS, 'fund');
  });

  const frame = (): FrameLocator => journey.page.frameLocator('iframe[title="Game"]');

  /** Opens a game from its lobby and answers its frame once the bar shows the balance. */
  async function openGame(lobby: string, name: string): Promise<FrameLocator> {
    const { page, server } = journey;
    await page.goto(`${server.baseUrl}/${lobby}`);
    await page
      .getByRole('main')
      .getByRole('button', { name: `Play ${name}`, exact: true })
      .click();
    await page.waitForURL(/\/game$/);
    const game = frame();
    await game.getByRole('heading', { name }).waitFor();
    await game.getByTestId('builtin-balance').filter({ hasText: /\d/ }).waitFor();
    return game;
  }

  it('Dice, Mines, Plinko and a slot offer stakes in dong', async () => {
    const { page } = journey;
    const dice = await openGame('inhouse', 'Dice');
    expect(await dice.getByTestId('stake-input').inputValue()).toBe('10000');
    const chips = dice.getByTestId('stake-chips');
    await chips.getByRole('button', { name: '1,000', exact: true }).waitFor();
    await chips.getByRole('button', { name: '50,000', exact: true }).click();
    expect(await dice.getByTestId('stake-input').inputValue()).toBe('50000');
    await dice.getByRole('button', { name: 'Roll', exact: true }).click();
    await dice.getByTestId('round-result').waitFor();
    await journey.screenshot(page, 'dice-vnd');

    for (const name of ['Mines', 'Plinko']) {
      const game = await openGame('inhouse', name);
      expect(await game.getByTestId('stake-input').inputValue()).toBe('10000');
      await journey.screenshot(page, `${name.toLowerCase()}-vnd`);
    }
    const slot = await openGame('rng', 'Jade Dragon');
    await slot.getByTestId('slot-total-bet').filter({ hasText: '10,000.00 VND' }).waitFor();
    await journey.screenshot(page, 'jade-dragon-vnd');
  });

  it('a reload inside Mines resumes the open round, which then cashes out', async () => {
    const { page } = journey;
    let game = await openGame('inhouse', 'Mines');
    let open = false;
    for (let attempt = 0; attempt < MINES_ATTEMPTS && !open; attempt += 1) {
      await game.getByTestId('mines-start').click();
      await game.getByTestId('mines-next-multiplier').waitFor();
      await game.getByTestId('mines-tile-12').click();
      await game.getByTestId('mines-tile-12').and(game.locator('[data-look="hidden"]')).waitFor({
        state: 'detached',
      });
      open = (await game.getByTestId('mines-tile-12').getAttribute('data-look')) === 'safe';
      if (!open) await game.getByTestId('round-result').waitFor();
    }
    expect(open).toBe(true);

    await page.reload();
    game = frame();
    await game.getByRole('heading', { name: 'Mines' }).waitFor();
    await game.getByTestId('mines-tile-12').and(game.locator('[data-look="safe"]')).waitFor();
    expect(await game.getByText('This game session has ended').count()).toBe(0);
    await journey.screenshot(page, 'mines-resumed');
    await game.getByTestId('mines-cash-out').click();
    await game.getByTestId('round-result').waitFor();
  });

  it('the game bar follows a credit made elsewhere and the header hides it too', async () => {
    const { page } = journey;
    const game = await openGame('inhouse', 'Dice');
    const bar = game.getByTestId('builtin-balance');
    const header = page.getByRole('banner').getByTestId('balance-amount');
    const amountOf = async (text: Promise<string | null>) =>
      Number(((await text) ?? '').replace(/[^0-9.]/g, ''));
    await expect
      .poll(() => amountOf(header.textContent()), POLL)
      .toBe(await amountOf(bar.textContent()));
    const before = await amountOf(bar.textContent());

    await credit(TOP_UP, 'top-up');
    await expect.poll(() => amountOf(bar.textContent()), POLL).toBe(before + TOP_UP);
    await expect.poll(() => amountOf(header.textContent()), POLL).toBe(before + TOP_UP);

    await page.getByRole('banner').getByRole('button', { name: 'Hide balance' }).click();
    await bar.filter({ hasText: '***' }).waitFor();
    await journey.screenshot(page, 'balance-hidden');
    await page.getByRole('banner').getByRole('button', { name: 'Show balance' }).click();
    await bar.filter({ hasText: /\d/ }).waitFor();
    expect(journey.pageErrors).toEqual([]);
  });

  it("the console edits the merchant's VND stakes; a new game starts from them", async () => {
    const { server } = journey;
    const admin = await journey.newPage();
    await signInAndEnrol(admin, server.baseUrl, 'admin');
    await admin.getByTestId('nav-builtinGames').click();
    const profile = admin.getByTestId('stake-profile');
    await profile.getByText('Stakes in VND').waitFor();
    await admin.getByTestId('profile-defaultStakeMinor').fill('20000');
    await admin.getByTestId('settings-games-save').click();
    await admin.getByTestId('settings-games-save-saved').waitFor();
    await journey.screenshot(admin, 'console-stakes-vnd', { fullPage: true });
    await admin.context().close();

    const dice = await openGame('inhouse', 'Dice');
    await expect.poll(() => dice.getByTestId('stake-input').inputValue(), POLL).toBe('20000');
  });
});
