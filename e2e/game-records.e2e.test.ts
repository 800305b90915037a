import { describe, expect, it } from 'vitest';
import {
  type FixtureGame,
  fixtureGameQueries,
  fixtureRoundQuery,
} from '../apps/server/test/game-round-fixtures.js';
import { useJourney } from './support/journey.js';

const HOUR_MS = 60 * 60 * 1000;

const slots: FixtureGame = {
  merchantCode: 'DEMO',
  vassalage: 'E2ESLOTS',
  vendorName: 'Journey Slots',
  gameCode: 'lucky-7',
  gameType: 'RNG',
  names: { EN: 'Lucky Seven', VI: 'Bảy May Mắn' },
};
const live: FixtureGame = {
  merchantCode: 'DEMO',
  vassalage: 'E2ELIVE',
  vendorName: 'Journey Live',
  gameCode: 'baccarat',
  gameType: 'LIVE',
  names: { EN: 'Baccarat' },
};

describe('the betting records: betting record, round detail, personal profit', () => {
  const journey = useJourney('game-records', { page: { viewport: { width: 1280, height: 900 } } });
  const screenshot = (name: string) => journey.screenshot(journey.page, name);

  it('lists the rounds, filters them, totals them and shows one round', async () => {
    const { page } = journey;
    const db = await journey.pg();
    const { username, header } = await journey.registerMember(page, 'bets');
    const member = await db.query<{ id: string }>('SELECT id FROM members WHERE username = $1', [
      username,
    ]);
    const memberId = member.rows[0]?.id ?? '';
    const now = Date.now();
    const round = (game: FixtureGame, ref: string, agoMs: number, stake: bigint, win: bigint) =>
      fixtureRoundQuery({
        merchantCode: 'DEMO',
        memberId,
        vassalage: game.vassalage,
        gameCode: game.gameCode,
        gameType: game.gameType,
        roundRef: ref,
        stakeMinor: stake,
        winMinor: win,
        startedAt: new Date(now - agoMs),
        detail:
          ref === 'e2e-1'
            ? {
                choice: { lines: 20, betPerLine: 2500 },
                outcome: { reels: ['7', '7', '7'], winLines: [1, 4] },
                serverSeedHash: 'c0ffee',
              }
            : {},
      });
    for (const query of [
      ...fixtureGameQueries(slots),
      ...fixtureGameQueries(live),
      round(slots, 'e2e-1', 2 * HOUR_MS, 5_000_000n, 12_000_000n),
      round(live, 'e2e-2', 3 * HOUR_MS, 3_000_000n, 0n),
      round(slots, 'e2e-3', 26 * HOUR_MS, 1_000_000n, 250_000n),
    ]) {
      await db.query(query.text, query.values);
    }

    await header.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Betting record' }).click();
    const centre = page.getByRole('dialog', { name: 'Member centre' });
    await centre.getByRole('heading', { name: 'Betting record' }).waitFor();
    const table = centre.getByRole('table', { name: 'Bets' });
    await table.getByText('Lucky Seven').first().waitFor();
    expect(await table.getByRole('row').count()).toBe(4);
    const totals = centre.getByRole('group', { name: 'Totals' });
    await totals.getByText('3 rounds').waitFor();
    await totals.getByTestId('total_stake').getByText('90,000.00').waitFor();
    await totals.getByTestId('total_profit').getByText('+32,500.00').waitFor();
    await screenshot('game-records-all');

    await centre.getByLabel('Category', { exact: true }).click();
    await page.getByRole('option', { name: 'Slots' }).click();
    await totals.getByText('2 rounds').waitFor();
    await totals.getByTestId('total_profit').getByText('+62,500.00').waitFor();
    expect(await table.getByRole('row').count()).toBe(3);
    await expect(table.getByText('Baccarat').count()).resolves.toBe(0);

    await table.getByRole('button', { name: 'Details of round e2e-1' }).click();
    const detail = page.getByRole('dialog', { name: 'Round detail' });
    await detail.getByRole('heading', { name: 'Lucky Seven' }).waitFor();
    const summary = detail.getByTestId('round-summary');
    await summary.getByText('50,000.00').waitFor();
    await summary.getByText('120,000.00').waitFor();
    await summary.getByText('+70,000.00').waitFor();
    await summary.getByText('Settled', { exact: true }).waitFor();
    await detail.getByText('Bet per line').waitFor();
    await detail.getByText('7, 7, 7').waitFor();
    await detail.getByText('Server seed hash').waitFor();
    await screenshot('game-records-detail');
    await detail.getByRole('button', { name: 'Close' }).click();
    await detail.waitFor({ state: 'detached' });

    // Last-game recall: the newest round.
    await centre.getByRole('button', { name: 'Last round' }).click();
    await page.getByRole('dialog', { name: 'Round detail' }).getByText('e2e-1').waitFor();
    await page
      .getByRole('dialog', { name: 'Round detail' })
      .getByRole('button', { name: 'Close' })
      .click();
  });

  it('shows the personal profit per day and per category', async () => {
    const { page } = journey;
    const centre = page.getByRole('dialog', { name: 'Member centre' });
    await centre.getByRole('button', { name: 'Personal profit and loss' }).click();
    await centre.getByRole('heading', { name: 'Personal profit and loss' }).waitFor();
    const byCategory = centre.getByRole('table', { name: 'Profit and loss by category' });
    const slotsRow = byCategory.getByRole('row').filter({ hasText: 'Slots' });
    await slotsRow.getByText('+62,500.00').waitFor();
    expect(await slotsRow.getByRole('cell').allInnerTexts()).toEqual([
      'Slots',
      '2',
      '60,000.00',
      '122,500.00',
      '+62,500.00',
    ]);
    const liveRow = byCategory.getByRole('row').filter({ hasText: 'Live casino' });
    await liveRow.getByText('-30,000.00').waitFor();
    const byDay = centre.getByRole('table', { name: 'Profit and loss by day' });
    expect(await byDay.getByRole('row').count()).toBeGreaterThanOrEqual(2);
    await centre.getByRole('group', { name: 'Totals' }).getByText('+32,500.00').waitFor();
    await screenshot('game-records-profit');
  });
});
