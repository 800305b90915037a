import { describe, it } from 'vitest';
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
});
