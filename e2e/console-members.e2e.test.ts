import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAndEnrol } from './support/console.js';
import { useJourney } from './support/journey.js';

/** Above the default ADJUSTMENT_SECOND_APPROVAL_ABOVE_MINOR (1,000.00): a second operator decides. */
const LARGE_ADJUSTMENT = '2500';

describe('the console Members pages', () => {
  const journey = useJourney('console-members');
  let admin: Page;
  let username: string;

  /** The member's own login through the player API, as the site makes it. */
  async function memberLogin(): Promise<{ status: number; errorCode?: string }> {
    const response = await fetch(`${journey.server.baseUrl}/wps/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', merchant: 'DEMO', device: 'WEB' },
      body: JSON.stringify({ username, password: 'secret123', type: 'username' }),
    });
    const body = (await response.json()) as { errorCode?: string };
    return { status: response.status, errorCode: body.errorCode };
  }

  it('finds a member registered in the journey and opens the profile', async () => {
    const { page, server } = journey;
    ({ username } = await journey.registerMember(page, 'memb'));

    admin = await journey.newPage();
    await signInAndEnrol(admin, server.baseUrl, 'admin');
    await admin.getByTestId('nav-members').click();
    await admin.getByTestId('member-search-account').fill(username.slice(0, 7));
    await admin.getByTestId('member-search-submit').click();
    const row = admin.getByTestId('member-row').filter({ hasText: username });
    await row.waitFor();
    expect(await row.textContent()).toContain('Active');
    await journey.screenshot(admin, 'members-search', { fullPage: true });

    await row.getByRole('link', { name: username }).click();
    await admin.getByTestId('member-account').filter({ hasText: username }).waitFor();
    await admin.getByTestId('member-logins').waitFor();
    await journey.screenshot(admin, 'member-profile', { fullPage: true });
  });

  it('locks the member (the login is refused), unlocks, and adds a note', async () => {
    await admin.getByTestId('member-lock').click();
    await admin.getByTestId('member-lock-reason').fill('Suspected shared account');
    await journey.screenshot(admin, 'member-lock-dialog');
    await admin.getByTestId('member-lock-confirm').click();
    await admin.getByTestId('member-status').filter({ hasText: 'Locked' }).waitFor();
    expect(await memberLogin()).toEqual({ status: 403, errorCode: 'ACCOUNT_DISABLED' });

    await admin.getByTestId('member-lock').click();
    await admin.getByTestId('member-lock-reason').fill('Checked with the member');
    await admin.getByTestId('member-lock-confirm').click();
    await admin.getByTestId('member-status').filter({ hasText: 'Active' }).waitFor();
    expect((await memberLogin()).status).toBe(200);

    // The refused login while locked is listed with its reason under the sessions.
    await admin.getByTestId('member-tab-logins').click();
    await admin
      .getByTestId('member-login-failures')
      .filter({ hasText: 'Account locked' })
      .waitFor();
    await journey.screenshot(admin, 'member-logins-failed', { fullPage: true });

    await admin.getByTestId('member-reset').click();
    await admin.getByTestId('member-reset-channel').waitFor();
    await journey.screenshot(admin, 'member-reset-dialog');
    await admin.getByRole('button', { name: 'Cancel' }).click();

    await admin.getByTestId('member-tab-notes').click();
    await admin.getByTestId('member-note-body').fill('Called the member about the lock.');
    await admin.getByTestId('member-note-add').click();
    const note = admin.getByTestId('member-note').filter({ hasText: 'Called the member' });
    await note.waitFor();
    expect(await note.textContent()).toContain('admin');
    await journey.screenshot(admin, 'member-notes', { fullPage: true });
  });

  it('holds an adjustment above the limit until a second operator approves it', async () => {
    await admin.getByTestId('member-adjust').click();
    await admin.getByTestId('member-adjust-amount').fill(LARGE_ADJUSTMENT);
    await admin.getByTestId('member-adjust-reason').fill('Tournament prize');
    await admin.getByTestId('member-adjust-confirm').click();
    const result = admin.getByTestId('member-adjust-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('waits for a second operator');
    await journey.screenshot(admin, 'member-adjust-pending');
    await admin.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await admin.getByTestId('member-tab-balances').click();
    const mine = admin.getByTestId('pending-adjustment-row').filter({ hasText: '2,500.00' });
    await mine.waitFor();
    expect(await mine.textContent()).toContain('Yours');
    expect(await admin.getByTestId('member-balance-cash').count()).toBeLessThanOrEqual(1);

    const finance = await journey.newPage();
    await signInAndEnrol(finance, journey.server.baseUrl, 'finance');
    await finance.getByTestId('nav-members').click();
    await finance.getByTestId('members-tab-pending').click();
    const pending = finance.getByTestId('pending-adjustment-row').filter({ hasText: username });
    await pending.waitFor();
    await journey.screenshot(finance, 'adjustments-pending', { fullPage: true });
    await pending.getByTestId('adjustment-approve').click();
    await finance.getByTestId('adjustment-decide-confirm').click();
    await pending.waitFor({ state: 'detached' });

    await admin.reload();
    await admin.getByTestId('member-tab-balances').click();
    await admin.getByTestId('member-balance-cash').filter({ hasText: '2,500.00 VND' }).waitFor();
    await admin.getByTestId('member-statement').getByText('+2,500.00').waitFor();
    await journey.screenshot(admin, 'member-balances', { fullPage: true });
    expect(journey.pageErrors).toEqual([]);
  });
});
