import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  type FixtureGame,
  fixtureGameQueries,
  fixtureRoundQuery,
} from '../apps/server/test/game-round-fixtures.js';
import { useJourney } from './support/journey.js';

/** The phones the layout must fit (issue 22, item 13), narrowest last. */
const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
  { width: 320, height: 640 },
] as const;
const HOUR_MS = 60 * 60 * 1000;
const BIG_BALANCE = 123_456_789;
/** Scrolled at least this far, the draw panel would have left the screen without sticking. */
const SCROLLED_PX = 300;
/** How the bets table lays out its body rows ('table-row' on a wide screen). */
const ROW_DISPLAYS = `[...document.querySelectorAll('[aria-label="Bets"] tbody tr')].map(
  (row) => getComputedStyle(row).display,
)`;

const slots: FixtureGame = {
  merchantCode: 'DEMO',
  vassalage: 'E2EPHONE',
  vendorName: 'Phone Slots',
  gameCode: 'phone-7',
  gameType: 'RNG',
  names: { EN: 'Pocket Sevens' },
};

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not visible');
  return box;
}

/** Every visible control of the header lies inside the header and the screen. */
async function expectHeaderFits(page: Page, width: number) {
  const header = page.getByRole('banner');
  const frame = await boxOf(header);
  const controls = header.locator('button:visible, a:visible, [data-testid="member-avatar"]');
  for (let index = 0; index < (await controls.count()); index += 1) {
    const box = await boxOf(controls.nth(index));
    const label = `${width}px: ${await controls.nth(index).evaluate((node) => node.outerHTML.slice(0, 80))}`;
    expect(box.x, label).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, label).toBeLessThanOrEqual(
      Math.min(width, frame.x + frame.width) + 0.5,
    );
    expect(box.y, label).toBeGreaterThanOrEqual(frame.y - 0.5);
    expect(box.y + box.height, label).toBeLessThanOrEqual(frame.y + frame.height + 0.5);
  }
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
}

describe('the site on a phone (issue 22, item 13)', () => {
  const journey = useJourney('phone-layout', { page: { viewport: PHONES[0] } });

  it('fits the header at 390, 360 and 320 px and shows the betting record as cards', async () => {
    const { page } = journey;
    const { username, header } = await journey.registerMember(page, 'phone');
    // A balance of nine digits, as a VND player has: the widest the header must hold.
    await page.route('**/wps/v2/wallets/balance', (route) =>
      route.fulfill({
        json: {
          success: true,
          value: {
            sumBalance: BIG_BALANCE,
            currency: 'VND',
            wallets: [{ type: 'cash', balance: BIG_BALANCE, currency: 'VND', currencySymbol: '₫' }],
          },
        },
      }),
    );
    await page.reload();
    await header
      .getByTestId('balance-amount')
      .getByText('123,456,789.00')
      .waitFor({ state: 'attached' });
    for (const phone of PHONES) {
      await page.setViewportSize(phone);
      await header.getByTestId('member-avatar').waitFor();
      await journey.screenshot(page, `header-${phone.width}`);
      await expectHeaderFits(page, phone.width);
    }

    const db = await journey.pg();
    const member = await db.query<{ id: string }>('SELECT id FROM members WHERE username = $1', [
      username,
    ]);
    const memberId = member.rows[0]?.id ?? '';
    const now = Date.now();
    for (const query of [
      ...fixtureGameQueries(slots),
      ...[1, 2, 3].map((n) =>
        fixtureRoundQuery({
          merchantCode: 'DEMO',
          memberId,
          vassalage: slots.vassalage,
          gameCode: slots.gameCode,
          gameType: slots.gameType,
          roundRef: `phone-${n}`,
          stakeMinor: 5_000_000n,
          winMinor: n === 2 ? 12_000_000n : 0n,
          startedAt: new Date(now - n * HOUR_MS),
          detail: {},
        }),
      ),
    ]) {
      await db.query(query.text, query.values);
    }
    await page.setViewportSize(PHONES[1]);
    await header.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Betting record' }).click();
    const centre = page.getByRole('dialog', { name: 'Member centre' });
    const table = centre.getByRole('table', { name: 'Bets' });
    await table.getByText('Pocket Sevens').first().waitFor();
    await table.scrollIntoViewIfNeeded();
    await journey.screenshot(page, 'records-360');
    const cards = table.locator('tbody tr');
    expect(await cards.count()).toBe(3);
    for (let index = 0; index < 3; index += 1) {
      const card = await boxOf(cards.nth(index));
      expect(card.x).toBeGreaterThanOrEqual(0);
      expect(card.x + card.width).toBeLessThanOrEqual(PHONES[1].width);
    }
    expect(await table.locator('thead').isVisible()).toBe(false);
    // Each row is a card: a box of its own, not a table row.
    expect(await page.evaluate(ROW_DISPLAYS)).toEqual(['flex', 'flex', 'flex']);
    await page.keyboard.press('Escape');
    await centre.waitFor({ state: 'hidden' });
  });

  it('opens a tapped announcement on the screen, with a way back to the list', async () => {
    const guest = await journey.newPage({ viewport: PHONES[1] });
    await guest.goto(`${journey.server.baseUrl}/`);
    await guest.getByRole('banner').getByRole('button', { name: 'Announcements' }).click();
    const dialog = guest.getByRole('dialog', { name: 'Announcements' });
    const titles = dialog.getByRole('navigation').getByRole('button');
    await titles.nth(2).waitFor();
    const tapped = (await titles.nth(2).locator('.mantine-NavLink-label').textContent()) ?? '';
    await titles.nth(2).click();
    const article = dialog.getByRole('article');
    await article.getByRole('heading', { name: tapped }).waitFor();
    const box = await boxOf(article.getByRole('heading', { name: tapped }));
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONES[1].height);
    await journey.screenshot(guest, 'announcement-360');
    await dialog.getByRole('button', { name: 'All announcements' }).click();
    await titles.nth(2).waitFor();
    await guest.context().close();
  });

  it('keeps the lottery countdown in view while the page scrolls', async () => {
    const player = await journey.newPage({ viewport: PHONES[1] });
    await player.goto(`${journey.server.baseUrl}/lottery`);
    const countdown = player.getByTestId('countdown');
    await countdown.waitFor();
    await journey.screenshot(player, 'lottery-top-360');
    const header = await boxOf(player.getByRole('banner'));
    // Down to the history and the player's bets, below the slip: the draw stays in view.
    await player.getByRole('tab', { name: 'My bets' }).scrollIntoViewIfNeeded();
    const stuck = await boxOf(countdown);
    expect(stuck.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    expect(stuck.y + stuck.height).toBeLessThanOrEqual(PHONES[1].height);
    expect(await player.evaluate('window.scrollY')).toBeGreaterThan(SCROLLED_PX);
    await journey.screenshot(player, 'lottery-scrolled-360');
    await player.context().close();
  });
});
