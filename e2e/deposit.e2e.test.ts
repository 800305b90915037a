import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { useJourney } from './support/journey.js';
import { dismissAutoDialogs } from './support/site.js';

const OPERATOR_PASSWORD = 'operator-e2e-password';

/** What an operator would attach: a picture of a bank transfer receipt (PNG, base64). */
async function receiptImageBase64(): Promise<string> {
  const canvas = createCanvas(360, 200);
  const context = canvas.getContext('2d');
  context.fillStyle = '#f8f9fa';
  context.fillRect(0, 0, 360, 200);
  context.fillStyle = '#1c7ed6';
  context.fillRect(0, 0, 360, 40);
  context.fillStyle = '#212529';
  context.font = '20px sans-serif';
  context.fillText('Transfer 50,000.00 VND', 20, 110);
  return (await canvas.encode('png')).toString('base64');
}

describe('a player deposits through the sandbox gateway, then withdraws', () => {
  const journey = useJourney('deposit', { env: { DEMO_OPERATOR_PASSWORD: OPERATOR_PASSWORD } });

  it('pays on the gateway page and sees the balance change', async () => {
    const { page } = journey;
    const { header } = await journey.registerMember(page, 'payer');

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
    // Back from the gateway the site loads again: its dialogs that open by themselves (a reward
    // the deposit earned) come first.
    await dismissAutoDialogs(page);
  });

  it('asks for a withdrawal, which an operator approves through the operator API', async () => {
    const { page, server } = journey;
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Withdraw' }).click();
    const dialog = page.getByRole('dialog');
    // The bank comes from the merchant's list (issue 22).
    await dialog.getByLabel('Bank name').fill('Vietcombank');
    await page.getByRole('option', { name: 'Vietcombank', exact: true }).click();
    await dialog.getByLabel('Account number').fill('0123456789');
    await dialog.getByLabel('Account holder name').fill('Nguyen Van An');
    await dialog.getByRole('button', { name: 'Save bank account' }).click();
    await dialog.getByLabel('Bank account', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Bank account', { exact: true }).inputValue()).toContain(
      'Vietcombank •••• 6789',
    );

    // The payment password is asked for up front, before any request (issue 22).
    await dialog.getByLabel('Login password').fill('secret123');
    await dialog.getByLabel('Payment password', { exact: true }).first().fill('123456');
    await dialog.getByLabel('Confirm payment password').fill('123456');
    await dialog.getByRole('button', { name: 'Save payment password' }).click();
    await dialog.getByText('Set your payment password').waitFor({ state: 'detached' });
    await dialog.getByLabel('Amount').fill('50000');
    await dialog.getByLabel('Payment password', { exact: true }).fill('123456');
    await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
    await dialog
      .getByText('Your withdrawal of 50,000.00 VND is requested', { exact: false })
      .waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await header.getByText('100,000.00', { exact: true }).waitFor();

    const headers = { merchant: 'DEMO', 'content-type': 'application/json' };
    const login = await fetch(`${server.baseUrl}/admin/session/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username: 'operator', password: OPERATOR_PASSWORD }),
    }).then((response) => response.json() as Promise<{ value: { token: string } }>);
    const operatorHeaders = { ...headers, authorization: login.value.token };
    const pending = await fetch(`${server.baseUrl}/admin/withdrawals?status=pending`, {
      headers: operatorHeaders,
    }).then(
      (response) => response.json() as Promise<{ value: { items: { withdrawalId: string }[] } }>,
    );
    expect(pending.value.items).toHaveLength(1);
    const approved = await fetch(`${server.baseUrl}/admin/withdrawals/approve`, {
      method: 'POST',
      headers: operatorHeaders,
      body: JSON.stringify({
        withdrawalId: pending.value.items[0]?.withdrawalId,
        proofImageBase64: await receiptImageBase64(),
      }),
    }).then((response) => response.json() as Promise<{ value: { status: string } }>);
    expect(approved.value.status).toBe('approved');
    await header.getByRole('button', { name: 'Refresh balance' }).click();
    await header.getByText('100,000.00', { exact: true }).waitFor();
  });

  it('sees the proof of the approved withdrawal and confirms receiving it', async () => {
    const { page } = journey;
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Withdraw' }).click();
    const dialog = page.getByRole('dialog');
    const row = dialog.getByTestId('withdrawal-row').first();
    await row.getByText('Approved').waitFor();
    await row.getByText('Received: 0.00 VND', { exact: false }).waitFor();
    await row.getByRole('button', { name: 'View proof' }).click();
    const proof = row.getByRole('img', { name: 'Proof of payment' });
    await proof.waitFor();
    await expect
      .poll(() => proof.evaluate((image) => (image as { naturalWidth: number }).naturalWidth))
      .toBe(360);
    await journey.screenshot(page, 'withdrawal-proof');
    await row.getByRole('button', { name: 'Received', exact: true }).click();
    await row.getByText('You confirmed receiving it.').waitFor();
    await row.getByText('Received: 50,000.00 VND', { exact: false }).waitFor();
    expect(await row.getByRole('button', { name: 'Not received' }).count()).toBe(0);
  });
});
