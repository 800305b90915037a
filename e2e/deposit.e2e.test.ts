import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';

const STEP_TIMEOUT_MS = 15_000;

describe('a player deposits through the sandbox gateway', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    if (server) expect(await server.stop()).toBe(0);
  });

  it('pays on the gateway page and sees the balance change', async () => {
    const username = `payer${Date.now().toString(36).slice(-6)}`;
    await page.goto(`${server.baseUrl}/register`);
    const form = page.getByRole('main');
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Password', { exact: true }).fill('secret123');
    await form.getByLabel('Confirm password').fill('secret123');
    await form.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    const header = page.getByRole('banner');
    await header.getByText('0.00', { exact: true }).waitFor();

    await header.getByRole('button', { name: 'Deposit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Sandbox card (demo, no real money)').waitFor();
    await dialog.getByLabel('Amount').fill('5000');
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await dialog.getByText('Please enter an amount from 10,000.00 to 100,000,000.00').waitFor();
    await dialog.getByLabel('Amount').fill('150000');
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();

    await page.getByRole('heading', { name: 'Sandbox payment gateway' }).waitFor();
    await page.getByRole('button', { name: 'Pay 150,000.00 VND' }).click();

    await page.getByText('Deposit of 150,000.00 VND received').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await header.getByText('150,000.00', { exact: true }).waitFor();
  });
});
