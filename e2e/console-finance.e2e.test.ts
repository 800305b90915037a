import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAndEnrol } from './support/console.js';
import { useJourney } from './support/journey.js';

/** What the player deposits and the operator approves, in major units. */
const DEPOSIT_AMOUNT = '250000';

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
    await signInAndEnrol(admin, server.baseUrl, 'admin');
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
    await admin.getByTestId('adjust-amount').fill('500.5');
    await admin.getByTestId('adjust-reason').fill(reason);
    await admin.getByTestId('adjust-review').click();
    const confirmation = admin.getByTestId('adjust-confirmation');
    await confirmation.getByText(`Credit 500.50 to ${username}`, { exact: false }).waitFor();
    await journey.screenshot(admin, 'adjust-confirm');
    await admin.getByTestId('adjust-confirm').click();
    const result = admin.getByTestId('adjust-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('500.50 VND');
    await journey.screenshot(admin, 'adjust-done');

    await admin.getByTestId('nav-auditLog').click();
    const entry = admin.getByTestId('audit-row').filter({ hasText: 'member.adjust-balance' });
    await entry.first().waitFor();
    expect(await entry.first().textContent()).toContain(reason);
    await journey.screenshot(admin, 'audit-adjustment', { fullPage: true });
    expect(journey.pageErrors).toEqual([]);
  });
});
