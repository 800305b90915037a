import type { FrameLocator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { fund } from '../apps/server/test/money-helpers.js';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, useJourney } from './support/journey.js';

/** VND: the demo's stakes start at 1,000 ₫. */
const FUNDS = 1_000_000;
const STAKE = 2_000;

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
  const journey = useJourney('builtin-inhouse');
  let memberId = 0n;
  const minesShown: number[] = [];
  let revealed = { serverSeed: '', clientSeed: '' };

  beforeAll(async () => {
    const db = await journey.db();
    const { username } = await journey.registerMember(journey.page, 'inh');
    const member = await db
      .selectFrom('members')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    memberId = BigInt(member.id);
    await fund(db, memberId, FUNDS);
  });

  /** Opens a game from the lobby and answers its frame once the shell shows the balance. */
  async function openGame(name: string): Promise<FrameLocator> {
    const { page, server } = journey;
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
    const { page } = journey;
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
    await journey.screenshot(page, 'dice');
  });

  it('Mines: start, reveal a tile, then cash out or hit a mine; the board shows at the end', async () => {
    const { page } = journey;
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
      await journey.screenshot(page, 'mines-playing');
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
    await journey.screenshot(page, 'mines-end');

    // The rules: every multiplier of the chosen mine count, and the RTP.
    await game.getByRole('button', { name: 'Rules' }).click();
    const rules = game.getByRole('dialog', { name: 'Rules' });
    await rules.getByTestId('mines-odds').waitFor();
    expect(await rules.getByTestId('rules-rtp').textContent()).toContain('99 %');
    await journey.screenshot(page, 'mines-rules');
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
    const { page, server } = journey;
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
    const { page } = journey;
    const game = await openGame('Plinko');
    await game.getByTestId('plinko-client').waitFor();
    const before = await balanceIn(game);
    await game.getByTestId('stake-input').fill(String(STAKE));
    await game.locator('label', { hasText: 'High' }).click();
    await game.getByRole('button', { name: 'Drop ball' }).click();
    await expectSettled(game, before);
    await game.getByTestId('plinko-landed').waitFor();
    await journey.screenshot(page, 'plinko');
    await page.setViewportSize(PHONE_VIEWPORT);
    await journey.screenshot(page, 'plinko-phone');
    await page.setViewportSize(DESKTOP_VIEWPORT);
  });

  it('every round is in the betting record', async () => {
    const db = await journey.db();
    const rounds = await db
      .selectFrom('game_rounds')
      .select(['stake_minor', 'status'])
      .where('member_id', '=', memberId)
      .where('vassalage', '=', 'INH')
      .execute();
    expect(rounds).toHaveLength(3);
    expect(
      rounds.every(
        (round) => round.status === 'settled' && round.stake_minor === BigInt(STAKE * 100),
      ),
    ).toBe(true);
    expect(journey.pageErrors).toEqual([]);
  });
});
