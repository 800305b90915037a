import { describe, expect, it, vi } from 'vitest';
import { allowOneStepAdjustments } from './support/adjustments.js';
import { signInAndEnrol } from './support/console.js';
import { useJourney } from './support/journey.js';

const OPERATOR_PASSWORD = 'missions-operator-password';
const PASSWORD = 'secret123';
/** The friend's browser comes from another address than the inviter's (TRUST_PROXY below). */
const FRIEND_ADDRESS = '203.0.113.77';
const POLL = { timeout: 15_000, interval: 200 };
/** The demo's daily in-house mission pays 5,000 (the rounds' stakes are VND-sized, so the
 * balance is compared before and after the claim rather than matched as a whole). */
const MISSION_REWARD = 5_000;

/**
 * Issue 20 part B in the browser: a member plays three Dice rounds (through the API, as the
 * game frame would), sees the left bar's missions badge, claims the daily mission while the
 * badge counts down; then invites a friend with the link, the friend registers through it and
 * deposits, and the inviter is rewarded once.
 */
describe('missions and invite friends', () => {
  const journey = useJourney('missions-referral', {
    env: { DEMO_OPERATOR_PASSWORD: OPERATOR_PASSWORD, TRUST_PROXY: 'true' },
    page: { viewport: { width: 1280, height: 900 } },
  });

  async function call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Record<string, unknown>> {
    const response = await fetch(`${journey.server.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', merchant: 'DEMO', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const envelope = (await response.json()) as { success: boolean; value: unknown };
    expect(envelope.success, `${path}: ${JSON.stringify(envelope)}`).toBe(true);
    return envelope.value as Record<string, unknown>;
  }

  async function operatorToken(): Promise<string> {
    const login = await call('POST', '/admin/session/login', {
      username: 'operator',
      password: OPERATOR_PASSWORD,
    });
    return String(login.token);
  }

  async function memberToken(username: string): Promise<string> {
    const login = await call('POST', '/wps/session/login', { username, password: PASSWORD });
    return String(login.token);
  }

  async function playDice(token: string, rounds: number): Promise<void> {
    const db = await journey.pg();
    const game = await db.query<{ node_id: string; vassalage: string }>(
      `SELECT node_id::text, vassalage FROM games WHERE merchant_code = 'DEMO' AND game_code = 'inh-dice'`,
    );
    const dice = game.rows[0];
    expect(dice).toBeDefined();
    const launch = await call(
      'POST',
      '/wps/game/launchGame',
      { nodeId: Number(dice?.node_id), vassalage: dice?.vassalage, language: 'en' },
      { authorization: token },
    );
    const launchToken =
      new URL(String(launch.game_url), journey.server.baseUrl).searchParams.get('token') ?? '';
    const opened = await call('POST', '/wps/builtin/session/open', { launchToken });
    for (let round = 0; round < rounds; round += 1) {
      await call('POST', '/wps/builtin/play', {
        gameSession: opened.gameSession,
        clientRoundId: `mission-dice-${round}`,
        params: { stake: 1_000, target: 50, direction: 'over' },
      });
    }
  }

  it('completes a daily mission and claims it while the badge counts down', async () => {
    const { page, server } = journey;
    await allowOneStepAdjustments(server);
    const { username, header } = await journey.registerMember(page, 'missions');
    const operator = await operatorToken();
    await call(
      'POST',
      '/admin/members/adjust-balance',
      { account: username, amount: 100_000, reason: 'missions journey stake' },
      { authorization: operator, 'idempotency-key': `fund-${username}` },
    );
    const token = await memberToken(username);
    await playDice(token, 3);
    // The missions consumer applies the settled rounds within a poll or two.
    await vi.waitFor(async () => {
      const summary = await call('GET', '/wps/relay/MCSFE_getMissionSummaryDetails', undefined, {
        authorization: token,
      });
      expect(summary.claimableCount).toBe(1);
    }, POLL);

    await page.reload();
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    const entry = nav.getByTestId('nav-missions');
    await entry.getByTestId('mission-badge').getByText('1', { exact: true }).waitFor();
    await journey.screenshot(page, 'left-bar-badge');
    await entry.click();
    const centre = page.getByRole('dialog', { name: 'Member centre' });
    await centre.getByRole('heading', { name: 'Missions' }).waitFor();
    const card = centre
      .locator('[data-testid^="mission-"]')
      .filter({ hasText: 'Play 3 in-house rounds' });
    await card.getByText('3 of 3').waitFor();
    await centre.getByTestId('mission-leaderboard').waitFor();
    await journey.screenshot(page, 'missions-page');
    const shownBalance = async () =>
      Number((await header.getByTestId('balance-amount').textContent())?.replaceAll(',', ''));
    await header.getByTestId('balance-amount').filter({ hasText: /\d/ }).waitFor();
    const beforeClaim = await shownBalance();
    await card.getByRole('button', { name: 'Claim' }).click();
    await card.getByText('Claimed').waitFor();
    // The badge counts down to nothing, and the reward reaches the header balance.
    await entry.getByTestId('mission-badge').waitFor({ state: 'detached' });
    await expect.poll(shownBalance, POLL).toBe(beforeClaim + MISSION_REWARD);
    await centre.getByTestId('mission-my-rank').waitFor();
    await journey.screenshot(page, 'mission-claimed');
  });

  it('invites a friend with the link; the friend registers and deposits; the inviter is paid once', async () => {
    const { page } = journey;
    const centre = page.getByRole('dialog', { name: 'Member centre' });
    await centre.getByRole('button', { name: 'Invite friends' }).click();
    const link = await centre.getByTestId('referral-link').inputValue();
    expect(link).toMatch(/\/register\?referralCode=[2-9A-Z]{8}$/);
    await centre.getByTestId('referral-qr').waitFor();
    await centre.getByTestId('referral-rule').waitFor();
    await journey.screenshot(page, 'referral-page');

    const friendPage = await journey.newPage({
      extraHTTPHeaders: { 'X-Forwarded-For': FRIEND_ADDRESS },
    });
    await friendPage.goto(link);
    const form = friendPage.getByRole('main');
    const code = link.split('=')[1] ?? '';
    expect(await form.getByLabel('Referral code').inputValue()).toBe(code);
    const friend = journey.uniqueName('friend');
    await form.getByLabel('Username').fill(friend);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Register' }).click();
    await friendPage.getByRole('button', { name: 'OK' }).click();
    await friendPage.getByRole('banner').getByText('0.00', { exact: true }).waitFor();

    // The friend deposits 100,000 by bank transfer, approved by an operator.
    const friendToken = await memberToken(friend);
    const deposit = await call(
      'POST',
      '/wps/payments/deposits',
      { methodCode: 'manual-bank', amount: 100_000, payerReference: `NAP ${friend}` },
      { authorization: friendToken, 'idempotency-key': `friend-deposit-${friend}` },
    );
    await call(
      'POST',
      '/admin/deposits/approve',
      { depositId: deposit.depositId },
      { authorization: await operatorToken() },
    );

    const db = await journey.pg();
    await vi.waitFor(async () => {
      const paid = await db.query<{ id: string }>(
        `SELECT id FROM ledger_transfers WHERE id LIKE 'referral:%'`,
      );
      expect(paid.rows).toHaveLength(1);
    }, POLL);
    await centre.getByRole('button', { name: 'Missions' }).click();
    await centre.getByRole('button', { name: 'Invite friends' }).click();
    await centre.getByTestId('referral-earned').getByText('50,000.00').waitFor();
    const friends = centre.getByTestId('referral-friends');
    await friends.getByText('Qualified').waitFor();
    await friends.getByText(`${friend.slice(0, 2)}***${friend.slice(-2)}`).waitFor();
    await journey.screenshot(page, 'referral-rewarded');
    const rewards = await db.query<{ amount_minor: string }>(
      `SELECT amount_minor::text FROM ledger_transfers WHERE id LIKE 'referral:%'`,
    );
    expect(rewards.rows.map((row) => row.amount_minor)).toEqual(['5000000']);
    expect(journey.pageErrors).toEqual([]);
  });

  it('lets finance pause a mission in the console and shows the referral rule', async () => {
    const admin = await journey.newPage();
    await signInAndEnrol(admin, journey.server.baseUrl, 'finance');
    await admin.getByTestId('nav-missions').click();
    const rows = admin.getByTestId('mission-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThanOrEqual(5);
    const streak = rows.filter({ hasText: 'Log in 3 days in a row' });
    await streak.getByTestId('mission-toggle').click();
    await streak.getByText('Paused').waitFor();
    await admin.getByText('Invite friends reward').waitFor();
    await journey.screenshot(admin, 'console-missions', { fullPage: true });
    await admin.getByTestId('mission-new').click();
    await admin.getByRole('dialog').getByTestId('mission-title').waitFor();
    await journey.screenshot(admin, 'console-new-mission');
    await admin.close();
  });
});
