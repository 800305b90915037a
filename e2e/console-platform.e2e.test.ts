import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAndEnrol } from './support/console.js';
import { useJourney } from './support/journey.js';

/** The second merchant this journey creates (the e2e server seeds only DEMO). */
const MERCHANT_B = 'PLATB';
/** The two-person limit the admin sets (major units), and an adjustment just above it. */
const NEW_LIMIT = '100';
const ABOVE_NEW_LIMIT = '150';

/**
 * The platform operator's merchant picker, the platform operators section, a merchant
 * operator kept on its merchant, and the two-person limit's settings page (issue 17).
 */
describe('the console across merchants', () => {
  const journey = useJourney('console-platform');
  let memberA = '';
  let memberB = '';
  let memberBId = '';
  let platform: Page;

  async function register(merchant: string, username: string): Promise<void> {
    const response = await fetch(`${journey.server.baseUrl}/wps/member/register`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', merchant },
      body: JSON.stringify({ username, password: 'secret123', confirmPassword: 'secret123' }),
    });
    expect(response.status, `register at ${merchant}`).toBe(200);
  }

  /** Searches the Members page by account; waits for the member's row, or for "no members". */
  async function searchMembers(page: Page, account: string, found: boolean): Promise<void> {
    await page.getByTestId('nav-members').click();
    await page.getByTestId('member-search-account').fill(account);
    await page.getByTestId('member-search-submit').click();
    if (found) await page.getByTestId('member-row').filter({ hasText: account }).waitFor();
    else await page.getByTestId('members-empty').waitFor();
    expect(await page.getByTestId('member-row').filter({ hasText: account }).count()).toBe(
      found ? 1 : 0,
    );
  }

  async function pickMerchant(page: Page, merchantCode: string): Promise<void> {
    const picker = page.getByTestId('merchant-switch');
    if ((await picker.inputValue()) === merchantCode) return;
    await picker.selectOption(merchantCode);
    await expect.poll(() => picker.inputValue()).toBe(merchantCode);
    await expect.poll(() => picker.isEnabled()).toBe(true);
  }

  beforeAll(async () => {
    const client = await journey.pg();
    // A second white label copied from the demo one, as an operator's set-up would make it.
    await client.query(
      `INSERT INTO merchants (code, name, currency, currency_symbol, default_language,
         supported_languages, default_game_language, domains, white_label, register_settings,
         resources, customer_service)
       SELECT $1, $1 || ' site', currency, currency_symbol, default_language, supported_languages,
         default_game_language, '{}'::text[], white_label, register_settings, resources,
         customer_service
       FROM merchants WHERE code = 'DEMO'
       ON CONFLICT (code) DO NOTHING`,
      [MERCHANT_B],
    );
    memberA = journey.uniqueName('pla');
    memberB = journey.uniqueName('plb');
    await register('DEMO', memberA);
    await register(MERCHANT_B, memberB);
    const row = await client.query<{ id: string }>(
      'SELECT id::text AS id FROM members WHERE merchant_code = $1 AND username = $2',
      [MERCHANT_B, memberB],
    );
    memberBId = row.rows[0]?.id ?? '';
    expect(memberBId).not.toBe('');
  });

  it("lets the platform operator pick a merchant and see only that merchant's members", async () => {
    platform = await journey.newPage();
    await signInAndEnrol(platform, journey.server.baseUrl, 'platform');
    await pickMerchant(platform, 'DEMO');
    await searchMembers(platform, memberA, true);

    await pickMerchant(platform, MERCHANT_B);
    await searchMembers(platform, memberA, false);
    await searchMembers(platform, memberB, true);
    await journey.screenshot(platform, 'platform-merchant-b-members', { fullPage: true });
    await pickMerchant(platform, 'DEMO');
  });

  it('lets the platform admin create a platform operator and lock it', async () => {
    const username = journey.uniqueName('plop');
    await platform.getByTestId('nav-operators').click();
    await platform.getByTestId('platform-operators').waitFor();
    await platform.getByTestId('platform-operator-create').click();
    await platform.getByTestId('platform-operator-username').fill(username);
    await platform.getByTestId('platform-operator-password').fill('platform-pass-123');
    await platform.getByTestId('platform-operator-role').selectOption('support');
    await platform.getByRole('dialog').waitFor();
    await journey.screenshot(platform, 'platform-operator-create');
    await platform.getByTestId('platform-operator-submit').click();
    const row = platform.getByTestId('platform-operator-row').filter({ hasText: username });
    await row.waitFor();
    expect(await row.textContent()).toContain('DEMO');

    platform.once('dialog', (dialog) => void dialog.accept());
    await row.getByTestId('platform-operator-lock').click();
    await row.getByText('Locked').waitFor();
    await journey.screenshot(platform, 'platform-operators', { fullPage: true });
    const login = await fetch(`${journey.server.baseUrl}/admin/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', merchant: 'DEMO' },
      body: JSON.stringify({ username, password: 'platform-pass-123' }),
    });
    expect(login.status).toBeGreaterThanOrEqual(400);
  });

  it("keeps a merchant operator off merchant B, and applies the admin's new two-person limit", async () => {
    const admin = await journey.newPage();
    await signInAndEnrol(admin, journey.server.baseUrl, 'admin');
    expect(await admin.getByTestId('merchant-switch').count()).toBe(0);
    await admin.getByTestId('merchant').filter({ hasText: 'DEMO' }).waitFor();
    // B's member is answered as not found; the platform operators calls do not exist for it.
    const base = journey.server.baseUrl;
    const request = admin.context().request;
    const profile = await request.get(`${base}/admin/members/profile?memberId=${memberBId}`);
    expect(profile.status()).toBe(404);
    expect(((await profile.json()) as { errorCode: string }).errorCode).toBe('NOT_FOUND');
    expect((await request.get(`${base}/admin/platform-operators`)).status()).toBe(404);
    // Its Operators page lists its merchant's operators and has no platform section.
    await admin.getByTestId('nav-operators').click();
    await admin.getByTestId('operator-row').first().waitFor();
    expect(await admin.getByTestId('platform-operators').count()).toBe(0);
    await searchMembers(admin, memberB, false);

    await admin.getByTestId('nav-adjustmentLimit').click();
    await admin.getByTestId('adjustment-limit').fill(NEW_LIMIT);
    await admin.getByTestId('adjustment-limit-save').click();
    await admin.getByTestId('adjustment-limit-source').filter({ hasText: '100.00' }).waitFor();
    await journey.screenshot(admin, 'adjustment-limit', { fullPage: true });
    const audit = await request.get(`${base}/admin/audit-log?action=settings.adjustments`);
    const entries = (await audit.json()) as {
      value: { items: { operatorUsername: string; after: { secondApprovalAboveMinor: string } }[] };
    };
    expect(entries.value.items[0]).toMatchObject({
      operatorUsername: 'admin',
      after: { secondApprovalAboveMinor: '10000' },
    });

    // Under the default limit (1,000.00) this would be applied at once; now it waits.
    await admin.getByTestId('nav-adjustBalance').click();
    await admin.getByTestId('adjust-account').fill(memberA);
    await admin.getByTestId('adjust-amount').fill(ABOVE_NEW_LIMIT);
    await admin.getByTestId('adjust-reason').fill('Goodwill credit above the new limit');
    await admin.getByTestId('adjust-review').click();
    await admin.getByTestId('adjust-confirm').click();
    const result = admin.getByTestId('adjust-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('Waiting for a second operator');
    await journey.screenshot(admin, 'adjustment-waits', { fullPage: true });
    expect(journey.pageErrors).toEqual([]);
  });
});
