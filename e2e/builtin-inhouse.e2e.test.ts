import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../apps/server/src/db/database.js';
import { fund } from '../apps/server/test/money-helpers.js';
import { launchBrowser } from './support/browser.js';
import { databaseUrlOf, type RunningServer, startServer } from './support/server.js';
import { openPage, registerOnPage } from './support/site.js';

const SCREENSHOT_DIR = tmpdir();
const FUNDS = 100;
const STAKE = 2;

async function screenshot(page: Page, name: string): Promise<void> {
  const file = path.join(SCREENSHOT_DIR, `builtin-inhouse-${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled' });
  console.log(`screenshot: ${file}`);
}

/** The shell's balance, major units ("1,234.50 VND" -> 1234.5). */
async function balanceIn(game: FrameLocator): Promise<number> {
  const text = (await game.getByTestId('builtin-balance').textContent()) ?? '';
  return Number(text.replace(/[^0-9.]/g, ''));
}

/**
 * A member plays Dice, Mines and Plinko from the /inhouse lobby with real balance: each round
 * moves the balance by exactly payout - stake, and every round is in the betting record.
 */
describe('in-house games: Dice, Mines and Plinko', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let db: Db;
  let memberId = 0n;
  const minesShown: number[] = [];
  let revealed = { serverSeed: '', clientSeed: '' };
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    db = createDatabase(await databaseUrlOf(server));
    page = await openPage(browser);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const username = `inh${Date.now().toString(36).slice(-6)}`;
    await registerOnPage(page, server.baseUrl, username);
    const member = await db
      .selectFrom('members')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    memberId = BigInt(member.id);
    await fund(db, memberId, FUNDS);
  });

  afterAll(async () => {
    await db?.destroy();
    await browser?.close();
    if (server) expect(await server.stop()).toBe(0);
  });

  /** Opens a game from the lobby and answers its frame once the shell shows the balance. */
  async function openGame(name: string): Promise<FrameLocator> {
    await page.goto(`${server.baseUrl}/inhouse`);
    await page
      .getByRole('main')
      .getByRole('button', { name: `Play ${name}`, exact: true })
      .click();
    await page.waitForURL(/\/game$/);
    const game = page.frameLocator('iframe[title="Game"]');
    await game.getByRole('heading', { name }).waitFor();
    await game.getByTestId('builtin-balance').filter({ hasText: /\d/ }).waitFor();
    return game;
  }

  /** Waits for the round's result and checks the balance moved by exactly payout - stake. */
  async function expectSettled(game: FrameLocator, before: number): Promise<number> {
    const result = game.getByTestId('round-result');
    await result.waitFor();
    const payout = Number(await result.getAttribute('data-payout'));
    const expected = Math.round((before - STAKE + payout) * 100) / 100;
    await game
      .getByTestId('builtin-balance')
      .filter({ hasText: expected.toLocaleString('en-US', { minimumFractionDigits: 2 }) })
      .waitFor();
    expect(await balanceIn(game)).toBeCloseTo(expected, 2);
    return payout;
  }

  it('Dice: target, chance and payout before the roll; the roll settles exactly', async () => {
    const game = await openGame('Dice');
    await game.getByTestId('dice-client').waitFor();
    const before = await balanceIn(game);
    await game.getByTestId('stake-input').fill(String(STAKE));
    await game.locator('label', { hasText: 'Roll under' }).click();
    const slider = game.getByRole('slider');
    await slider.focus();
    await slider.press('ArrowLeft');
    expect(await game.getByTestId('dice-chance').textContent()).toBe('49.99 %');
    await game.getByRole('button', { name: 'Roll', exact: true }).click();
    await expectSettled(game, before);
    await game.getByTestId('dice-roll').waitFor();
    await screenshot(page, 'dice');
  });

  it('Mines: start, reveal a tile, then cash out or hit a mine; the board shows at the end', async () => {
    const game = await openGame('Mines');
    await game.getByTestId('mines-client').waitFor();
    const before = await balanceIn(game);
    await game.getByTestId('stake-input').fill(String(STAKE));
    await game.getByTestId('mines-start').click();
    await game.getByTestId('mines-next-multiplier').waitFor();
    await game.getByTestId('mines-tile-12').click();
    await game.getByTestId('mines-tile-12').and(game.locator('[data-look="hidden"]')).waitFor({
      state: 'detached',
    });
    if ((await game.getByTestId('mines-tile-12').getAttribute('data-look')) === 'safe') {
      await screenshot(page, 'mines-playing');
      await game.getByTestId('mines-cash-out').click();
    }
    await expectSettled(game, before);
    const mineTiles = game.locator('[data-look="mine"], [data-look="hit"]');
    expect(await mineTiles.count()).toBe(3);
    for (const testId of await mineTiles.evaluateAll((tiles) =>
      tiles.map((tile) => tile.getAttribute('data-testid') ?? ''),
    )) {
      minesShown.push(Number(testId.replace('mines-tile-', '')));
    }
    await screenshot(page, 'mines-end');

    // The rules: every multiplier of the chosen mine count, and the RTP.
    await game.getByRole('button', { name: 'Rules' }).click();
    const rules = game.getByRole('dialog', { name: 'Rules' });
    await rules.getByTestId('mines-odds').waitFor();
    expect(await rules.getByTestId('rules-rtp').textContent()).toContain('99 %');
    await screenshot(page, 'mines-rules');
    await page.keyboard.press('Escape');

    // Rotating the seed reveals it; the public verify page recomputes the same board.
    await game.getByRole('button', { name: 'Fairness' }).click();
    const fairness = game.getByRole('dialog', { name: 'Fairness' });
    const clientSeed = await fairness.getByLabel('Client seed').inputValue();
    await fairness.getByRole('button', { name: 'Rotate seed' }).click();
    const serverSeed = (await fairness.getByTestId('fair-revealed-seed').textContent()) ?? '';
    revealed = { serverSeed, clientSeed };
    await page.keyboard.press('Escape');
  });

  it('the verify page recomputes the Mines board from the revealed seeds', async () => {
    const query = new URLSearchParams({
      game: 'inh-mines',
      serverSeed: revealed.serverSeed,
      clientSeed: revealed.clientSeed,
      // The member's seed pair counts every built-in round: Dice was nonce 0, Mines nonce 1.
      nonce: '1',
      params: JSON.stringify({ stake: STAKE, mineCount: 3 }),
    });
    await page.goto(`${server.baseUrl}/verify?${query.toString()}`);
    const outcome = page.getByTestId('verify-outcome');
    await outcome.waitFor();
    expect(JSON.parse((await outcome.textContent()) ?? '{}')).toEqual({
      mines: [...minesShown].sort((a, b) => a - b),
    });
  });

  it('Plinko: rows and risk, the ball lands in the bucket the server chose', async () => {
    const game = await openGame('Plinko');
    await game.getByTestId('plinko-client').waitFor();
    const before = await balanceIn(game);
    await game.getByTestId('stake-input').fill(String(STAKE));
    await game.locator('label', { hasText: 'High' }).click();
    await game.getByRole('button', { name: 'Drop ball' }).click();
    await expectSettled(game, before);
    await game.getByTestId('plinko-landed').waitFor();
    await screenshot(page, 'plinko');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'plinko-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('every round is in the betting record', async () => {
    const rounds = await db
      .selectFrom('game_rounds')
      .select(['stake_minor', 'status'])
      .where('member_id', '=', memberId.toString())
      .where('vassalage', '=', 'INH')
      .execute();
    expect(rounds).toHaveLength(3);
    expect(rounds.every((round) => round.status === 'settled' && round.stake_minor === '200')).toBe(
      true,
    );
    expect(pageErrors).toEqual([]);
  });
});
