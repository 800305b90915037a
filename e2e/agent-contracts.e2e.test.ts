import { formatAmount } from '@app/contract/client';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../apps/server/src/services.js';
import { allowOneStepAdjustments } from './support/adjustments.js';
import { signInAndEnrol } from './support/console.js';
import { useJourney } from './support/journey.js';
import type { RunningServer } from './support/server.js';
import { dismissAutoDialogs } from './support/site.js';

const PASSWORD = 'secret123';
const OPERATOR_PASSWORD = 'operator-password-e2e';
const stamp = Date.now().toString(36).slice(-6);
const uplineName = `up${stamp}`;
const downlineName = `down${stamp}`;
const playerName = `bettor${stamp}`;
/** The upline's own daily salary from the house, and what it offers its downline (percent). */
const HOUSE_RATE_PERCENT = 10;
const OFFERED_RATE_PERCENT = 5;
const BASIS_POINTS_PER_PERCENT = 100;
const MINOR_PER_MAJOR = 100;
/** Dice rounds the downline's player bets, each at the game's smallest stake. */
const ROUNDS = 3;
const PLAYER_FUNDS = 1_000_000;
/** A day back: the settled period must have ended, and no journey waits for a UTC midnight. */
const SHIFT = "interval '1 day'";

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
    { account: username, amount, reason: 'agent contracts e2e journey' },
    { authorization: String(operator.token), 'idempotency-key': `fund-${username}` },
  );
}

/** Dice rounds of `username` at the game's smallest stake; answers the stake (major units). */
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
  const stake = (opened.limits as { minStake: number }).minStake;
  for (let round = 0; round < ROUNDS; round += 1) {
    const played = await call(server, 'POST', '/wps/builtin/play', {
      gameSession: opened.gameSession,
      clientRoundId: `contracts-e2e-${stamp}-${round}`,
      params: { stake, target: 50, direction: 'over' },
    });
    expect((played.round as { status: string }).status).toBe('settled');
  }
  return stake;
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

/** Logs in on a fresh page and opens the agent centre's page `pageName`. */
async function openCentre(page: Page, baseUrl: string, username: string, pageName: string) {
  await page.goto(baseUrl);
  await logIn(page, username);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Agent centre' }).click();
  const centre = page.getByRole('dialog', { name: 'Agent' });
  await centre.getByTestId('agent-team-overview').waitFor();
  await centre.getByRole('button', { name: pageName }).click();
  return centre;
}

describe('agent contracts', () => {
  const journey = useJourney('agent-contracts', {
    env: { DEMO_OPERATOR_PASSWORD: OPERATOR_PASSWORD },
  });
  let diceNodeId = '';
  const ids = { upline: '', downline: '' };

  beforeAll(async () => {
    const { server } = journey;
    const db = await journey.pg();
    // The demo merchant offers daily salaries. Nothing has asked for the merchant yet, so the
    // server's merchant cache holds nothing.
    await db.query(
      `UPDATE merchants SET white_label = white_label || '{"dailySalary": true}'::jsonb WHERE code = 'DEMO'`,
    );
    await allowOneStepAdjustments(server);
    for (const name of [uplineName, downlineName, playerName]) await register(server, name);
    // upline (a top agent) -> downline (its direct downline agent) -> player.
    await db.query(`UPDATE members SET type = 1 WHERE username = $1`, [uplineName]);
    await db.query(
      `UPDATE members SET type = 2, upline_member_id = (SELECT id FROM members WHERE username = $1)
       WHERE username = $2`,
      [uplineName, downlineName],
    );
    await db.query(
      `UPDATE members SET upline_member_id = (SELECT id FROM members WHERE username = $1)
       WHERE username = $2`,
      [downlineName, playerName],
    );
    const members = await db.query<{ username: string; id: string }>(
      `SELECT username, id::text FROM members WHERE username = ANY($1)`,
      [[uplineName, downlineName]],
    );
    for (const row of members.rows) {
      if (row.username === uplineName) ids.upline = row.id;
      else ids.downline = row.id;
    }
    // The top agent's contract is with the house, set by an operator (no console page yet).
    const services = createServices(await journey.db());
    await (await journey.db()).transaction().execute((trx) =>
      services.agentContracts.contracts.setHouseContract(trx, {
        merchantCode: 'DEMO',
        memberId: BigInt(ids.upline),
        kind: 'daily',
        terms: { tiers: [{ betAmount: 0, rate: HOUSE_RATE_PERCENT }] },
      }),
    );
    const dice = await db.query<{ node_id: string }>(
      `SELECT node_id::text FROM games WHERE merchant_code = 'DEMO' AND game_code = 'inh-dice'`,
    );
    diceNodeId = dice.rows[0]?.node_id ?? '';
  });

  it('an upline offers a daily salary, the downline accepts, bets settle, and both see the payment', async () => {
    const { server } = journey;
    const db = await journey.pg();

    // The upline offers its direct downline agent a daily salary in the agent centre.
    const uplinePage = await journey.newPage({ viewport: { width: 1280, height: 900 } });
    const uplineCentre = await openCentre(uplinePage, server.baseUrl, uplineName, 'Daily salary');
    const uplineContracts = uplineCentre.getByTestId('contract-page-daily');
    await uplineContracts.getByRole('cell', { name: 'the house', exact: true }).waitFor();
    await uplineContracts.getByTestId('offer-contract').click();
    const offer = uplinePage.getByRole('dialog', { name: 'Offer a contract' });
    await offer.getByTestId('offer-downline').fill(downlineName);
    await offer.getByTestId('tier-rate-0').fill(String(OFFERED_RATE_PERCENT));
    await offer.getByTestId('offer-submit').click();
    await offer.waitFor({ state: 'detached' });
    await uplineContracts
      .getByRole('row')
      .filter({ hasText: downlineName })
      .getByText('Offered')
      .waitFor();

    // The downline agent accepts it in another browser context.
    const downlinePage = await journey.newPage({ viewport: { width: 1280, height: 900 } });
    const downlineCentre = await openCentre(
      downlinePage,
      server.baseUrl,
      downlineName,
      'Daily salary',
    );
    const offered = downlineCentre
      .getByTestId('contract-page-daily')
      .getByRole('row')
      .filter({ hasText: uplineName });
    await offered.getByRole('button', { name: 'Accept' }).click();
    await downlinePage.getByTestId('confirm-action').click();
    await offered.getByText('Active').waitFor();

    // The downline's player bets; the figures consumer adds the rounds to both agents' teams.
    // The settlement below must see every round: each agent's team figures must hold them all.
    await fund(server, playerName, PLAYER_FUNDS);
    const stake = await playDice(server, playerName, diceNodeId);
    const allRoundsMinor = Math.round(stake * MINOR_PER_MAJOR) * ROUNDS;
    await expect
      .poll(
        async () => {
          const figures = await db.query<{ n: string }>(
            `SELECT count(*)::text AS n FROM (
               SELECT agent_member_id FROM agent_team_figures
                WHERE agent_member_id = ANY($1::bigint[])
                GROUP BY agent_member_id HAVING sum(valid_bet_minor) >= $2) AS complete`,
            [[ids.upline, ids.downline], allRoundsMinor],
          );
          return figures.rows[0]?.n;
        },
        // Many consumers read the stream in turn; on a loaded machine a round takes a while.
        { timeout: 45_000, interval: 500 },
      )
      .toBe('2');

    // The day ends: the contracts, the figures and the active members move a day back, and
    // the settlement runs as its job does (the job itself runs every 5 minutes).
    const agents = [ids.upline, ids.downline];
    await db.query(
      `UPDATE agent_contracts SET offered_at = offered_at - ${SHIFT},
         decided_at = decided_at - ${SHIFT} WHERE member_id = ANY($1::bigint[])`,
      [agents],
    );
    await db.query(
      `UPDATE agent_team_figures SET bucket_start = bucket_start - ${SHIFT}
       WHERE agent_member_id = ANY($1::bigint[])`,
      [agents],
    );
    await db.query(
      `UPDATE agent_team_active SET hour = hour - ${SHIFT} WHERE agent_member_id = ANY($1::bigint[])`,
      [agents],
    );
    const services = createServices(await journey.db());
    const summary = await services.agentContracts.settlement.settleDue(['daily']);
    expect(summary.failed).toBe(0);

    // Team valid bet V: the house pays the upline 10 % of V, the upline pays its downline 5 %,
    // each rounded down to the minor unit.
    const validBetMinor = allRoundsMinor;
    const payOf = (percent: number) =>
      Math.floor((validBetMinor * percent * BASIS_POINTS_PER_PERCENT) / 10_000) / MINOR_PER_MAJOR;
    const uplineSalary = formatAmount(payOf(HOUSE_RATE_PERCENT));
    const downlineSalary = formatAmount(payOf(OFFERED_RATE_PERCENT));
    const uplineNet = formatAmount(payOf(HOUSE_RATE_PERCENT) - payOf(OFFERED_RATE_PERCENT));
    expect(payOf(OFFERED_RATE_PERCENT)).toBeGreaterThan(0);

    await uplineCentre.getByRole('button', { name: 'My income' }).click();
    const uplineIncome = uplineCentre.getByTestId('agent-income');
    await expect
      .poll(() => uplineIncome.getByTestId('income-salary').innerText())
      .toBe(uplineSalary);
    expect(await uplineIncome.getByTestId('income-paid_to_downline').innerText()).toBe(
      downlineSalary,
    );
    expect(await uplineIncome.getByTestId('income-net').innerText()).toBe(uplineNet);
    await journey.screenshot(uplinePage, 'upline-income');

    await downlineCentre.getByRole('button', { name: 'My income' }).click();
    const downlineIncome = downlineCentre.getByTestId('agent-income');
    await expect
      .poll(() => downlineIncome.getByTestId('income-salary').innerText())
      .toBe(downlineSalary);
    expect(await downlineIncome.getByTestId('income-paid_to_downline').innerText()).toBe(
      formatAmount(0),
    );
    await journey.screenshot(downlinePage, 'downline-income');
    expect(journey.pageErrors).toEqual([]);
  });

  /** The finance operator's console page, signed in (and enrolled) once for the last steps. */
  let console: Page;

  it('a finance operator sees the paid periods and ends the downline contract with a reason', async () => {
    const { server } = journey;
    console = await journey.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAndEnrol(console, server.baseUrl, 'finance');
    await console.goto(`${server.baseUrl}/console/agents`);
    // The downline agent with its upline and a team of one (its player).
    const agent = console
      .getByTestId('agents-table')
      .getByRole('row')
      .filter({ hasText: downlineName });
    expect(await agent.innerText()).toMatch(new RegExp(`${uplineName}\\s+1\\b`));
    await console.getByRole('tab', { name: 'Settlement periods' }).click();
    const settlements = console.getByTestId('agent-settlements-table');
    await settlements
      .getByRole('row')
      .filter({ hasText: downlineName })
      .getByText('Paid')
      .waitFor();
    await journey.screenshot(console, 'console-settlements');

    await console.getByRole('tab', { name: 'Contracts' }).click();
    await console.getByTestId('agent-contracts-account').fill(downlineName);
    await console.getByTestId('agent-contracts-account').blur();
    const row = console
      .getByTestId('agent-contracts-table')
      .getByRole('row')
      .filter({ hasText: downlineName });
    await row.getByTestId('agent-contract-terminate').click();
    await console.getByTestId('agent-action-reason').fill('Agent left the programme');
    await console.getByTestId('agent-action-confirm').click();
    await row.getByText('Terminated').waitFor();
    await journey.screenshot(console, 'console-contracts');
    expect(journey.pageErrors).toEqual([]);
  });

  it("a finance operator keeps a template, sets a top agent's house contract and overrides it", async () => {
    const { server } = journey;
    // Unique per attempt: template names are unique per merchant.
    const templateName = `Daily ${Date.now().toString(36)}`;
    await console.goto(`${server.baseUrl}/console/agents`);
    await console.getByRole('tab', { name: 'Templates' }).click();
    await console.getByTestId('template-new').click();
    const template = console.getByRole('dialog', { name: 'New template' });
    await template.getByTestId('template-name').fill(templateName);
    await template.getByTestId('terms-rate-0').fill('4');
    await template.getByTestId('terms-save').click();
    await template.waitFor({ state: 'detached' });
    await console
      .getByTestId('agent-templates-table')
      .getByRole('row')
      .filter({ hasText: templateName })
      .getByText('Active')
      .waitFor();
    await journey.screenshot(console, 'console-templates');

    // The upline is a top agent: the house gives it an hourly salary.
    await console.getByRole('tab', { name: 'Agents' }).click();
    await console
      .getByTestId('agents-table')
      .getByRole('row')
      .filter({ hasText: uplineName })
      .getByTestId('agent-house-contract')
      .click();
    const house = console.getByRole('dialog', { name: `House contract of ${uplineName}` });
    await house.getByTestId('terms-kind').selectOption('hourly');
    await house.getByTestId('terms-rate-0').fill('2');
    await house.getByTestId('terms-reason').fill('Signed agreement');
    await journey.screenshot(console, 'console-house-contract');
    await house.getByTestId('terms-save').click();
    await house.waitFor({ state: 'detached' });

    // It is overridden from the next hour; the history shows who changed what.
    await console.getByRole('tab', { name: 'Contracts' }).click();
    await console.getByTestId('agent-contracts-account').fill(uplineName);
    await console.getByTestId('agent-contracts-account').blur();
    const hourly = console
      .getByTestId('agent-contracts-table')
      .getByRole('row')
      .filter({ hasText: uplineName })
      .filter({ hasText: 'Hourly salary' })
      .first();
    await hourly.getByTestId('agent-contract-override').click();
    const override = console.getByRole('dialog', {
      name: `Override the contract of ${uplineName}`,
    });
    await override.getByTestId('terms-rate-0').fill('3');
    await override.getByTestId('terms-reason').fill('Volume deal');
    await override.getByTestId('terms-save').click();
    await override.waitFor({ state: 'detached' });
    await hourly.getByTestId('agent-contract-history').click();
    const history = console.getByTestId('contract-history');
    await history.getByText('Overridden by an operator').waitFor();
    expect(await history.innerText()).toContain('Before: 0.00 → 2%');
    expect(await history.innerText()).toContain('After: 0.00 → 3%');
    await journey.screenshot(console, 'console-contract-history');
    expect(journey.pageErrors).toEqual([]);
  });
});
