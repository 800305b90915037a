import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  addTestGame,
  drawRow,
  lotteryOn,
  openDrawOf,
} from '../apps/server/test/lottery-fixtures.js';
import { DEMO_CONSOLE_PASSWORD, signInAndEnrol } from './support/console.js';
import { useJourney } from './support/journey.js';

/** Operator B, created by the admin on the Operators page. */
const CHECKER_USERNAME = 'lottery.checker';
const CHECKER_PASSWORD = 'lottery-checker-password';
/** The DIGIT5 result operator A types: five one-digit positions. */
const ENTERED_DIGITS = ['3', '1', '4', '1', '5'];
/** A tick this long after the draw time closes the draw (real draws wait there for a result). */
const AFTER_DRAW_MS = 1_000;

/** Opens the Lottery page and one of its views (by the view's English label). */
async function openLotteryView(page: Page, label: string): Promise<void> {
  await page.getByTestId('nav-lottery').click();
  await page.getByTestId('lottery-views').getByText(label, { exact: true }).click();
}

describe('the console Lottery page: two operators enter and confirm a real draw', () => {
  const journey = useJourney('console-lottery');
  let drawId = 0;

  it('has a closed draw of a game whose results are entered by hand', async () => {
    const db = await journey.db();
    const gameCode = await addTestGame(db, { format: 'DIGIT5', source: 'real' });
    const { lottery } = lotteryOn(db);
    await lottery.tick(new Date());
    const draw = await openDrawOf(db, gameCode);
    await lottery.tick(new Date(draw.drawAtMs + AFTER_DRAW_MS));
    expect((await drawRow(db, draw.drawId))?.status).toBe('closed');
    drawId = draw.drawId;
  });

  it('lets operator A enter the result, and refuses A confirming it', async () => {
    const page = journey.page;
    await signInAndEnrol(page, journey.server.baseUrl, 'admin', DEMO_CONSOLE_PASSWORD);
    await openLotteryView(page, 'Awaiting result');
    const row = page.locator(`[data-testid="draw-row"][data-draw-id="${drawId}"]`);
    await row.getByTestId('draw-enter').click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByTestId('result-format').textContent()).toContain('DIGIT5');
    await dialog.getByTestId('prize-digits').fill('3 1 4');
    await dialog.getByTestId('enter-result-submit').click();
    await dialog.getByText('Enter exactly 5 number(s)').waitFor();
    await dialog.getByTestId('prize-digits').fill(ENTERED_DIGITS.join(' '));
    await journey.screenshot(page, 'enter-result');
    await dialog.getByTestId('enter-result-submit').click();
    await dialog.waitFor({ state: 'detached' });

    await openLotteryView(page, 'Awaiting confirmation');
    await row.getByText('Entered by you: another operator confirms').waitFor();
    await row.getByTestId('draw-confirm').click();
    await dialog.getByTestId('confirm-result-submit').click();
    const refusal = dialog.getByTestId('confirm-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe('A different operator must confirm the result');
    await journey.screenshot(page, 'same-operator-refused');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await drawRow(await journey.db(), drawId))?.status).toBe('entered');
  });

  it('lets A create operator B, who confirms, and the draw shows as settled', async () => {
    const page = journey.page;
    await page.getByTestId('nav-operators').click();
    await page.getByTestId('operator-create').click();
    const createDialog = page.getByRole('dialog');
    await createDialog.getByTestId('operator-username').fill(CHECKER_USERNAME);
    await createDialog.getByTestId('operator-password').fill(CHECKER_PASSWORD);
    await createDialog.getByTestId('operator-role-select').selectOption('content');
    await createDialog.getByTestId('operator-create-submit').click();
    await createDialog.waitFor({ state: 'detached' });

    const checker = await journey.newPage();
    await signInAndEnrol(checker, journey.server.baseUrl, CHECKER_USERNAME, CHECKER_PASSWORD);
    await openLotteryView(checker, 'Awaiting confirmation');
    const row = checker.locator(`[data-testid="draw-row"][data-draw-id="${drawId}"]`);
    await row.getByTestId('draw-confirm').click();
    const dialog = checker.getByRole('dialog');
    await dialog.getByTestId('confirm-result-submit').click();
    await dialog.waitFor({ state: 'detached' });

    await openLotteryView(checker, 'Settled');
    await row.getByText('Settled', { exact: true }).waitFor();
    expect(await row.getByTestId('entered-result').textContent()).toContain(
      ENTERED_DIGITS.join(' '),
    );
    await journey.screenshot(checker, 'settled', { fullPage: true });
    const stored = await drawRow(await journey.db(), drawId);
    expect(stored?.status).toBe('settled');
    expect(stored?.result).toEqual({ digits: ENTERED_DIGITS });
    expect(journey.pageErrors).toEqual([]);
  });
});
