import type { Browser, Locator, Page } from 'playwright-core';

/** How long one step (a click, a wait for text) may take before the journey fails. */
export const STEP_TIMEOUT_MS = 15_000;

/** A fresh browser context (no cookies, no storage) with a desktop viewport, and its page. */
export async function openPage(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  return context.newPage();
}

/**
 * Registers on /register as a person would (username, password twice, Register, then OK on
 * the success dialog, then closing what opens after a login, such as the after-login rewards
 * every new demo member gets for the welcome promotion) and answers the header once it shows
 * the empty balance.
 */
export async function registerOnPage(
  page: Page,
  baseUrl: string,
  username: string,
  password = 'secret123',
): Promise<Locator> {
  await page.goto(`${baseUrl}/register`);
  const form = page.getByRole('main');
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm password').fill(password);
  await form.getByRole('button', { name: 'Register' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await dismissAutoDialogs(page);
  const header = page.getByRole('banner');
  await header.getByText('0.00', { exact: true }).waitFor();
  return header;
}

/** How often {@link waitForPageCondition} and {@link dismissAutoDialogs} ask the page again. */
const PAGE_CONDITION_POLL_MS = 50;

/** The site marks `<html>` with this while a dialog that opens by itself waits or shows. */
const AUTO_DIALOGS_WAITING = "document.documentElement.hasAttribute('data-auto-dialogs')";
/** ... and with this once a session's member is known and its dialogs have been asked for. */
const AUTO_DIALOGS_CHECKED = "document.documentElement.hasAttribute('data-auto-dialogs-checked')";

/**
 * Closes what opens by itself after a login or a registration, as a person would: the popup
 * announcement (Close) and the after-login rewards (Later), until nothing more waits. Call it
 * where a person would meet them, after the login or the registration's success dialog: it
 * first waits until the site knows the member (so a login still on its way counts).
 */
export async function dismissAutoDialogs(page: Page, timeoutMs = STEP_TIMEOUT_MS): Promise<void> {
  const deadlineMs = Date.now() + timeoutMs;
  await waitForPageCondition(page, AUTO_DIALOGS_CHECKED, timeoutMs);
  const rewards = page.getByRole('dialog', { name: 'Rewards waiting for you' });
  const popup = page.getByRole('dialog', { name: 'Announcements' });
  const welcome = page.getByRole('status', { name: 'Welcome!' });
  while (await page.evaluate(AUTO_DIALOGS_WAITING)) {
    // The first login's welcome is a corner notice and the last of the queue: it covers nothing
    // a person would click, so it may stay.
    if (await welcome.isVisible()) return;
    if (Date.now() > deadlineMs) throw new Error(`dialogs still waiting after ${timeoutMs} ms`);
    if (await rewards.isVisible()) {
      await rewards.getByRole('button', { name: 'Later' }).click();
      await rewards.waitFor({ state: 'detached' });
    } else if (await popup.isVisible()) {
      await popup.getByRole('button', { name: 'Close' }).first().click();
      await popup.waitFor({ state: 'detached' });
    } else {
      await new Promise((resolve) => setTimeout(resolve, PAGE_CONDITION_POLL_MS));
    }
  }
}

/**
 * Waits until a JavaScript expression is true in the page. Playwright's waitForFunction with a
 * string re-evaluates it with eval inside the page, which the site's CSP (no 'unsafe-eval')
 * refuses as soon as the first check is false; page.evaluate runs through the debugger
 * protocol instead, which the CSP does not govern.
 */
export async function waitForPageCondition(
  page: Page,
  expression: string,
  timeoutMs = STEP_TIMEOUT_MS,
): Promise<void> {
  const deadlineMs = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadlineMs)
      throw new Error(`still false after ${timeoutMs} ms: ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, PAGE_CONDITION_POLL_MS));
  }
}

/**
 * Waits until the element that `selector` finds has finished coming in: it and every ancestor
 * are fully opaque, and no CSS transition runs on it, inside it or on an ancestor. A modal that
 * fades in or a drawer that slides in is otherwise half-drawn in a screenshot, and axe measures
 * the contrast of half-faded text. Only transitions count: a spinner's endless animation would
 * never end.
 */
export async function waitForTransitionsToEnd(
  page: Page,
  selector: string,
  timeoutMs = STEP_TIMEOUT_MS,
): Promise<void> {
  await waitForPageCondition(
    page,
    `(() => {
      const element = document.querySelector(${JSON.stringify(selector)});
      if (!element) return false;
      for (let node = element; node; node = node.parentElement) {
        if (getComputedStyle(node).opacity !== '1') return false;
      }
      return document.getAnimations().every((animation) => {
        const target = animation.effect && animation.effect.target;
        const related =
          target && (target === element || target.contains(element) || element.contains(target));
        return !(related && animation instanceof CSSTransition && animation.playState !== 'finished');
      });
    })()`,
    timeoutMs,
  );
}
