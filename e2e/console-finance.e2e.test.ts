import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useJourney } from './support/journey.js';

/** The demo merchant's seeded console password (README quick start). */
const DEMO_CONSOLE_PASSWORD = 'admin123';
/** What the player deposits and the operator approves, in major units. */
const DEPOSIT_AMOUNT = '250000';
/** RFC 6238 as authenticator apps compute it: SHA-1, 30-second steps, six digits. */
const TOTP_STEP_MS = 30_000;
const TOTP_DIGITS = 6;
/** A code this close to its step's end may expire on the way: wait for the next step instead. */
const TOTP_STEP_MARGIN_MS = 2_000;
const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const character of text.replace(/[\s=]/g, '').toUpperCase()) {
    const index = BASE32_ALPHABET.indexOf(character);
    if (index < 0) throw new Error(`not base32: ${character}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The current step's code, or the next step's when this one is about to end. */
async function currentTotp(secretBase32: string): Promise<string> {
  let nowMs = Date.now();
  const leftMs = TOTP_STEP_MS - (nowMs % TOTP_STEP_MS);
  if (leftMs <= TOTP_STEP_MARGIN_MS) {
    await new Promise((resolve) => setTimeout(resolve, leftMs + 100));
    nowMs = Date.now();
  }
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(nowMs / TOTP_STEP_MS)));
  const digest = createHmac('sha1', base32Decode(secretBase32)).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

/** The demo admin's first sign-in: password, then TOTP enrolment with a computed code. */
async function signInAdmin(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/console/`);
  await page.getByTestId('sign-in-username').fill('admin');
  await page.getByTestId('sign-in-password').fill(DEMO_CONSOLE_PASSWORD);
  await page.getByTestId('sign-in-submit').click();
  await page.getByTestId('enrol-secret').waitFor();
  const secret = (await page.getByTestId('enrol-secret').textContent())?.trim() ?? '';
  await page.getByTestId('enrol-code').fill(await currentTotp(secret));
  await page.getByTestId('enrol-confirm').click();
  await page.getByTestId('enrol-done').click();
  await page.getByTestId('operator-name').waitFor();
}

describe('the console finance pages', () => {
  const journey = useJourney('console-finance');
  let admin: Page;

  it('approves a player manual deposit in the console, and the player sees the money', async () => {
    const { page, server } = journey;
    const { username, header } = await journey.registerMember(page, 'bank');
    await header.getByRole('button', { name: 'Deposit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Bank transfer (approved by an operator)').click();
    await dialog.getByLabel('Amount').fill(DEPOSIT_AMOUNT);
    await dialog.getByLabel('Transfer reference').fill(`NAP ${username}`);
    await dialog.getByRole('button', { name: 'Submit deposit' }).click();
    await dialog.getByText('is pending approval', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await header.getByText('0.00', { exact: true }).waitFor();

    admin = await journey.newPage();
    await signInAdmin(admin, server.baseUrl);
    await admin.getByTestId('nav-deposits').click();
    const row = admin.getByTestId('deposit-row').filter({ hasText: username });
    await row.waitFor();
    expect(await row.textContent()).toContain('250,000.00 VND');
    expect(await row.textContent()).toContain(`NAP ${username}`);
    await journey.screenshot(admin, 'deposits-pending');
    await row.getByTestId('deposit-approve').click();
    await admin.getByTestId('deposit-approve-confirm').click();
    await row.waitFor({ state: 'detached' });
    await admin.getByTestId('deposits-tab-completed').click();
    await admin.getByTestId('deposit-row').filter({ hasText: username }).waitFor();
    await journey.screenshot(admin, 'deposits-approved');

    await header.getByRole('button', { name: 'Refresh balance' }).click();
    await header.getByText('250,000.00', { exact: true }).waitFor();
  });

  it("adjusts another member's balance with a reason and finds it in the audit log", async () => {
    const other = await journey.newPage();
    const { username } = await journey.registerMember(other, 'adj');
    const reason = `Goodwill for ${username}`;

    await admin.getByTestId('nav-adjustBalance').click();
    await admin.getByTestId('adjust-account').fill(username);
    await admin.getByTestId('adjust-amount').fill('1500.5');
    await admin.getByTestId('adjust-reason').fill(reason);
    await admin.getByTestId('adjust-review').click();
    const confirmation = admin.getByTestId('adjust-confirmation');
    await confirmation.getByText(`Credit 1,500.50 to ${username}`, { exact: false }).waitFor();
    await journey.screenshot(admin, 'adjust-confirm');
    await admin.getByTestId('adjust-confirm').click();
    const result = admin.getByTestId('adjust-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('1,500.50 VND');
    await journey.screenshot(admin, 'adjust-done');

    await admin.getByTestId('nav-auditLog').click();
    const entry = admin.getByTestId('audit-row').filter({ hasText: 'member.adjust-balance' });
    await entry.first().waitFor();
    expect(await entry.first().textContent()).toContain(reason);
    await journey.screenshot(admin, 'audit-adjustment', { fullPage: true });
    expect(journey.pageErrors).toEqual([]);
  });
});
