import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowOneStepAdjustments } from './support/adjustments.js';
import { launchBrowser } from './support/browser.js';
import { DEMO_CONSOLE_PASSWORD, freshTotp } from './support/console.js';
import { type RunningServer, startServer } from './support/server.js';
import { openPage, waitForPageCondition } from './support/site.js';

/** Where the journey's screenshots go, to look at after a run. */
const screenshotDir = path.join(tmpdir(), 'e2e-screenshots', 'console');
/** The most queue pages the withdrawal journey looks through for its own withdrawal. */
const MAX_QUEUE_PAGES = 20;

/** What an operator attaches: a picture of a bank transfer receipt. */
async function receiptPng(): Promise<Buffer> {
  const canvas = createCanvas(360, 200);
  const context = canvas.getContext('2d');
  context.fillStyle = '#f8f9fa';
  context.fillRect(0, 0, 360, 200);
  context.fillStyle = '#1c7ed6';
  context.fillRect(0, 0, 360, 40);
  return canvas.encode('png');
}

interface Envelope<T> {
  success: boolean;
  value: T;
  errorCode?: string;
}

async function api<T>(
  baseUrl: string,
  method: string,
  url: string,
  options: { body?: unknown; token?: string; idempotencyKey?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = { merchant: 'DEMO' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = options.token;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!envelope.success)
    throw new Error(`${method} ${url}: ${response.status} ${envelope.errorCode}`);
  return envelope.value;
}

/** A player with a bank account and a payment password, credited by the operator, who asks to withdraw. */
async function pendingWithdrawal(baseUrl: string, operatorToken: string): Promise<string> {
  const username = `wd${Date.now().toString(36).slice(-8)}`;
  const registered = await api<{ session: { token: string } }>(
    baseUrl,
    'PUT',
    '/wps/member/register',
    {
      body: { username, password: 'secret123', confirmPassword: 'secret123' },
    },
  );
  const token = registered.session.token;
  await api(baseUrl, 'POST', '/wps/member/password/payment', {
    token,
    body: {
      loginPassword: 'secret123',
      paymentPassword: '123456',
      confirmPaymentPassword: '123456',
    },
  });
  const account = await api<{ id: number }>(baseUrl, 'POST', '/wps/member/bank-accounts', {
    token,
    body: { bankName: 'Vietcombank', accountNumber: '0123456789', accountName: 'Tran Thi Binh' },
  });
  await api(baseUrl, 'POST', '/admin/members/adjust-balance', {
    token: operatorToken,
    idempotencyKey: `console-e2e-${username}`,
    body: { account: username, amount: 200_000, reason: 'Console journey funds' },
  });
  const withdrawal = await api<{ withdrawalId: string }>(
    baseUrl,
    'POST',
    '/wps/payments/withdrawals',
    {
      token,
      body: { bankAccountId: account.id, amount: 50_000, paymentPassword: '123456' },
    },
  );
  return withdrawal.withdrawalId;
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), animations: 'disabled' });
}

async function signInWithPassword(page: Page, baseUrl: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}/console/`);
  await page.getByTestId('sign-in-username').waitFor();
  expect(new URL(page.url()).pathname).toBe('/console/sign-in');
  await page.getByTestId('sign-in-username').fill(username);
  await page.getByTestId('sign-in-password').fill(DEMO_CONSOLE_PASSWORD);
  await page.getByTestId('sign-in-submit').click();
}

/** First sign-in of an operator without TOTP: the enrolment page, confirmed with a computed code. */
async function enrol(page: Page, name: string): Promise<string> {
  await page.getByTestId('enrol-secret').waitFor();
  await page.getByTestId('enrol-qr').waitFor();
  const secret = (await page.getByTestId('enrol-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await page.getByTestId('enrol-code').fill(await freshTotp(secret));
  await shoot(page, `${name}-enrol`);
  await page.getByTestId('enrol-confirm').click();
  await page.getByTestId('recovery-codes').waitFor();
  await shoot(page, `${name}-recovery-codes`);
  await page.getByTestId('enrol-done').click();
  await page.getByTestId('operator-name').waitFor();
  return secret;
}

describe('the operator console', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let adminSecret: string;

  beforeAll(async () => {
    await mkdir(screenshotDir, { recursive: true });
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    await allowOneStepAdjustments(server);
    page = await openPage(browser);
  });

  afterAll(async () => {
    await browser?.close();
    if (server) expect(await server.stop()).toBe(0);
  });

  it('signs the demo admin in with the password and enrols TOTP first', async () => {
    await signInWithPassword(page, server.baseUrl, 'admin');
    await page.waitForURL('**/console/enrol');
    adminSecret = await enrol(page, 'admin');
    expect(await page.getByTestId('operator-role').textContent()).toBe('Administrator');
    await page.getByTestId('total-deposits').waitFor();
    await page.getByTestId('nav-withdrawals').waitFor();
    await shoot(page, 'admin-dashboard');
  });

  it('signs out, and in again with a TOTP code', async () => {
    await page.getByTestId('sign-out').click();
    await page.waitForURL('**/console/sign-in');
    await signInWithPassword(page, server.baseUrl, 'admin');
    await page.getByTestId('sign-in-totp').waitFor();
    await shoot(page, 'admin-totp-step');
    await page.getByTestId('sign-in-totp').fill(await freshTotp(adminSecret));
    await page.getByTestId('sign-in-totp-submit').click();
    await page.getByTestId('total-deposits').waitFor();
    // The session is in an HttpOnly cookie: the page's script cannot read it.
    await waitForPageCondition(page, "!document.cookie.includes('operator_session')");
  });

  it('approves a pending withdrawal with a proof image', async () => {
    const operator = await api<{ token?: string; status: string }>(
      server.baseUrl,
      'POST',
      '/admin/session/login',
      {
        body: {
          username: 'admin',
          password: DEMO_CONSOLE_PASSWORD,
          totpCode: await freshTotp(adminSecret),
        },
      },
    );
    expect(operator.token).toBeTruthy();
    const withdrawalId = await pendingWithdrawal(server.baseUrl, operator.token ?? '');

    await page.getByTestId('nav-withdrawals').click();
    const row = page.locator(`[data-withdrawal-id="${withdrawalId}"]`);
    // The pending queue is oldest first, and other journeys on this server leave withdrawals
    // pending: page on until this one shows.
    await page.getByTestId('withdrawal-row').first().waitFor();
    for (let pages = 0; pages < MAX_QUEUE_PAGES && !(await row.isVisible()); pages += 1) {
      const firstId = await page
        .getByTestId('withdrawal-row')
        .first()
        .getAttribute('data-withdrawal-id');
      await page.getByTestId('data-table-next').click();
      await waitForPageCondition(
        page,
        `document.querySelector('[data-testid="withdrawal-row"]')?.getAttribute('data-withdrawal-id') !== ${JSON.stringify(firstId)}`,
      );
    }
    await row.waitFor();
    expect(await row.textContent()).toContain('50,000.00');
    await row.getByTestId('approve').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: await receiptPng(),
    });
    await shoot(page, 'approve-dialog');
    await dialog.getByTestId('approve-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    await page.getByText('Approved', { exact: true }).click();
    await page.locator(`[data-withdrawal-id="${withdrawalId}"]`).waitFor();
    await shoot(page, 'withdrawals-approved');
  });

  it('adds an operator, changes their role, and finds both in a verified audit log', async () => {
    await page.getByTestId('nav-operators').click();
    await page.getByTestId('operator-create').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('operator-username').fill('risk.analyst');
    await dialog.getByTestId('operator-password').fill('risk-analyst-password');
    await dialog.getByTestId('operator-role-select').selectOption('risk');
    await dialog.getByTestId('operator-create-submit').click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.locator('[data-testid="operator-row"][data-username="risk.analyst"]');
    await row.waitFor();
    await row.getByRole('combobox').selectOption('read-only');
    await waitForPageCondition(
      page,
      `document.querySelector('[data-username="risk.analyst"] select')?.value === 'read-only' && !document.querySelector('[data-username="risk.analyst"] select')?.disabled`,
    );
    await shoot(page, 'operators');

    await page.getByTestId('nav-auditLog').click();
    await page.getByTestId('audit-row').first().waitFor();
    expect(await page.getByTestId('audit-table').textContent()).toContain('risk.analyst');
    await page.getByTestId('audit-verify').click();
    const verdict = page.getByTestId('audit-verify-result');
    await verdict.waitFor();
    expect(await verdict.textContent()).toContain('The chain is intact');
    await shoot(page, 'audit-log');
  });

  it('shows a content-role operator no Finance', async () => {
    const contentPage = await openPage(browser);
    await signInWithPassword(contentPage, server.baseUrl, 'content');
    await contentPage.waitForURL('**/console/enrol');
    await enrol(contentPage, 'content');
    expect(await contentPage.getByTestId('operator-role').textContent()).toBe('Content');
    await contentPage.getByTestId('total-deposits').waitFor();
    expect(await contentPage.getByTestId('nav-group-finance').count()).toBe(0);
    expect(await contentPage.getByTestId('nav-withdrawals').count()).toBe(0);
    await shoot(contentPage, 'content-dashboard');
    await contentPage.goto(`${server.baseUrl}/console/finance/withdrawals`);
    await contentPage.getByTestId('not-allowed').waitFor();
    await contentPage.context().close();
  });
});
