import { beforeAll, describe, expect, it } from 'vitest';
import { fund } from '../apps/server/test/money-helpers.js';
import {
  insertSandboxGame,
  insertSandboxProvider,
} from '../apps/server/test/sandbox-provider-fixture.js';
import { useJourney } from './support/journey.js';
import { STEP_TIMEOUT_MS } from './support/site.js';

const SECRET = 'sandbox-e2e-secret-0123456789abcdef0123';
/** VND: the sandbox tables start at 1,000 ₫ (the currency's stake profile). */
const FUNDS = 1_000_000;
const API_HEADERS = { merchant: 'DEMO', 'content-type': 'application/json' };

/**
 * The sandbox provider in the real server process and Chromium: a launched game opens in a
 * same-origin frame, a click plays a round (signed bet and win over HTTP), the page shows the
 * outcome and the balance the platform answered.
 */
describe('sandbox game provider in the browser', () => {
  const journey = useJourney('sandbox-provider', {
    page: { viewport: { width: 900, height: 760 } },
  });
  let sessionToken = '';
  const nodeIds: Record<string, number> = {};

  beforeAll(async () => {
    const { server } = journey;
    const db = await journey.db();
    await insertSandboxProvider(db, SECRET);
    nodeIds['coin-flip'] = await insertSandboxGame(db, 'coin-flip', 'RNG');
    nodeIds['lucky-wheel'] = await insertSandboxGame(db, 'lucky-wheel', 'RNG');
    nodeIds['hi-lo'] = await insertSandboxGame(db, 'hi-lo', 'RNG');
    nodeIds['dice-duel'] = await insertSandboxGame(db, 'dice-duel', 'PVP');
    const username = journey.uniqueName('sbx');
    const registered = await fetch(`${server.baseUrl}/wps/member/register`, {
      method: 'PUT',
      headers: API_HEADERS,
      body: JSON.stringify({ username, password: 'secret123', confirmPassword: 'secret123' }),
    }).then((response) => response.json() as Promise<{ value: { session: { token: string } } }>);
    sessionToken = registered.value.session.token;
    const member = await db
      .selectFrom('members')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    await fund(db, BigInt(member.id), FUNDS);
  });

  async function launch(game: string, language: 'EN' | 'VI', roomId?: string) {
    const launched = await fetch(`${journey.server.baseUrl}/wps/game/launchGame`, {
      method: 'POST',
      headers: { ...API_HEADERS, authorization: sessionToken },
      body: JSON.stringify({
        nodeId: nodeIds[game],
        vassalage: 'SBX',
        gameId: game,
        language,
        ...(roomId ? { roomId } : {}),
      }),
    }).then((response) => response.json() as Promise<{ value: { game_url: string } }>);
    return launched.value.game_url;
  }

  async function walletBalance(): Promise<number> {
    const answer = await fetch(`${journey.server.baseUrl}/wps/v2/wallets/balance`, {
      headers: { ...API_HEADERS, authorization: sessionToken },
    }).then((response) => response.json() as Promise<{ value: { sumBalance: number } }>);
    return answer.value.sumBalance;
  }

  it('plays coin-flip inside a frame of the site and shows the balance the platform answered', async () => {
    const { page, server } = journey;
    const gameUrl = await launch('coin-flip', 'EN');
    // The site's /game page frames the game; any page of the site's origin stands in for it.
    await page.goto(`${server.baseUrl}/healthz`);
    await page.evaluate(
      `document.body.innerHTML = '<iframe src=${JSON.stringify(gameUrl)} style="width:860px;height:720px;border:0"></iframe>'`,
    );
    const game = page.frameLocator('iframe');
    await game.getByRole('heading', { name: 'Coin Flip' }).waitFor();
    await game
      .getByText(FUNDS.toLocaleString('en-US', { minimumFractionDigits: 2 }), { exact: true })
      .waitFor();
    await game.getByRole('button', { name: 'Heads' }).click();
    await game.locator('#history li').filter({ hasText: 'Heads →' }).waitFor();
    const shown = await game.locator('#balance').textContent();
    expect(Number(shown?.replaceAll(',', ''))).toBe(await walletBalance());
    await journey.screenshot(page, 'sandbox-coin-flip');
  });

  it('speaks Vietnamese and refuses a stake above the balance with its own message', async () => {
    const { page, server } = journey;
    await page.goto(`${server.baseUrl}${await launch('lucky-wheel', 'VI')}`);
    await page.getByRole('heading', { name: 'Vòng Quay May Mắn' }).waitFor();
    await page.locator('#stake').fill('2000000');
    await page.getByRole('button', { name: 'Quay' }).click();
    await page.getByText('Số dư không đủ cho mức cược này.').waitFor();
    await page.locator('#stake').fill('2000');
    await page.getByRole('button', { name: 'Quay' }).click();
    await page.locator('#history li').first().filter({ hasText: '2,000.00' }).waitFor();
    await journey.screenshot(page, 'sandbox-lucky-wheel-vi');
  });

  it('hi-lo and dice-duel play rounds too', async () => {
    const { page, server } = journey;
    await page.goto(`${server.baseUrl}${await launch('hi-lo', 'EN')}`);
    await page.getByRole('heading', { name: 'Hi-Lo' }).waitFor();
    const higher = page.getByRole('button', { name: /^Higher/ });
    const guess = (await higher.isEnabled())
      ? higher
      : page.getByRole('button', { name: /^Lower/ });
    await guess.click();
    await page.locator('#history li').filter({ hasText: '→' }).waitFor();
    await journey.screenshot(page, 'sandbox-hi-lo');

    await page.goto(`${server.baseUrl}${await launch('dice-duel', 'EN', 'dice-duel-1')}`);
    await page.getByText('Room Bronze', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Roll' }).click();
    await page.locator('#history li').filter({ hasText: 'vs' }).waitFor();
    await journey.screenshot(page, 'sandbox-dice-duel');
    const db = await journey.db();
    const rounds = await db
      .selectFrom('game_rounds')
      .select(['status'])
      .where('vassalage', '=', 'SBX')
      .execute();
    expect(rounds.length).toBe(4);
    expect(rounds.every((round) => round.status === 'settled')).toBe(true);
  });
  it("the site's header follows a round played in another tab, without a reload", async () => {
    const { page, server } = journey;
    // The site in its own context: the game's page below is not its frame, so only the
    // balance push (events runner, NOTIFY, the member's socket) can tell the header.
    const site = await journey.newPage();
    await site.goto(`${server.baseUrl}/?token=${sessionToken}`);
    const headerBalance = site.getByTestId('balance-amount');
    const shownAmount = async () =>
      Number((await headerBalance.textContent())?.replaceAll(',', ''));
    await headerBalance.filter({ hasText: /\d/ }).waitFor();
    const before = await walletBalance();
    await expect.poll(shownAmount, { timeout: STEP_TIMEOUT_MS }).toBe(before);

    await page.goto(`${server.baseUrl}${await launch('coin-flip', 'EN')}`);
    await page.getByRole('heading', { name: 'Coin Flip' }).waitFor();
    await page.getByRole('button', { name: 'Heads' }).click();
    await page.locator('#history li').filter({ hasText: 'Heads →' }).waitFor();
    const after = await walletBalance();
    expect(after).not.toBe(before);
    await expect.poll(shownAmount, { timeout: STEP_TIMEOUT_MS }).toBe(after);
    await site.context().close();
  });
});
