import { describe, expect, it } from 'vitest';
import { signInAndEnrol } from './support/console.js';
import { useJourney } from './support/journey.js';

const SANDBOX_NAME = 'Sandbox card (demo, no real money)';

describe('the console Payment methods page: finance changes a limit and the deposit dialog follows', () => {
  const journey = useJourney('console-payment-methods');

  it('raises the sandbox method limit; a new player is told the new smallest amount', async () => {
    const admin = journey.page;
    await signInAndEnrol(admin, journey.server.baseUrl, 'finance');
    await admin.getByTestId('nav-paymentMethods').click();
    const row = admin.locator('[data-testid="method-row"][data-code="sandbox"]');
    await row.waitFor();
    await admin.screenshot({
      path: '/tmp/console-payment-methods-list.png',
      animations: 'disabled',
    });
    await row.getByTestId('method-edit').click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByTestId('method-min').fill('20000');
    await admin.screenshot({
      path: '/tmp/console-payment-methods-edit.png',
      animations: 'disabled',
    });
    await dialog.getByTestId('method-save').click();
    await dialog.waitFor({ state: 'detached' });
    await row.filter({ hasText: '20,000.00' }).waitFor();

    const player = journey.watch(await admin.context().newPage());
    const { header } = await journey.registerMember(player, 'limits');
    await header.getByRole('button', { name: 'Deposit' }).click();
    const deposit = player.getByRole('dialog');
    await deposit.getByText(SANDBOX_NAME).click();
    await deposit.getByLabel('Amount').fill('15000');
    await deposit.getByRole('button', { name: 'Continue to payment' }).click();
    await deposit.getByText('Please enter an amount from 20,000.00 to 100,000,000.00').waitFor();
    await player.close();
  });

  it('sets the manual bank account and the withdrawal limits; a new player’s deposit dialog shows the account', async () => {
    const admin = journey.page;
    const manual = admin.locator('[data-testid="method-row"][data-code="manual-bank"]');
    await manual.getByTestId('method-bank-edit').click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByTestId('bank-bankName').fill('Techcombank');
    await dialog.getByTestId('bank-accountName').fill('CONG TY JOURNEY');
    await dialog.getByTestId('bank-accountNumber').fill('1903 7777 0001');
    await dialog.getByTestId('bank-branch').fill('Ha Noi');
    await admin.screenshot({
      path: '/tmp/console-payment-methods-bank.png',
      animations: 'disabled',
    });
    await dialog.getByTestId('bank-save').click();
    await dialog.waitFor({ state: 'detached' });
    await manual.getByText('Techcombank · 1903 7777 0001').waitFor();

    const limits = admin.getByTestId('withdrawal-limits');
    await limits.getByTestId('limits-edit').click();
    await dialog.getByTestId('limit-dailyCountMax').fill('3');
    await dialog.getByTestId('limits-save').click();
    await dialog.waitFor({ state: 'detached' });
    await limits.getByTestId('limit-count-value').filter({ hasText: '3' }).waitFor();
    await admin.screenshot({
      path: '/tmp/console-payment-methods-limits.png',
      animations: 'disabled',
      fullPage: true,
    });

    const player = journey.watch(await admin.context().newPage());
    const { header } = await journey.registerMember(player, 'bank');
    await header.getByRole('button', { name: 'Deposit' }).click();
    const deposit = player.getByRole('dialog');
    await deposit.getByText('Bank transfer', { exact: false }).first().click();
    await deposit.getByText('1903 7777 0001').waitFor();
    await deposit.getByText('CONG TY JOURNEY').waitFor();
    await player.close();
  });

  it('disables a withdrawal bank; a new player no longer finds it in the withdrawal form', async () => {
    const admin = journey.page;
    const banks = admin.getByTestId('withdrawal-banks');
    const bidv = banks.locator('[data-testid="bank-row"][data-name="BIDV"]');
    await bidv.getByTestId('bank-edit').click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByTestId('bank-enabled').click();
    await dialog.getByTestId('bank-save').click();
    await dialog.waitFor({ state: 'detached' });
    await bidv.getByTestId('bank-state').filter({ hasText: 'Disabled' }).waitFor();
    await banks.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: '/tmp/console-withdrawal-banks.png', animations: 'disabled' });

    const player = journey.watch(await admin.context().newPage());
    const { header } = await journey.registerMember(player, 'banks');
    await header.getByRole('button', { name: 'Withdraw' }).click();
    await player.getByRole('dialog').getByLabel('Bank name').click();
    await player.getByRole('option', { name: 'Vietcombank', exact: true }).waitFor();
    expect(await player.getByRole('option', { name: 'BIDV', exact: true }).count()).toBe(0);
    await player.close();
  });
});
