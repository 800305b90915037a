import { describe, expect, it } from 'vitest';
import { useJourney } from './support/journey.js';

const OPERATOR_PASSWORD = 'operator-e2e-password';

describe('a player deposits by bank transfer and an operator approves it', () => {
  const journey = useJourney('manual-deposit', {
    env: { DEMO_OPERATOR_PASSWORD: OPERATOR_PASSWORD },
  });

  it('shows the bank details, waits for approval, then the header shows the money', async () => {
    const { page, server } = journey;
    const { username, header } = await journey.registerMember(page, 'bank');

    await header.getByRole('button', { name: 'Deposit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Bank transfer (approved by an operator)').click();
    await dialog.getByText('0071000123456').waitFor();
    await dialog.getByText('CONG TY DEMO').waitFor();
    await dialog.getByRole('button', { name: 'Copy Account number' }).waitFor();
    await dialog.getByLabel('Amount').fill('250000');
    await dialog.getByRole('button', { name: 'Submit deposit' }).click();
    await dialog.getByText('Please enter the reference of your transfer').waitFor();
    await dialog.getByLabel('Transfer reference').fill(`NAP ${username}`);
    await journey.screenshot(page, 'manual-deposit-form');
    await dialog.getByRole('button', { name: 'Submit deposit' }).click();
    await dialog
      .getByText('Your deposit of 250,000.00 VND is pending approval', { exact: false })
      .waitFor();
    // The pending deposit is listed with its state, not invisible until an operator decides.
    const row = dialog.getByTestId('deposit-row').first();
    await row.getByText('250,000.00 VND').waitFor();
    await row.getByText('Waiting').waitFor();
    await journey.screenshot(page, 'manual-deposit-pending');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await header.getByText('0.00', { exact: true }).waitFor();

    const headers = { merchant: 'DEMO', 'content-type': 'application/json' };
    const login = await fetch(`${server.baseUrl}/admin/session/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username: 'operator', password: OPERATOR_PASSWORD }),
    }).then((response) => response.json() as Promise<{ value: { token: string } }>);
    const operatorHeaders = { ...headers, authorization: login.value.token };
    const pending = await fetch(`${server.baseUrl}/admin/deposits?status=pending`, {
      headers: operatorHeaders,
    }).then(
      (response) =>
        response.json() as Promise<{
          value: {
            items: { depositId: string; memberAccount: string; payerReference: string }[];
          };
        }>,
    );
    const mine = pending.value.items.find((deposit) => deposit.memberAccount === username);
    expect(mine?.payerReference).toBe(`NAP ${username}`);
    const approved = await fetch(`${server.baseUrl}/admin/deposits/approve`, {
      method: 'POST',
      headers: operatorHeaders,
      body: JSON.stringify({ depositId: mine?.depositId }),
    }).then((response) => response.json() as Promise<{ value: { status: string } }>);
    expect(approved.value.status).toBe('completed');

    await header.getByRole('button', { name: 'Refresh balance' }).click();
    await header.getByText('250,000.00', { exact: true }).waitFor();
    await header.getByRole('button', { name: 'Deposit' }).click();
    await page
      .getByRole('dialog')
      .getByTestId('deposit-row')
      .first()
      .getByText('Credited')
      .waitFor();
  });
});
