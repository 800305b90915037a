import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addTestGame, lotteryOn, openDrawOf } from '../apps/server/test/lottery-fixtures.js';
import { DEMO_CONSOLE_PASSWORD, signInAndEnrol } from './support/console.js';
import { useJourney } from './support/journey.js';

const HOUR_MS = 3_600_000;
/** The test game's first largest stake (major units) and the one the admin sets. */
const FIRST_MAX_STAKE_MINOR = 100_000n;
const NEW_MAX_STAKE = 500;

describe('the console Lottery games view: a limit change reaches only the draws created after it', () => {
  const journey = useJourney('console-lottery-games');

  it('lowers a game’s largest stake; the open draw keeps its limit and the next new draw holds the new one', async () => {
    const db = await journey.db();
    // Within the form's bounds (a payout per number of at most 100,000,000), so only the stake changes.
    const gameCode = await addTestGame(db, {
      maxStakeMinor: FIRST_MAX_STAKE_MINOR,
      maxLiabilityMinor: 100_000_000n,
    });
    const { lottery } = lotteryOn(db);
    const startMs = Date.now();
    await lottery.tick(new Date(startMs));
    const before = await openDrawOf(db, gameCode);

    const page = journey.page;
    await signInAndEnrol(page, journey.server.baseUrl, 'admin', DEMO_CONSOLE_PASSWORD);
    await page.getByTestId('nav-lottery').click();
    await page.getByTestId('lottery-views').getByText('Games', { exact: true }).click();
    const row = page.locator(`[data-testid="game-row"][data-game-code="${gameCode}"]`);
    await row.getByTestId('game-edit').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('never to a draw already planned or open', { exact: false }).waitFor();
    await dialog.getByTestId('game-maxStake').fill(String(NEW_MAX_STAKE));
    await journey.screenshot(page, 'game-limits');
    await dialog.getByTestId('game-settings-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('500.00', { exact: false }).waitFor();
    await journey.screenshot(page, 'games-view');

    // Two hours on, the draws planned before the change are past and a new one is open.
    await lottery.tick(new Date(startMs + HOUR_MS + 60_000));
    await lottery.tick(new Date(startMs + 2 * HOUR_MS + 60_000));
    const after = await openDrawOf(db, gameCode);
    const limits = await sql<{ id: number; max_stake_minor: bigint }>`
      SELECT id::int AS id, max_stake_minor FROM lottery_draws WHERE id IN (${before.drawId}, ${after.drawId})
    `.execute(db);
    const byId = new Map(limits.rows.map((draw) => [draw.id, draw.max_stake_minor]));
    expect(byId.get(before.drawId)).toBe(FIRST_MAX_STAKE_MINOR);
    expect(byId.get(after.drawId)).toBe(BigInt(NEW_MAX_STAKE * 100));
  });
});
