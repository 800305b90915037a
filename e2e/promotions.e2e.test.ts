import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { signInAndEnrol } from './support/console.js';
import { useJourney } from './support/journey.js';
import { registerOnPage, waitForPageCondition } from './support/site.js';

const OPERATOR_PASSWORD = 'operator-e2e-password';
/** The consumer applies the deposit within a second or two; the page refetches on reload. */
const ISSUED_TIMEOUT_MS = 20_000;

function pngBase64(colour: string): string {
  const canvas = createCanvas(120, 80);
  const context = canvas.getContext('2d');
  context.fillStyle = colour;
  context.fillRect(0, 0, 120, 80);
  return canvas.toBuffer('image/png').toString('base64');
}

describe('promotions: the register carousel, a first-deposit bonus, an application approved', () => {
  const journey = useJourney('promotions', { env: { DEMO_OPERATOR_PASSWORD: OPERATOR_PASSWORD } });
  const api = async (
    path: string,
    init: { method?: string; token?: string; body?: unknown } = {},
  ) => {
    const headers: Record<string, string> = {
      merchant: 'DEMO',
      'content-type': 'application/json',
    };
    if (init.token) headers.authorization = init.token;
    const response = await fetch(`${journey.server.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: a journey reads the replies it knows.
    return (await response.json()) as { success: boolean; value: any; errorCode?: string };
  };

  it('a new player follows the carousel to the welcome bonus, registers, joins, deposits and gets the bonus', async () => {
    const { page, server } = journey;
    await page.goto(`${server.baseUrl}/register`);
    const slide = page.getByTestId('register-slide');
    await slide.getByText('Welcome bonus 100%').waitFor();
    await slide.click();
    await page.getByRole('heading', { name: 'Welcome bonus 100%' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/promoDetail');
    const detailUrl = page.url();
    await page.locator('[data-testid="promotion-status"][data-status="Join"]').waitFor();
    await page.getByTestId('promotion-action-join').click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');

    const header = await registerOnPage(page, server.baseUrl, journey.uniqueName('promo'));
    await page.goto(detailUrl);
    await page.getByTestId('promotion-action-join').click();
    await page.locator('[data-testid="promotion-status"][data-status="Joined"]').waitFor();

    await header.getByRole('button', { name: 'Deposit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount').fill('150000');
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: 'Pay 150,000.00 VND' }).click();
    await page.getByText('Deposit of 150,000.00 VND received').waitFor();

    // The deposit consumer grants the bonus within a second or two: reload until it shows.
    const deadlineMs = Date.now() + ISSUED_TIMEOUT_MS;
    const status = page.getByTestId('promotion-status');
    await page.goto(detailUrl);
    await status.waitFor();
    while ((await status.getAttribute('data-status')) !== 'Issued') {
      if (Date.now() > deadlineMs) throw new Error('the welcome bonus was not issued');
      await page.waitForTimeout(500);
      await page.reload();
      await status.waitFor();
    }
    await page.getByTestId('promotion-reward-issued').getByText('150,000.00').waitFor();
    await journey.screenshot(page, 'promo-detail-issued');
    await page.screenshot({ path: '/tmp/promo-detail-issued.png', animations: 'disabled' });

    await page.goto(`${server.baseUrl}/promotions`);
    await page.getByTestId('promotion-list').waitFor();
    await waitForPageCondition(
      page,
      'document.querySelectorAll("[data-testid=promotion-card]").length >= 6',
    );
    await page.screenshot({ path: '/tmp/promo-list.png', animations: 'disabled' });
  });

  it('another member applies with a comment and two images; the operator approves and the bonus is issued', async () => {
    const username = journey.uniqueName('apply');
    const registered = await api('/wps/member/register', {
      method: 'PUT',
      body: { username, password: 'secret123', confirmPassword: 'secret123' },
    });
    const token = registered.value.session.token as string;
    const list = await api('/wps/promotion/list?category=other', { token });
    const share = list.value.list.find((card: { title: string }) => card.title === 'Share and win');
    expect(share?.action).toBe('apply');
    const applied = await api('/wps/promotion/apply', {
      method: 'POST',
      token,
      body: {
        id: share.id,
        comment: 'Shared on my page',
        images: [pngBase64('#e11d48'), pngBase64('#2563eb')],
      },
    });
    expect(applied.value?.status, JSON.stringify(applied)).toBe('Applying');

    const login = await api('/admin/session/login', {
      method: 'POST',
      body: { username: 'operator', password: OPERATOR_PASSWORD },
    });
    const operator = login.value.token as string;
    const queue = await api('/admin/promotions/applications?status=pending', { token: operator });
    const application = queue.value.items.find(
      (item: { id: string }) => item.id === applied.value.applicationId,
    );
    expect(application.imageIds).toHaveLength(2);
    const approved = await api('/admin/promotions/applications/decide', {
      method: 'POST',
      token: operator,
      body: { id: application.id, decision: 'approve' },
    });
    expect(approved.value.status).toBe('approved');
    const detail = await api(`/wps/promotion/detail?id=${share.id}`, { token });
    expect(detail.value).toMatchObject({ status: 'Issued', rewardAmount: 50_000 });
  });

  it('in the console an operator approves an application with its images, reads the cost report and the bonus of the member', async () => {
    const { server } = journey;
    const username = journey.uniqueName('capply');
    const registered = await api('/wps/member/register', {
      method: 'PUT',
      body: { username, password: 'secret123', confirmPassword: 'secret123' },
    });
    const token = registered.value.session.token as string;
    const list = await api('/wps/promotion/list?category=other', { token });
    const share = list.value.list.find((card: { title: string }) => card.title === 'Share and win');
    const applied = await api('/wps/promotion/apply', {
      method: 'POST',
      token,
      body: { id: share.id, comment: 'Posted in my group', images: [pngBase64('#16a34a')] },
    });
    expect(applied.value?.status, JSON.stringify(applied)).toBe('Applying');

    const admin = await journey.newPage();
    await signInAndEnrol(admin, server.baseUrl, 'admin');
    await admin.goto(`${server.baseUrl}/console/promotions`);
    await admin.getByTestId('promotion-row').first().waitFor();
    await admin.screenshot({ path: '/tmp/console-promotions.png', animations: 'disabled' });

    await admin.getByTestId('promotions-tab-applications').click();
    const row = admin.locator(`[data-testid="application-row"][data-account="${username}"]`);
    await row.getByTestId('application-image').waitFor();
    await admin.screenshot({ path: '/tmp/console-applications.png', animations: 'disabled' });
    await row.getByTestId('application-approve').click();
    await admin.getByTestId('application-confirm').click();
    await row.waitFor({ state: 'detached' });
    const detail = await api(`/wps/promotion/detail?id=${share.id}`, { token });
    expect(detail.value).toMatchObject({ status: 'Issued', rewardAmount: 50_000 });

    await admin.getByTestId('promotions-tab-promotions').click();
    await admin
      .getByTestId('promotion-row')
      .filter({ hasText: 'Share and win' })
      .getByTestId('promotion-report')
      .click();
    await admin.getByTestId('promotion-report-figures').waitFor();
    await admin.screenshot({ path: '/tmp/console-promotion-report.png', animations: 'disabled' });
    await admin.keyboard.press('Escape');

    await admin.getByTestId('promotion-edit').first().click();
    await admin.getByTestId('promotion-title').waitFor();
    await admin.screenshot({
      path: '/tmp/console-promotion-editor.png',
      animations: 'disabled',
      fullPage: true,
    });
    await admin.keyboard.press('Escape');

    await admin.getByTestId('promotions-tab-bonuses').click();
    await admin.getByTestId('bonuses-account').fill(username);
    await admin.getByRole('button', { name: 'Search' }).click();
    const bonus = admin.locator(`[data-testid="bonus-row"][data-account="${username}"]`);
    await bonus.getByTestId('bonus-progress').waitFor();
    await admin.screenshot({ path: '/tmp/console-bonuses.png', animations: 'disabled' });
  });
});
