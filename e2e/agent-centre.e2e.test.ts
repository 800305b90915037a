import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { allowOneStepAdjustments } from './support/adjustments.js';
import { useJourney } from './support/journey.js';
import type { RunningServer } from './support/server.js';

const PASSWORD = 'secret123';
const stamp = Date.now().toString(36).slice(-6);
const agentName = `agent${stamp}`;
const playerName = `player${stamp}`;
const code = `TEAM${stamp}`.toUpperCase();
const OPERATOR_PASSWORD = 'operator-password-e2e';
const PAYMENT_PASSWORD = '246810';

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
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; value: unknown };
  expect(envelope.success, `${path}: ${JSON.stringify(envelope)}`).toBe(true);
  return envelope.value as Record<string, unknown>;
}

/** The agent's payment password, and cash to hand out credited by the demo operator. */
async function fundAgent(server: RunningServer, username: string) {
  const login = await call(server, 'POST', '/wps/session/login', { username, password: PASSWORD });
  await call(
    server,
    'POST',
    '/wps/member/password/payment',
    {
      loginPassword: PASSWORD,
      paymentPassword: PAYMENT_PASSWORD,
      confirmPaymentPassword: PAYMENT_PASSWORD,
    },
    { authorization: String(login.token) },
  );
  const operator = await call(server, 'POST', '/admin/session/login', {
    username: 'operator',
    password: OPERATOR_PASSWORD,
  });
  await call(
    server,
    'POST',
    '/admin/members/adjust-balance',
    { account: username, amount: 500_000, reason: 'agent float for the e2e journey' },
    { authorization: String(operator.token), 'idempotency-key': `fund-${username}` },
  );
}

/** A member through the API, as the registration form would send it. */
async function register(server: RunningServer, username: string, affiliateCode?: string) {
  const response = await fetch(`${server.baseUrl}/wps/member/register`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', merchant: 'DEMO' },
    body: JSON.stringify({
      username,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      login: false,
      ...(affiliateCode ? { affiliateCode } : {}),
    }),
  });
  expect(response.status).toBe(200);
}

async function logIn(page: Page, username: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await page.getByTestId('header-account').getByText(username).waitFor();
}

describe('the agent centre', () => {
  const journey = useJourney('agent-centre', {
    env: { DEMO_OPERATOR_PASSWORD: OPERATOR_PASSWORD },
  });

  beforeAll(async () => {
    const { server } = journey;
    await allowOneStepAdjustments(server);
    const db = await journey.pg();
    // The affiliate field on, before the server's first merchant lookup (it caches merchants).
    await db.query(
      `UPDATE merchants SET register_settings = jsonb_set(register_settings, '{affiliateCode,enabled}', 'true') WHERE code = 'DEMO'`,
    );
    await register(server, agentName);
    const agent = await db.query<{ id: string }>(
      `UPDATE members SET type = 1 WHERE username = $1 RETURNING id`,
      [agentName],
    );
    await db.query(
      `INSERT INTO affiliate_codes (merchant_code, code, agent_member_id) VALUES ('DEMO', $1, $2)`,
      [code, agent.rows[0]?.id],
    );
    await register(server, playerName, code);
    await fundAgent(server, agentName);
  });

  it('shows an agent the team and the invitation link, and a member no entry', async () => {
    const { server } = journey;
    const page = await journey.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(server.baseUrl);
    await logIn(page, agentName);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Agent centre' }).click();
    const centre = page.getByRole('dialog', { name: 'Agent' });
    const overview = centre.getByTestId('agent-overview');
    await overview.waitFor();
    await overview.getByText('Direct downline').waitFor();
    expect(await overview.getByRole('row').filter({ hasText: code }).innerText()).toContain('1');
    await centre.getByRole('button', { name: 'Copy link' }).waitFor();

    // Pay the direct downline: the header balance drops by the amount.
    await centre.getByLabel('Downline account').fill(playerName);
    await centre.getByLabel('Amount').fill('120000');
    await centre.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
    await centre.getByRole('button', { name: 'Transfer', exact: true }).click();
    await centre.getByText(`sent to ${playerName}`).waitFor();
    await journey.screenshot(page, 'agent-centre');
    await page.getByRole('banner').getByText('380,000.00').waitFor();
    await page.context().close();

    const memberPage = await journey.newPage();
    await memberPage.goto(server.baseUrl);
    await logIn(memberPage, playerName);
    await memberPage.getByRole('button', { name: 'Account menu' }).click();
    await memberPage.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    expect(await memberPage.getByRole('menuitem', { name: 'Agent centre' }).count()).toBe(0);
    await memberPage.context().close();
  });
});
