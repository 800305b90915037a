import { describe, expect, it } from 'vitest';
import { PHONE_VIEWPORT, useJourney } from './support/journey.js';

describe('the member centre: wallet, account record after a sandbox deposit', () => {
  const journey = useJourney('member-centre');
  const screenshot = (name: string) => journey.screenshot(journey.page, name);

  it('deposits, then finds the deposit in the account record with the balance after', async () => {
    const { page } = journey;
    const { header } = await journey.registerMember(page, 'centre');

    await header.getByRole('button', { name: 'Deposit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount').fill('150000');
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: 'Pay 150,000.00 VND' }).click();
    await page.getByText('Deposit of 150,000.00 VND received').waitFor();
    await header.getByText('150,000.00', { exact: true }).waitFor();

    await header.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Account record' }).click();
    const centre = page.getByRole('dialog', { name: 'Member centre' });
    await centre.getByRole('heading', { name: 'Account record' }).waitFor();
    const table = centre.getByRole('table', { name: 'Records' });
    const row = table.getByRole('row').filter({ hasText: 'Deposit' });
    await row.getByText('+150,000.00').waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells.slice(1, 5)).toEqual(['Deposit', 'Main wallet', '+150,000.00', '150,000.00']);
    await screenshot('member-centre-record');
  });

  it('shows the balances in my wallet and moves money to the vendor wallet and back', async () => {
    const { page } = journey;
    const centre = page.getByRole('dialog', { name: 'Member centre' });
    await centre.getByRole('button', { name: 'My wallet' }).click();
    await centre.getByTestId('wallet-total').getByText('₫ 150,000.00').waitFor();
    await centre.getByLabel('Amount').fill('40000');
    await centre.getByRole('button', { name: 'Transfer', exact: true }).click();
    await centre.getByText('40,000.00 transferred.').waitFor();
    const vendorCard = centre.getByText('Demo vendor wallet', { exact: true }).locator('..');
    await vendorCard.getByText('₫ 40,000.00').waitFor();
    // The header shows the main wallet: what is left to play outside the vendor.
    await page.getByRole('banner').getByText('110,000.00', { exact: true }).waitFor();
    await screenshot('member-centre-wallet');

    await centre.getByRole('button', { name: 'Account record' }).click();
    const table = centre.getByRole('table', { name: 'Records' });
    await table.getByText('-40,000.00').waitFor();
    await table.getByText('+40,000.00').waitFor();

    await centre.getByRole('button', { name: 'Deposit' }).click();
    await centre.getByText('Sandbox card (demo, no real money)').waitFor();
    // On a phone the centre takes the screen, its menu above the page.
    await page.setViewportSize(PHONE_VIEWPORT);
    await centre.getByRole('button', { name: 'Account record' }).click();
    await centre.getByRole('table', { name: 'Records' }).waitFor();
    await screenshot('member-centre-phone');
    await centre.getByRole('button', { name: 'Close' }).click();
    await centre.waitFor({ state: 'detached' });
  });
});
