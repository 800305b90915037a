import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { allowOneStepAdjustments } from './support/adjustments.js';
import { useJourney } from './support/journey.js';
import type { RunningServer } from './support/server.js';
import { dismissAutoDialogs } from './support/site.js';

const PASSWORD = 'secret123';
const stamp = Date.now().toString(36).slice(-6);
const agentName = `agent${stamp}`;
const subName = `sub${stamp}`;
const deepName = `deep${stamp}`;
const newName = `new${stamp}`;
const memberName = `player${stamp}`;
const OPERATOR_PASSWORD = 'operator-password-e2e';

/** One JSON call to the server, answering the envelope's value (or failing the test). */
async function call(
  server: RunningServer,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', merchant: 'DEMO', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as { success: boolean; value: unknown };
  expect(envelope.success, `${path}: ${JSON.stringify(envelope)}`).toBe(true);
  return envelope.value as Record<string, unknown>;
}

async function register(server: RunningServer, username: string) {
  await call(server, 'PUT', '/wps/member/register', {
    username,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    login: false,
  });
}

/** Cash credited by the demo operator (an adjustment). */
async function fund(server: RunningServer, username: string, amount: number) {
  const operator = await call(server, 'POST', '/admin/session/login', {
    username: 'operator',
    password: OPERATOR_PASSWORD,
  });
  await call(
    server,
    'POST',
    '/admin/members/adjust-balance',
    { account: username, amount, reason: 'agent centre e2e journey' },
    { authorization: String(operator.token), 'idempotency-key': `fund-${username}` },
  );
}

/** One Dice round of `username` through the built-in game's API (launch, open, play). */
async function playDice(server: RunningServer, username: string, nodeId: string) {
  const login = await call(server, 'POST', '/wps/session/login', { username, password: PASSWORD });
  const launched = await call(
    server,
    'POST',
    '/wps/game/launchGame',
    { nodeId: Number(nodeId), vassalage: 'INH', language: 'en' },
    { authorization: String(login.token) },
  );
  const launchToken = new URL(String(launched.game_url), server.baseUrl).searchParams.get('token');
  const opened = await call(server, 'POST', '/wps/builtin/session/open', { launchToken });
  const played = await call(server, 'POST', '/wps/builtin/play', {
    gameSession: opened.gameSession,
    clientRoundId: `agent-e2e-${stamp}`,
    params: { stake: 5_000, target: 50, direction: 'over' },
  });
  expect((played.round as { status: string }).status).toBe('settled');
}

async function logIn(page: Page, username: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await page.getByTestId('header-account').getByText(username).waitFor();
  // What opens by itself after a login (the after-login rewards) is closed, as a person would.
  await dismissAutoDialogs(page);
}

describe('the agent centre', () => {
  const journey = useJourney('agent-centre', {
    env: { DEMO_OPERATOR_PASSWORD: OPERATOR_PASSWORD },
  });
  let diceNodeId = '';

  beforeAll(async () => {
    const { server } = journey;
    await allowOneStepAdjustments(server);
    const db = await journey.pg();
    // agent -> sub (an agent) -> deep: a tree to drill into; the agent's cash for a transfer.
    for (const name of [agentName, subName, deepName, memberName]) await register(server, name);
    await db.query(`UPDATE members SET type = 1 WHERE username = $1`, [agentName]);
    await db.query(
      `UPDATE members SET type = 2, upline_member_id = (SELECT id FROM members WHERE username = $1)
       WHERE username = $2`,
      [agentName, subName],
    );
    await db.query(
      `UPDATE members SET upline_member_id = (SELECT id FROM members WHERE username = $1)
       WHERE username = $2`,
      [subName, deepName],
    );
    const dice = await db.query<{ node_id: string }>(
      `SELECT node_id::text FROM games WHERE merchant_code = 'DEMO' AND game_code = 'inh-dice'`,
    );
    diceNodeId = dice.rows[0]?.node_id ?? '';
  });

  it('registers a downline, finds it in team management, drills down, and sees its Dice round in team betting', async () => {
    const { server } = journey;
    const page = await journey.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(server.baseUrl);
    await logIn(page, agentName);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Agent centre' }).click();
    const centre = page.getByRole('dialog', { name: 'Agent' });
    await centre.getByTestId('agent-team-overview').waitFor();
    await centre.getByText('Level 2').waitFor();
    await journey.screenshot(page, 'team-overview');

    // Register account: the new member is the agent's direct downline.
    await centre.getByRole('button', { name: 'Register account' }).click();
    const form = centre.getByTestId('agent-register-account');
    await form.getByLabel('Username').fill(newName);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create account' }).click();
    await form.getByText(`Account ${newName} created in your team`).waitFor();
    await form.getByRole('button', { name: 'New code' }).click();
    await form.getByRole('button', { name: 'Copy link' }).first().waitFor();
    await journey.screenshot(page, 'register-account');

    // Team management: the new account and the sub-agent; drill into the sub-agent's team.
    await centre.getByRole('button', { name: 'Team management' }).click();
    const team = centre.getByTestId('agent-team-management');
    await team.getByRole('row').filter({ hasText: newName }).waitFor();
    await team.getByRole('button', { name: `${subName} (1)` }).click();
    await team.getByRole('row').filter({ hasText: deepName }).waitFor();
    expect(await team.getByRole('row').filter({ hasText: newName }).count()).toBe(0);
    await journey.screenshot(page, 'team-management');

    // The new downline plays one Dice round; the team betting page shows it once the
    // consumer has applied it (the page refetches on each visit).
    await fund(server, newName, 200_000);
    await playDice(server, newName, diceNodeId);
    const betting = centre.getByTestId('agent-team-betting');
    await expect
      .poll(
        async () => {
          await centre.getByRole('button', { name: 'Team overview' }).click();
          await centre.getByRole('button', { name: 'Team betting' }).click();
          await betting.waitFor();
          await page.waitForTimeout(300);
          return betting.getByRole('row').filter({ hasText: 'INHOUSE' }).count();
        },
        // Thirteen consumers read the stream in turn; on a loaded machine a round takes a while.
        { timeout: 45_000, interval: 500 },
      )
      .toBe(1);
    expect(await betting.getByRole('row').filter({ hasText: 'INHOUSE' }).innerText()).toContain(
      '5,000.00',
    );
    await journey.screenshot(page, 'team-betting');

    // The announcement page lists the agents-only announcements (none in the demo yet).
    await centre.getByRole('button', { name: 'Announcements' }).click();
    await centre.getByTestId('agent-announcements').getByText('No announcements').waitFor();
    await journey.screenshot(page, 'announcements');
    await page.context().close();

    // A member who is not an agent gets the merchant's affiliate link resource (SPEC §6).
    const memberPage = await journey.newPage();
    await memberPage
      .context()
      .route('https://demo-casino.example.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<h1>Affiliate programme</h1>' }),
      );
    await memberPage.goto(server.baseUrl);
    await logIn(memberPage, memberName);
    await memberPage.getByRole('button', { name: 'Account menu' }).click();
    const [affiliatePage] = await Promise.all([
      memberPage.context().waitForEvent('page'),
      memberPage.getByRole('menuitem', { name: 'Agent centre' }).click(),
    ]);
    await affiliatePage.waitForURL('https://demo-casino.example.com/affiliate');
    expect(await memberPage.getByRole('dialog', { name: 'Agent' }).count()).toBe(0);
    await memberPage.context().close();
  });
});
