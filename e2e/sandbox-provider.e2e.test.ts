import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../apps/server/src/db/database.js';
import { fund } from '../apps/server/test/money-helpers.js';
import {
  insertSandboxGame,
  insertSandboxProvider,
} from '../apps/server/test/sandbox-provider-fixture.js';
import { launchBrowser } from './support/browser.js';
import { databaseUrlOf, type RunningServer, startServer } from './support/server.js';
import { openPage, STEP_TIMEOUT_MS } from './support/site.js';

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;
const SECRET = 'sandbox-e2e-secret-0123456789abcdef0123';
const FUNDS = 100;
const API_HEADERS = { merchant: 'DEMO', 'content-type': 'application/json' };

/**
 * The sandbox provider in the real server process and Chromium: a launched game opens in a
 * same-origin frame, a click plays a round (signed bet and win over HTTP), the page shows the
 * outcome and the balance the platform answered.
 */
describe('sandbox game provider in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let db: Db;
  let sessionToken = '';
  const nodeIds: Record<string, number> = {};

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    db = createDatabase(await databaseUrlOf(server));
    await insertSandboxProvider(db, SECRET);
    nodeIds['coin-flip'] = await insertSandboxGame(db, 'coin-flip', 'RNG');
    nodeIds['lucky-wheel'] = await insertSandboxGame(db, 'lucky-wheel', 'RNG');
    nodeIds['hi-lo'] = await insertSandboxGame(db, 'hi-lo', 'RNG');
    nodeIds['dice-duel'] = await insertSandboxGame(db, 'dice-duel', 'PVP');
    const username = `sbx${Date.now().toString(36).slice(-6)}`;
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
    page = await openPage(browser, { width: 900, height: 760 });
  });

  afterAll(async () => {
    await db?.destroy();
    await browser?.close();
    if (server) expect(await server.stop()).toBe(0);
  });

  async function launch(game: string, language: 'EN' | 'VI', roomId?: string) {
    const launched = await fetch(`${server.baseUrl}/wps/game/launchGame`, {
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
    const answer = await fetch(`${server.baseUrl}/wps/v2/wallets/balance`, {
      headers: { ...API_HEADERS, authorization: sessionToken },
    }).then((response) => response.json() as Promise<{ value: { sumBalance: number } }>);
    return answer.value.sumBalance;
  }

  it('plays coin-flip inside a frame of the site and shows the balance the platform answered', async () => {
    const gameUrl = await launch('coin-flip', 'EN');
    // The site's /game page frames the game; any page of the site's origin stands in for it.
    await page.goto(`${server.baseUrl}/healthz`);
    await page.evaluate(
      `document.body.innerHTML = '<iframe src=${JSON.stringify(gameUrl)} style="width:860px;height:720px;border:0"></iframe>'`,
    );
    const game = page.frameLocator('iframe');
    await game.getByRole('heading', { name: 'Coin Flip' }).waitFor();
    await game.getByText(`${FUNDS.toFixed(2)}`, { exact: true }).waitFor();
    await game.getByRole('button', { name: 'Heads' }).click();
    await game.locator('#history li').filter({ hasText: 'Heads →' }).waitFor();
    const shown = await game.locator('#balance').textContent();
    expect(Number(shown?.replaceAll(',', ''))).toBe(await walletBalance());
    if (SCREENSHOT_DIR) {
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/sandbox-coin-flip.png`,
        animations: 'disabled',
      });
    }
  });

  it('speaks Vietnamese and refuses a stake above the balance with its own message', async () => {
    await page.goto(`${server.baseUrl}${await launch('lucky-wheel', 'VI')}`);
    await page.getByRole('heading', { name: 'Vòng Quay May Mắn' }).waitFor();
    await page.locator('#stake').fill('5000');
    await page.getByRole('button', { name: 'Quay' }).click();
    await page.getByText('Số dư không đủ cho mức cược này.').waitFor();
    await page.locator('#stake').fill('2');
    await page.getByRole('button', { name: 'Quay' }).click();
    await page.locator('#history li').first().filter({ hasText: '2.00' }).waitFor();
    if (SCREENSHOT_DIR) {
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/sandbox-lucky-wheel-vi.png`,
        animations: 'disabled',
      });
    }
  });

  it('hi-lo and dice-duel play rounds too', async () => {
    await page.goto(`${server.baseUrl}${await launch('hi-lo', 'EN')}`);
    await page.getByRole('heading', { name: 'Hi-Lo' }).waitFor();
    const higher = page.getByRole('button', { name: /^Higher/ });
    const guess = (await higher.isEnabled())
      ? higher
      : page.getByRole('button', { name: /^Lower/ });
    await guess.click();
    await page.locator('#history li').filter({ hasText: '→' }).waitFor();
    if (SCREENSHOT_DIR) {
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/sandbox-hi-lo.png`,
        animations: 'disabled',
      });
    }

    await page.goto(`${server.baseUrl}${await launch('dice-duel', 'EN', 'dice-duel-1')}`);
    await page.getByText('Room Bronze', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Roll' }).click();
    await page.locator('#history li').filter({ hasText: 'vs' }).waitFor();
    if (SCREENSHOT_DIR) {
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/sandbox-dice-duel.png`,
        animations: 'disabled',
      });
    }
    const rounds = await db
      .selectFrom('game_rounds')
      .select(['status'])
      .where('vassalage', '=', 'SBX')
      .execute();
    expect(rounds.length).toBe(4);
    expect(rounds.every((round) => round.status === 'settled')).toBe(true);
  });
  it("the site's header follows a round played in another tab, without a reload", async () => {
    // The site in its own context: the game's page below is not its frame, so only the
    // balance push (events runner, NOTIFY, the member's socket) can tell the header.
    const site = await openPage(browser);
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
