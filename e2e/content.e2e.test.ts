import { describe, expect, it } from 'vitest';
import { useJourney } from './support/journey.js';
import { waitForPageCondition } from './support/site.js';

describe('a visitor sees banners, reads announcements and the help centre', () => {
  const journey = useJourney('content');
  const dialog = () => journey.page.getByRole('dialog');

  it('shows the home banners, one clickable, moving by themselves', async () => {
    const { page, server } = journey;
    await page.goto(`${server.baseUrl}/`);
    const carousel = page.getByTestId('banner-carousel');
    await carousel.waitFor();
    await carousel.getByRole('img', { name: 'Welcome bonus 100%' }).waitFor({ state: 'attached' });
    expect(await carousel.locator('img').count()).toBe(3);
    // The welcome banner leads to the promotions, where the real first-deposit bonus is taken.
    expect(await carousel.getByRole('link').first().getAttribute('href')).toBe('/promotions');
    const dots = carousel.getByRole('button', { name: /Show slide/ });
    expect(await dots.count()).toBe(3);
    await carousel.getByRole('button', { name: 'Show slide 2', exact: true }).click();
    expect(
      await carousel.getByRole('button', { name: 'Show slide 2' }).getAttribute('aria-current'),
    ).toBe('true');
  });

  it('pages the announcements from 1 to 2 and shows a detail', async () => {
    const { page } = journey;
    await page.getByRole('banner').getByRole('button', { name: 'Announcements' }).click();
    const titles = dialog().getByRole('navigation', { name: 'Announcement titles' });
    await titles.getByText('Welcome to Demo Casino').waitFor();
    expect(await titles.getByRole('button').count()).toBe(9);
    expect(await dialog().getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
    await dialog().getByRole('button', { name: 'Next page' }).click();
    await titles.getByText('Thank you for playing with us').waitFor();
    expect(await titles.getByRole('button').count()).toBe(3);
    expect(await dialog().getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await titles.getByText('Fishing games tournament this weekend').click();
    await dialog()
      .getByRole('heading', { name: 'Fishing games tournament this weekend' })
      .waitFor();
    await dialog().getByText('Applies to every member of the site.').waitFor();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
  });

  it('scrolls the help centre to the tag of the footer link', async () => {
    const { page, server } = journey;
    await page.getByTestId('footer-help').getByRole('link', { name: 'Responsible gaming' }).click();
    await page.waitForURL(/\/help#responsible-gaming$/);
    const section = page.locator('#help-responsible-gaming');
    await section.getByText('Players must be 18 or older.').waitFor();
    // The help modal (SPEC §2 modals) scrolled down to it: the article is in view.
    await waitForPageCondition(
      page,
      `(() => { const top = document.getElementById('help-responsible-gaming').getBoundingClientRect().top; return top >= 0 && top < window.innerHeight; })()`,
    );
    await journey.screenshot(page, 'help-modal');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
  });

  it('says an empty lobby is empty, with no banner over it, and offers the lobbies with games', async () => {
    const { page, server } = journey;
    await page.goto(`${server.baseUrl}/live`);
    const empty = page.getByTestId('lobby-empty');
    await empty.getByRole('link', { name: 'Slots' }).waitFor();
    expect(await page.getByTestId('banner-carousel').count()).toBe(0);
    await journey.screenshot(page, 'empty-lobby');
  });

  it('reloads the help centre in Vietnamese after the language switch', async () => {
    const { page, server } = journey;
    await page.goto(`${server.baseUrl}/help#deposit`);
    await page.getByRole('heading', { name: 'How to deposit' }).waitFor();
    // The help modal covers the page: close it (back to /), switch, and open it from the footer.
    await page.keyboard.press('Escape');
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole('button', { name: 'Tiếng Việt' }).click();
    await page.getByTestId('footer-help').getByRole('link', { name: 'Trung tâm trợ giúp' }).click();
    await page.getByRole('heading', { name: 'Cách nạp tiền' }).waitFor();
    await page.getByRole('heading', { name: 'Trung tâm trợ giúp' }).waitFor();
  });

  it('shows the bare help centre on /helpmc without header or side menu', async () => {
    const { page, server } = journey;
    await page.goto(`${server.baseUrl}/helpmc`);
    await page.getByRole('heading', { name: 'Cách nạp tiền' }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(journey.pageErrors).toEqual([]);
  });
});
