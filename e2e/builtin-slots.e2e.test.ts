import type { FrameLocator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { fund } from '../apps/server/test/money-helpers.js';
import { PHONE_VIEWPORT, useJourney } from './support/journey.js';

/** VND: enough for a few spins at the demo's first total bet (10,000 ₫). */
const FUNDS = 1_000_000;
/** Neon Fruits' first bet: 25 lines x 200 ₫ a line (minor units). */
const NEON_BET_PER_LINE_MINOR = 20_000n;
const NEON_FIRST_STAKE_MINOR = 25n * NEON_BET_PER_LINE_MINOR;
const DESKTOP_VIEWPORT = { width: 1100, height: 900 };
/** The slots of the demo merchant, by card name in the /rng lobby. */
const SLOTS = [
  { name: 'Jade Dragon', gameCode: 'inh-jade-dragon' },
  { name: 'Neon Fruits', gameCode: 'inh-neon-fruits' },
] as const;

const money = (minor: bigint) =>
  (Number(minor) / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });

/**
 * The two slots in the real server process and Chromium: opened from the /rng lobby into the
 * /game frame, a spin moves the balance by exactly payout - stake, the round is in the betting
 * record, and after a seed rotation its verify link recomputes it.
 */
describe('built-in slots: lobby, spin, balance, betting record, verify', () => {
  const journey = useJourney('builtin-slots', { page: { viewport: DESKTOP_VIEWPORT } });
  let memberId = 0n;

  beforeAll(async () => {
    const db = await journey.db();
    const { username } = await journey.registerMember(journey.page, 'slot');
    const member = await db
      .selectFrom('members')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    memberId = BigInt(member.id);
    await fund(db, memberId, FUNDS);
  });

  const main = () => journey.page.getByRole('main');
  const game = (): FrameLocator => journey.page.frameLocator('iframe[title="Game"]');

  async function latestRound() {
    const db = await journey.db();
    return db
      .selectFrom('game_rounds')
      .select(['stake_minor', 'win_minor', 'status', 'round_ref'])
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  }

  async function shownBalanceMinor(frame: FrameLocator): Promise<bigint> {
    const text = (await frame.getByTestId('builtin-balance').textContent()) ?? '';
    return BigInt(Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100));
  }

  for (const [index, slot] of SLOTS.entries()) {
    it(`${slot.name}: opens from /rng, spins, and moves the balance by payout - stake`, async () => {
      const { page, server } = journey;
      await page.goto(`${server.baseUrl}/rng`);
      await main()
        .getByRole('button', { name: `Play ${slot.name}`, exact: true })
        .click();
      await page.waitForURL(/\/game$/);
      const frame = game();
      await frame.getByRole('button', { name: 'Spin', exact: true }).waitFor();
      const before = await shownBalanceMinor(frame);
      if (index === 0) expect(before).toBe(BigInt(FUNDS * 100));
      await frame.getByRole('button', { name: 'Spin', exact: true }).click();
      // The round is over when the client has shown it: the button reads "Spin" again and the
      // result line says how it ended.
      await frame
        .getByTestId('slot-result')
        .locator('[data-kind]:not([data-kind="info"])')
        .waitFor();
      await frame.getByRole('button', { name: 'Spin', exact: true }).waitFor();
      const round = await latestRound();
      expect(round.status).toBe('settled');
      const expected = before - BigInt(round.stake_minor) + BigInt(round.win_minor);
      await frame
        .getByTestId('builtin-balance')
        .getByText(new RegExp(`^${money(expected).replace('.', '\\.')}`))
        .waitFor();
      expect(await shownBalanceMinor(frame)).toBe(expected);
      await journey.screenshot(page, slot.gameCode);

      if (index === 1) {
        // A phone: the five reels and the controls fit the width.
        await page.setViewportSize(PHONE_VIEWPORT);
        await frame.getByRole('button', { name: 'Spin', exact: true }).click();
        await frame.getByRole('button', { name: 'Spin', exact: true }).waitFor();
        await journey.screenshot(page, `${slot.gameCode}-phone`);
        const reels = await frame.getByTestId('slot-reel-5').boundingBox();
        expect((reels?.x ?? 0) + (reels?.width ?? 0)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
        await page.setViewportSize(DESKTOP_VIEWPORT);
      }
      await frame.getByRole('button', { name: 'Rules' }).click();
      await frame.getByTestId('slot-rules').getByText('Paytable').waitFor();
      await journey.screenshot(page, `${slot.gameCode}-rules`);
      await frame.getByRole('dialog').getByRole('button').first().click();
      await frame.getByTestId('slot-rules').waitFor({ state: 'detached' });
    });
  }

  it('lists the rounds in the betting record', async () => {
    const { page, server } = journey;
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Betting record' }).click();
    const centre = page.getByRole('dialog', { name: 'Member centre' });
    const table = centre.getByRole('table', { name: 'Bets' });
    for (const slot of SLOTS) await table.getByText(slot.name).first().waitFor();
    await journey.screenshot(page, 'betting-record');
  });

  it('verifies a round on the verify page after the seed is rotated', async () => {
    const { page, server } = journey;
    const db = await journey.db();
    await page.goto(`${server.baseUrl}/rng`);
    await main().getByRole('button', { name: 'Play Neon Fruits', exact: true }).click();
    await page.waitForURL(/\/game$/);
    const frame = game();
    await frame.getByRole('button', { name: 'Fairness' }).click();
    await frame.getByRole('button', { name: 'Rotate seed' }).click();
    await frame.getByTestId('fair-revealed-seed').waitFor();
    await frame.getByRole('dialog').getByRole('button').first().click();
    await frame.getByRole('button', { name: 'History' }).click();
    const link = frame
      .getByTestId('builtin-history-round')
      .first()
      .getByRole('link', { name: 'Verify this round' });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/verify\?/);
    await page.goto(`${server.baseUrl}${href}`);
    await page.getByTestId('hash-match').waitFor();
    const outcome = JSON.parse((await page.getByTestId('verify-outcome').textContent()) ?? '{}');
    expect(outcome.gameCode).toBe('inh-neon-fruits');
    expect(outcome.lines).toBe(25);
    expect(Array.isArray(outcome.base.grid)).toBe(true);
    // The recomputed pay is the one the server paid: totalPay x bet per line, in minor units.
    const rounds = await db
      .selectFrom('game_rounds')
      .select(['win_minor', 'stake_minor'])
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .execute();
    // Neon Fruits' first bet: 25 lines x 200 ₫, the largest step within the 10,000 ₫ first stake.
    const neon = rounds.find((row) => BigInt(row.stake_minor) === NEON_FIRST_STAKE_MINOR);
    expect(neon && BigInt(neon.win_minor)).toBe(BigInt(outcome.totalPay) * NEON_BET_PER_LINE_MINOR);
    await journey.screenshot(page, 'verify');
    expect(journey.pageErrors).toEqual([]);
  });
});
