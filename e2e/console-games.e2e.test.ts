import { createCanvas } from '@napi-rs/canvas';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAndEnrol } from './support/console.js';
import { useJourney } from './support/journey.js';

/** A seeded game of the sandbox vendor (SBX) that the operator hides and shows again. */
const GAME_CODE = 'lucky-wheel';
const GAME_NAME = 'Lucky Wheel';
/** A game that stays listed, so the lobby is known to have loaded. */
const OTHER_GAME_NAME = 'Coin Flip';

/** The game the operator adds, with an icon drawn here. */
const NEW_GAME_CODE = 'journey-lanterns';
const NEW_GAME_NAME = 'Journey Lanterns';

async function iconPng(): Promise<Buffer> {
  const canvas = createCanvas(128, 128);
  const context = canvas.getContext('2d');
  context.fillStyle = '#c92a2a';
  context.fillRect(0, 0, 128, 128);
  context.fillStyle = '#ffd43b';
  context.fillRect(32, 32, 64, 64);
  return canvas.encode('png');
}

/** Screenshots for the journey's folder and /tmp, where the page's look is checked by eye. */
async function shoot(journey: ReturnType<typeof useJourney>, page: Page, name: string) {
  await journey.screenshot(page, name);
  await page.screenshot({ path: `/tmp/console-games-${name}.png`, animations: 'disabled' });
}

describe('the console Games page: an operator hides a game and the lobby stops listing it', () => {
  const journey = useJourney('console-games');
  const card = (page: Page, name: string) =>
    page.getByRole('main').getByRole('button', { name: `Play ${name}`, exact: true });
  const gameRow = () =>
    journey.page
      .getByTestId('game-row')
      .and(journey.page.locator(`[data-game-code="${GAME_CODE}"]`));

  async function lobbyLists(player: Page, listed: boolean) {
    await player.goto(`${journey.server.baseUrl}/rng`);
    await card(player, OTHER_GAME_NAME).waitFor();
    expect(await card(player, GAME_NAME).count()).toBe(listed ? 1 : 0);
  }

  it('lists the vendors and finds the game by name', async () => {
    const page = journey.page;
    await signInAndEnrol(page, journey.server.baseUrl, 'content');
    await page.getByTestId('nav-games').click();
    await page.getByTestId('vendor-row').first().waitFor();
    await page.getByTestId('games-search').fill('Vòng Quay');
    await page.getByTestId('games-search-submit').click();
    // The unfiltered list holds the game too: the search's answer is the list shrinking to it.
    await expect.poll(() => page.getByTestId('game-row').count()).toBe(1);
    await gameRow().waitFor();
    await shoot(journey, page, 'games');
  });

  it('hides the game: the player lobby no longer lists it, then shows it again', async () => {
    const page = journey.page;
    const player = journey.watch(await page.context().newPage());
    await lobbyLists(player, true);

    await gameRow().getByTestId('game-enabled').click({ force: true });
    await page
      .locator(`[data-testid="game-row"][data-game-code="${GAME_CODE}"][data-enabled="false"]`)
      .waitFor();
    await shoot(journey, page, 'game-hidden');
    await lobbyLists(player, false);
    await shoot(journey, player, 'lobby-without-game');

    await gameRow().getByTestId('game-enabled').click({ force: true });
    await page
      .locator(`[data-testid="game-row"][data-game-code="${GAME_CODE}"][data-enabled="true"]`)
      .waitFor();
    await lobbyLists(player, true);
    await player.close();
  });

  it('edits the names per language in a dialog', async () => {
    const page = journey.page;
    await gameRow().getByTestId('game-names').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('game-name-VI').waitFor();
    expect(await dialog.getByTestId('game-name-EN').inputValue()).toBe(GAME_NAME);
    await shoot(journey, page, 'game-names');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('adds a game with an uploaded icon (hidden until switched on) and changes a PvP room’s stakes', async () => {
    const page = journey.page;
    await page.getByTestId('new-game').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('new-game-code').fill(NEW_GAME_CODE);
    await dialog.getByTestId('new-game-name-EN').fill(NEW_GAME_NAME);
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'lanterns.png',
      mimeType: 'image/png',
      buffer: await iconPng(),
    });
    await dialog.getByTestId('game-icon-preview').waitFor();
    await shoot(journey, page, 'new-game');
    await dialog.getByTestId('new-game-save').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('games-search').fill(NEW_GAME_NAME);
    await page.getByTestId('games-search-submit').click();
    await page
      .locator(`[data-testid="game-row"][data-game-code="${NEW_GAME_CODE}"][data-enabled="false"]`)
      .waitFor();

    const room = page.locator('[data-testid="room-row"][data-room-id="dice-duel-1"]');
    await room.getByTestId('room-edit').click();
    await dialog.getByTestId('room-max').fill('250000');
    await dialog.getByTestId('room-save').click();
    await dialog.waitFor({ state: 'detached' });
    await room.getByText('250,000.00').waitFor();
    await shoot(journey, page, 'rooms');
  });
});
