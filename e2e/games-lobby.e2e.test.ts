import { describe, expect, it } from 'vitest';
import { PHONE_VIEWPORT, useJourney } from './support/journey.js';
import { waitForPageCondition } from './support/site.js';

/**
 * The demo merchant's catalogue (sandbox vendor SBX): Coin Flip, Lucky Wheel, Hi-Lo and the
 * 'Sandbox Table Games' entry (VASSALAGE: Hi-Lo, Dice Duel) on /rng, Dice Duel and its rooms on
 * /pvp.
 */
describe('a visitor browses the game lobbies; a member favourites, sees recent games and launches', () => {
  const journey = useJourney('games-lobby');
  const main = () => journey.page.getByRole('main');
  const dialog = () => journey.page.getByRole('dialog');
  const vendorTab = (name: string) =>
    main().getByRole('tablist', { name: 'Game providers' }).getByRole('tab', { name, exact: true });
  const card = (name: string) => main().getByRole('button', { name: `Play ${name}`, exact: true });

  it('shows the game rows on the home page and the categories in the left bar', async () => {
    const { page, server } = journey;
    await page.goto(`${server.baseUrl}/`);
    await main().getByRole('heading', { name: 'Game categories' }).waitFor();
    await main().getByRole('heading', { name: 'Hot games' }).waitFor();
    await main().getByRole('heading', { name: 'Winner board' }).waitFor();
    await journey.screenshot(page, 'home-desktop', { fullPage: true });
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.getByRole('button', { name: 'Slots' }).click();
    await nav.getByRole('link', { name: 'Sandbox Games' }).click();
    await page.waitForURL(/\/rng\?page=SBX$/);
    await main().getByRole('heading', { name: 'Slots' }).waitFor();
    expect(await vendorTab('Sandbox Games').getAttribute('aria-selected')).toBe('true');
    // The left bar's 'All' brings the lobby back to every vendor, not the last vendor's tab.
    await nav.getByRole('list', { name: 'Slots' }).getByRole('button', { name: 'All' }).click();
    await page.waitForURL(/\/rng$/);
    await expect.poll(() => vendorTab('All').getAttribute('aria-selected')).toBe('true');
  });

  it('browses /rng by vendor tab, searches a name in another language, and opens the pop-up', async () => {
    const { page, server } = journey;
    await page.goto(`${server.baseUrl}/rng`);
    await card('Coin Flip').waitFor();
    await card('Lucky Wheel').waitFor();
    // Icons load lazily and show.
    await waitForPageCondition(
      page,
      `[...document.querySelectorAll('[data-testid="game-card"] img')].some((img) => img.complete && img.naturalWidth > 0)`,
    );
    await journey.screenshot(page, 'rng-desktop');

    await vendorTab('Sandbox Games').click();
    await page.waitForURL(/\/rng\?page=SBX$/);
    // The vendor has several kinds of games: a sub-tab per classify.
    const kinds = main().getByRole('tablist', { name: 'Game types' });
    await kinds.getByRole('tab', { name: 'wheel' }).click();
    await card('Coin Flip').waitFor({ state: 'detached' });
    await card('Lucky Wheel').waitFor();
    await vendorTab('All').click();
    await page.waitForURL(/\/rng$/);

    // The Vietnamese name finds the game while the site is in English.
    await main().getByRole('searchbox', { name: 'Search by game name' }).fill('Vòng Quay');
    await card('Coin Flip').waitFor({ state: 'detached' });
    await card('Lucky Wheel').waitFor();
    await main().getByRole('button', { name: 'Clear search' }).click();
    await card('Coin Flip').waitFor();

    await card('Sandbox Table Games').click();
    await dialog().getByRole('button', { name: 'Play Hi-Lo' }).waitFor();
    await dialog().getByRole('button', { name: 'Play Dice Duel' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
  });

  it('asks a guest to log in before a favourite or a launch', async () => {
    const { page, server } = journey;
    await main().getByRole('button', { name: 'Add Coin Flip to favourites' }).click();
    await dialog().getByRole('button', { name: 'Login' }).first().waitFor();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
    await card('Lucky Wheel').click();
    await dialog().getByRole('button', { name: 'Login' }).first().waitFor();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
    expect(page.url()).toBe(`${server.baseUrl}/rng`);
  });

  it('lets a member keep a favourite and find it in the favourites tab', async () => {
    const { page, server } = journey;
    await journey.registerMember(page, 'lobbyfan');
    await page.goto(`${server.baseUrl}/rng`);
    await main().getByRole('button', { name: 'Add Coin Flip to favourites' }).click();
    const remove = main().getByRole('button', { name: 'Remove Coin Flip from favourites' });
    await remove.waitFor();
    expect(await remove.getAttribute('aria-pressed')).toBe('true');

    await vendorTab('Favourites').click();
    await card('Coin Flip').waitFor();
    expect(await card('Lucky Wheel').count()).toBe(0);

    await vendorTab('Recent').click();
    await main().getByText('Games you play will show here.').waitFor();
  });

  it('launches a game into the /game frame, then shows it among the recent games', async () => {
    const { page } = journey;
    await vendorTab('All').click();
    await card('Lucky Wheel').click();
    await page.waitForURL(/\/game$/);
    const frame = page.getByTitle('Game', { exact: true });
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(
      /\/sandbox-provider\/play\?token=[^&]+&lang=EN$/,
    );
    // Header only: no left bar, no footer.
    expect(await page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(false);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    // The sandbox provider (an outside provider over the signed seamless API) spent the launch
    // token and shows the game with the member's balance (0.00: a stake is refused).
    const game = page.frameLocator('iframe[title="Game"]');
    await game.getByRole('heading', { name: 'Lucky Wheel' }).waitFor();
    await game.getByText('0.00', { exact: true }).waitFor();
    await journey.screenshot(page, 'game-frame');

    await page.getByRole('button', { name: 'Close game' }).click();
    await page.waitForURL(/\/rng/);
    await vendorTab('Recent').click();
    await card('Lucky Wheel').waitFor();
  });

  it('shows the pvp rooms and the lobby on a phone', async () => {
    const { page, server } = journey;
    await page.goto(`${server.baseUrl}/pvp`);
    await main().getByRole('heading', { name: 'Rooms' }).waitFor();
    expect(await main().getByTestId('pvp-room').count()).toBe(3);
    await card('Dice Duel').waitFor();

    const phone = await journey.newPage({ viewport: PHONE_VIEWPORT });
    await phone.goto(`${server.baseUrl}/rng`);
    await phone.getByRole('main').getByRole('button', { name: 'Play Coin Flip' }).waitFor();
    await waitForPageCondition(
      phone,
      `[...document.querySelectorAll('[data-testid="game-card"] img')].some((img) => img.complete && img.naturalWidth > 0)`,
    );
    await journey.screenshot(phone, 'rng-phone');
    await phone.context().close();
    expect(journey.pageErrors).toEqual([]);
  });
});
