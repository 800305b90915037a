import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAndEnrol } from './support/console.js';
import { useJourney } from './support/journey.js';

/** Tries to hide the page (the moment the site sends its report) before giving up. */
const HIDE_TRIES = 20;
const REPORT_WAIT_MS = 1_000;

/**
 * Tells the page it is hidden, as a phone does when the visitor switches apps: the reporter
 * (loaded at idle) then posts what it measured. Repeated until the report goes out, because the
 * reporter's chunk may not be loaded at the first try.
 */
async function hideUntilReported(page: Page): Promise<number> {
  for (let attempt = 0; attempt < HIDE_TRIES; attempt += 1) {
    const report = page
      .waitForResponse((response) => response.url().endsWith('/wps/web-vitals'), {
        timeout: REPORT_WAIT_MS,
      })
      .catch(() => null);
    await page.evaluate(() => {
      // This runs in the page; the e2e project's types have no DOM.
      const page = globalThis as unknown as {
        document: object & { dispatchEvent(event: unknown): void };
        Event: new (type: string) => unknown;
      };
      Object.defineProperty(page.document, 'visibilityState', {
        value: 'hidden',
        configurable: true,
      });
      page.document.dispatchEvent(new page.Event('visibilitychange'));
    });
    const response = await report;
    if (response) return response.status();
  }
  throw new Error('the site sent no Web Vitals report');
}

describe('field Web Vitals: the site reports, the console shows p75 per page and device', () => {
  const journey = useJourney('console-web-vitals');

  it('a phone visit of / appears on the Page speed page', async () => {
    const visitor = await journey.newPage({ viewport: { width: 390, height: 844 } });
    await visitor.goto(`${journey.server.baseUrl}/`);
    await visitor.getByRole('banner').waitFor();
    // The first banner is the page's largest paint: the tap comes once it shows, as a visitor's
    // would (on a loaded machine a tap before it ends LCP's observation with nothing to report).
    await visitor.getByTestId('banner-carousel').locator('img').first().waitFor();
    // An input ends LCP's observation, as a real visitor's first tap does.
    await visitor.mouse.click(5, 400);
    expect(await hideUntilReported(visitor)).toBe(200);
    await visitor.close();

    const admin = journey.page;
    await signInAndEnrol(admin, journey.server.baseUrl, 'admin');
    await admin.getByTestId('nav-webVitals').click();
    const row = admin.getByTestId('web-vitals-row').filter({ hasText: 'Phone' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('/');
    await row.getByTestId('web-vitals-LCP').waitFor();
    await admin.screenshot({ path: '/tmp/console-web-vitals.png', animations: 'disabled' });
  });
});
