import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type AxeFinding, seriousAxeViolations } from './support/axe.js';
import { PHONE_VIEWPORT as PHONE, useJourney } from './support/journey.js';
import { STEP_TIMEOUT_MS, waitForPageCondition, waitForTransitionsToEnd } from './support/site.js';

const DESKTOP = { width: 1366, height: 900 };

function describeFindings(findings: AxeFinding[]): string {
  return findings
    .map((f) => `${f.impact} ${f.id}: ${f.help} @ ${f.targets.join(' | ')}`)
    .join('\n');
}

describe('the site layout on phones and desktops, in both themes', () => {
  const journey = useJourney('site-layout');

  async function newPage(
    viewport: { width: number; height: number },
    theme: 'dark' | 'light' = 'dark',
  ): Promise<{ context: BrowserContext; page: Page }> {
    // axe is injected as a script: the site's CSP would (rightly) refuse it.
    const context = await journey.newContext({ viewport, bypassCSP: true });
    if (theme === 'light') {
      await context.addInitScript(`window.localStorage.setItem('theme', 'light')`);
    }
    const page = journey.watch(await context.newPage());
    return { context, page };
  }

  async function shot(page: Page, name: string, fullPage = false) {
    await journey.screenshot(page, name, { fullPage });
  }

  async function expectAccessible(page: Page) {
    const findings = await seriousAxeViolations(page);
    expect(findings, describeFindings(findings)).toEqual([]);
  }

  async function homeReady(page: Page) {
    await page.goto(`${journey.server.baseUrl}/`);
    await page.getByTestId('banner-carousel').waitFor();
    await page.getByTestId('footer-help').getByRole('link', { name: 'Contact us' }).waitFor();
    await page.getByTestId('footer-payment-image').waitFor();
  }

  it('desktop, dark: left bar, right bar and footer with the merchant links; no axe finding', async () => {
    const { context, page } = await newPage(DESKTOP);
    await homeReady(page);
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.getByRole('link', { name: 'Home' }).waitFor();
    // Promotions: always in the bar, with the count of promotions one can join or claim.
    await nav.getByRole('link', { name: 'Promotions' }).waitFor();
    for (const name of ['Customer service', 'Platform messages', 'Announcements']) {
      await nav.getByRole('button', { name, exact: true }).waitFor();
    }
    await nav.getByRole('link', { name: 'Help centre' }).waitFor();
    await nav.getByRole('link', { name: 'App download' }).waitFor();
    const social = page.getByTestId('left-bar-social');
    expect(await social.getByRole('link', { name: 'Facebook' }).getAttribute('href')).toBe(
      'https://www.facebook.com/democasino.official',
    );
    await social.getByRole('link', { name: 'Telegram channel' }).waitFor();
    // Languages: the demo offers more than one.
    await page.getByRole('group', { name: 'Language' }).waitFor();

    const rightBar = page.getByTestId('right-bar');
    for (const name of ['App download', 'Live chat', 'Facebook', 'Telegram']) {
      await rightBar.getByRole(name === 'Live chat' ? 'button' : 'link', { name }).waitFor();
    }

    const footer = page.getByTestId('site-footer');
    const footerSocial = footer.getByTestId('footer-social');
    for (const name of ['Facebook', 'TikTok', 'X', 'Instagram', 'YouTube']) {
      await footerSocial.getByRole('link', { name, exact: true }).waitFor();
    }
    expect(
      await footerSocial.getByRole('button', { name: 'Sports partner (coming soon)' }).isDisabled(),
    ).toBe(true);
    await footer.getByText(`© ${new Date().getFullYear()} Demo Casino`).waitFor();
    // The game categories of the demo catalogue (sandbox provider: slots and pvp; built-in
    // games: in-house; the lottery vendors: lottery and e-lottery, both on /elott), linked.
    const categories = footer.getByTestId('footer-categories');
    const hrefs = await categories
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs.sort()).toEqual(['/elott', '/inhouse', '/pvp', '/rng']);
    await shot(page, 'desktop-dark-home');
    await shot(page, 'desktop-dark-home-full', true);
    await expectAccessible(page);

    // Scroll to top from the footer.
    await page.getByTestId('scroll-to-top').scrollIntoViewIfNeeded();
    expect(await page.evaluate('window.scrollY')).toBeGreaterThan(0);
    await page.getByTestId('scroll-to-top').click();
    await waitForPageCondition(page, 'window.scrollY === 0');

    // Mini mode: the left bar folds to labelled icons and unfolds again.
    await page.getByRole('button', { name: 'Fold the menu' }).click();
    await nav.getByRole('link', { name: 'Promotions' }).waitFor();
    expect(await page.getByTestId('left-bar').getAttribute('data-mini')).toBe('true');
    await nav.getByRole('button', { name: 'Customer service', exact: true }).waitFor();
    await shot(page, 'desktop-dark-mini');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Unfold the menu' }).click();
    await nav.getByRole('button', { name: 'Customer services' }).waitFor();
    await context.close();
  });

  it('shows each route its banner group: w_reg on /register, w_help on /help', async () => {
    const { context, page } = await newPage(DESKTOP);
    await page.goto(`${journey.server.baseUrl}/register`);
    await page.getByRole('img', { name: 'Join in a minute' }).waitFor({ state: 'attached' });
    await page.getByRole('heading', { name: 'Create account' }).waitFor();
    await shot(page, 'desktop-dark-register');
    await expectAccessible(page);
    await page.goto(`${journey.server.baseUrl}/help`);
    await page.getByRole('img', { name: 'How can we help?' }).waitFor({ state: 'attached' });
    await page.getByRole('heading', { name: 'How to deposit' }).waitFor();
    await shot(page, 'desktop-dark-help');
    await expectAccessible(page);
    await context.close();
  });

  it('lists the promotions on /promotions', async () => {
    const { context, page } = await newPage(DESKTOP);
    await page.goto(`${journey.server.baseUrl}/`);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Promotions' })
      .click();
    await page.waitForURL(/\/promotions$/);
    const list = page.getByTestId('promotion-list');
    await list.getByText('Welcome bonus 100%').waitFor();
    expect(await list.getByTestId('promotion-card').count()).toBeGreaterThanOrEqual(6);
    await page.getByRole('img', { name: 'Promotions for everyone' }).waitFor({ state: 'attached' });
    await shot(page, 'desktop-dark-promotions');
    await expectAccessible(page);
    await context.close();
  });

  it('light theme: the same frame passes axe (contrast included)', async () => {
    const { context, page } = await newPage(DESKTOP, 'light');
    await homeReady(page);
    expect(await page.evaluate('document.documentElement.dataset.mantineColorScheme')).toBe(
      'light',
    );
    await shot(page, 'desktop-light-home');
    await expectAccessible(page);
    await page.goto(`${journey.server.baseUrl}/register`);
    await page.getByRole('heading', { name: 'Create account' }).waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it('opens customer service in a small pop-up, and closes it when the call fails', async () => {
    const { context, page } = await newPage(DESKTOP);
    await homeReady(page);
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('footer-customer-service').click(),
    ]);
    await popup.waitForURL(/\/helpmc\?b2c=1&title=Live/);
    expect(popup.url()).toContain('language=EN');
    expect(popup.url()).toContain('#contact');
    await popup.getByRole('heading', { name: 'Contact us' }).waitFor();
    expect(await popup.evaluate('[window.innerWidth, window.opener === null]')).toEqual([
      420,
      true,
    ]);
    await shot(popup, 'customer-service-popup');
    await popup.close();

    await page.route('**/wps/system/customerService/chatUrl**', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, errorCode: 'NOT_FOUND', message: 'Not found' }),
      }),
    );
    const [failed] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('right-bar').getByRole('button', { name: 'Live chat' }).click(),
    ]);
    // The pop-up may already be gone by now: poll rather than wait for its close event.
    await expect.poll(() => failed.isClosed(), { timeout: STEP_TIMEOUT_MS }).toBe(true);
    await context.close();
  });

  it("shows a member's unread platform messages on the bell; announcements open from the side menu", async () => {
    const { context, page } = await newPage(DESKTOP);
    const { header } = await journey.registerMember(page, 'lay');
    // Since issue 21 the bell counts platform messages (none yet) and opens them for a member.
    await header.getByRole('button', { name: 'Platform messages' }).waitFor();
    expect(await header.getByTestId('unread-badge').count()).toBe(0);
    await shot(page, 'desktop-dark-member-header');
    await page.getByTestId('left-bar').getByRole('button', { name: 'Announcements' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Welcome to Demo Casino' }).waitFor();
    await dialog.getByRole('button', { name: /Weekly cashback/ }).click();
    await shot(page, 'desktop-dark-announcements');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // A member-centre modal: focus stays inside, Escape closes it, and axe finds nothing.
    await header.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Member centre' }).click();
    const centre = page.getByRole('dialog');
    await centre.waitFor();
    await waitForTransitionsToEnd(page, '[role=dialog]');
    for (let step = 0; step < 25; step += 1) await page.keyboard.press('Tab');
    expect(
      await page.evaluate(
        `document.querySelector('[role=dialog]').contains(document.activeElement)`,
      ),
    ).toBe(true);
    await shot(page, 'desktop-dark-member-centre');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await centre.waitFor({ state: 'hidden' });

    // The member's header on a phone: everything fits without a sideways scroll.
    await page.setViewportSize(PHONE);
    await header.getByRole('button', { name: 'Platform messages' }).waitFor();
    await shot(page, 'phone-dark-member-header');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      PHONE.width,
    );
    await context.close();
  });

  for (const theme of ['dark', 'light'] as const) {
    it(`phone, ${theme}: the left bar is a drawer behind the burger; Escape closes it`, async () => {
      const { context, page } = await newPage(PHONE, theme);
      await homeReady(page);
      const leftBar = page.getByTestId('left-bar');
      expect(await leftBar.isVisible()).toBe(false);
      expect(await page.getByTestId('right-bar').isVisible()).toBe(false);
      await shot(page, `phone-${theme}-home`);
      await expectAccessible(page);
      const burger = page.getByRole('button', { name: 'Open menu' });
      await burger.click();
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Promotions' })
        .waitFor();
      expect(
        await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded'),
      ).toBe('true');
      await waitForTransitionsToEnd(page, '[data-testid="left-bar"]');
      await shot(page, `phone-${theme}-drawer`);
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Open menu' }).waitFor();
      await page.getByTestId('drawer-overlay').waitFor({ state: 'detached' });
      // Navigating from the drawer closes it.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Help centre' })
        .click();
      await page.waitForURL(/\/help$/);
      await page.getByTestId('drawer-overlay').waitFor({ state: 'detached' });
      await shot(page, `phone-${theme}-footer`, true);
      await context.close();
    });
  }

  it('hides the bars on the full-screen paths', async () => {
    const { context, page } = await newPage(DESKTOP);
    // /seamless with no game named says so, full-screen, with a way to choose one.
    await page.goto(`${journey.server.baseUrl}/seamless`);
    await page.getByText('No game is open.').waitFor();
    await page.getByRole('button', { name: 'Choose a game' }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByTestId('left-bar').isVisible()).toBe(false);
    await context.close();
  });

  it('raised no page errors', () => {
    expect(journey.pageErrors).toEqual([]);
  });
});
