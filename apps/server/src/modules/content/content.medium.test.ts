import { describe, expect, it } from 'vitest';
import { addMerchant } from '../../../test/db-helpers.js';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import {
  FIXTURE_ANNOUNCEMENT_COUNT,
  FIXTURE_HOME_BANNER_COUNT,
  FIXTURE_PROMOTION_COUNT,
  FIXTURE_REGISTER_BANNER_COUNT,
  fixtureAnnouncementTitle,
  fixtureHelpArticles,
  seedSiteContent,
} from '../../../test/fixtures/site-content.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';
import { createContentRepository } from './repository.js';
import { createContentService } from './service.js';

const ANNOUNCEMENTS = '/wps/relay/MCSFE_getListAnnouncements';
const HOSTILE =
  '<p>Hello<script>alert(1)</script></p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)" onclick="x()">link</a><iframe src="https://evil.example"></iframe>';

function expectClean(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/onerror|onclick/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/<iframe/i);
}

describe('content calls', () => {
  const context = useTestApp({}, { fixtures: [seedSiteContent] });

  async function register(): Promise<string> {
    const username = uniqueUsername('fb');
    const { body } = await callApi(context.app, 'PUT', '/wps/member/register', {
      body: { username, password: 'secret123', confirmPassword: 'secret123' },
    });
    return body.value.session.token as string;
  }

  it('pages the fixture announcements 9 at a time, newest first, with the popup ones', async () => {
    const first = await callApi(context.app, 'GET', `${ANNOUNCEMENTS}?pageNo=1&pageSize=9`);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({
      totalCount: FIXTURE_ANNOUNCEMENT_COUNT,
      totalPages: 2,
    });
    expect(first.body.value.list).toHaveLength(9);
    const second = await callApi(context.app, 'GET', `${ANNOUNCEMENTS}?pageNo=2&pageSize=9`);
    expect(second.body.value.list).toHaveLength(3);
    const times = [...first.body.value.list, ...second.body.value.list].map(
      (item: { publishedAt: number }) => item.publishedAt,
    );
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const beyond = await callApi(context.app, 'GET', `${ANNOUNCEMENTS}?pageNo=3&pageSize=9`);
    expect(beyond.body.value.list).toEqual([]);
    expect(first.body.value.popup).toEqual([]);
    const defaults = await callApi(context.app, 'GET', ANNOUNCEMENTS);
    expect(defaults.body.value.list).toHaveLength(9);
    const five = await callApi(context.app, 'GET', `${ANNOUNCEMENTS}?pageSize=5`);
    expect(five.body.value.totalPages).toBe(3);
  });

  it('filters by types and refuses bad paging', async () => {
    const promotions = await callApi(context.app, 'GET', `${ANNOUNCEMENTS}?types=PR`);
    expect(promotions.body.value.totalCount).toBe(FIXTURE_PROMOTION_COUNT);
    expect(promotions.body.value.popup).toEqual([]);
    const two = await callApi(
      context.app,
      'GET',
      `${ANNOUNCEMENTS}?types=B,PL,PU,PR,H&execution=B&platform=W`,
    );
    expect(two.body.value.totalCount).toBe(FIXTURE_ANNOUNCEMENT_COUNT);
    for (const query of ['types=XX', 'pageSize=51', 'pageNo=0', 'pageSize=abc']) {
      const bad = await callApi(context.app, 'GET', `${ANNOUNCEMENTS}?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body.errorCode).toBe('VALIDATION_FAILED');
    }
  });

  it('answers in the request language and falls back to the merchant default', async () => {
    const vi = await callApi(context.app, 'GET', ANNOUNCEMENTS, { language: 'VI' });
    expect(vi.body.value.list[0].title).toBe(fixtureAnnouncementTitle('VI'));
    const en = await callApi(context.app, 'GET', ANNOUNCEMENTS, { language: 'EN' });
    expect(en.body.value.list[0].title).toBe(fixtureAnnouncementTitle('EN'));
    const th = await callApi(context.app, 'GET', ANNOUNCEMENTS, { language: 'TH' });
    expect(th.body.value.list[0].title).toBe(fixtureAnnouncementTitle('EN'));

    const helpVi = await callApi(context.app, 'GET', '/wps/system/helpCenter?lang=VI&device=WEB');
    expect(helpVi.body.value).toHaveLength(fixtureHelpArticles('VI').length);
    expect(helpVi.body.value[1]).toMatchObject(fixtureHelpArticles('VI')[1]);
    const helpEn = await callApi(context.app, 'GET', '/wps/system/helpCenter?lang=en', {
      language: 'VI',
    });
    expect(helpEn.body.value[1].title).toBe(fixtureHelpArticles('EN')[1].title);
    const helpHeader = await callApi(context.app, 'GET', '/wps/system/helpCenter', {
      language: 'VI',
    });
    expect(helpHeader.body.value[0].title).toBe(fixtureHelpArticles('VI')[0].title);

    const banners = await callApi(context.app, 'GET', '/wps/system/banners?groupName=home', {
      language: 'VI',
    });
    expect(banners.body.value).toHaveLength(FIXTURE_HOME_BANNER_COUNT);
    expect(banners.body.value[0]).toMatchObject({ groupName: 'home', linkageType: 'url' });
    expect(banners.body.value[0].url).toMatch(/^data:image\/svg\+xml/);
    expect(banners.body.value[1].linkageType).toBeNull();
    const register = await callApi(context.app, 'GET', '/wps/system/banners?groupName=w_reg');
    expect(register.body.value).toHaveLength(FIXTURE_REGISTER_BANNER_COUNT);
    const none = await callApi(context.app, 'GET', '/wps/system/banners?groupName=w_none');
    expect(none.body.value).toEqual([]);
  });

  it('keeps each merchant to its own content', async () => {
    await addMerchant(context.database.db, 'OTHER');
    const other = await callApi(context.app, 'GET', ANNOUNCEMENTS, { merchant: 'OTHER' });
    expect(other.body.value).toMatchObject({ list: [], totalCount: 0, totalPages: 0 });
  });

  it('sanitizes operator HTML when saved and again when served', async () => {
    const repository = createContentRepository(context.database.db);
    const service = createContentService(context.database.db);
    await addMerchant(context.database.db, 'SANITY');
    const saved = await service.addAnnouncement({
      merchantCode: 'SANITY',
      language: 'EN',
      type: 'PL',
      title: '<b>Bold</b> title<script>x()</script>',
      contentHtml: HOSTILE,
      popup: true,
      publishedAt: new Date(Date.now() - 1000),
    });
    const stored = await context.database.db
      .selectFrom('content_announcements')
      .select(['content_html', 'title'])
      .where('id', '=', BigInt(saved))
      .executeTakeFirstOrThrow();
    expectClean(stored.content_html);
    expect(stored.content_html).toContain('<p>Hello</p>');
    expect(stored.title).toBe('Bold title');

    // A row written around the service (an old import, a manual fix) is cleaned on the way out.
    await repository.overwriteAnnouncementHtml(saved, HOSTILE);
    const served = await callApi(context.app, 'GET', ANNOUNCEMENTS, { merchant: 'SANITY' });
    const html: string = served.body.value.list[0].content;
    expectClean(html);
    expectClean(served.body.value.popup[0].content);
    expect(served.body.value.popup).toHaveLength(1);
    expect(html).toContain('Hello');
    expect(html).toContain('<a rel="noopener noreferrer">link</a>');

    await service.addHelpArticle({
      merchantCode: 'SANITY',
      language: 'EN',
      tag: 'faq',
      title: 'FAQ',
      contentHtml: HOSTILE,
      sort: 0,
    });
    const help = await callApi(context.app, 'GET', '/wps/system/helpCenter', {
      merchant: 'SANITY',
    });
    expectClean(help.body.value[0].content);

    await service.addBanner({
      merchantCode: 'SANITY',
      language: 'EN',
      groupName: 'home',
      title: 'Bad link',
      imageUrl: 'data:image/svg+xml,x',
      linkageType: 'url',
      link: 'javascript:alert(1)',
      sort: 0,
    });
    const banner = await callApi(context.app, 'GET', '/wps/system/banners', { merchant: 'SANITY' });
    expect(banner.body.value[0]).toMatchObject({ linkageType: null, link: null });
  });

  it('shows each help article translated where it is, and in the default language where not', async () => {
    const service = createContentService(context.database.db);
    await addMerchant(context.database.db, 'HELPTH');
    const article = (language: string, tag: string, title: string, sort: number) =>
      service.addHelpArticle({
        merchantCode: 'HELPTH',
        language,
        tag,
        title,
        contentHtml: `<p>${title}</p>`,
        sort,
      });
    await article('EN', 'deposit', 'How to deposit', 0);
    await article('EN', 'contact', 'Contact us', 1);
    await article('TH', 'deposit', 'วิธีฝากเงิน', 0);
    const thai = await service.helpCenter({
      merchantCode: 'HELPTH',
      language: 'TH',
      defaultLanguage: 'EN',
    });
    expect(thai.map((entry) => [entry.tag, entry.title])).toEqual([
      ['deposit', 'วิธีฝากเงิน'],
      ['contact', 'Contact us'],
    ]);
  });

  it('serves no banners for a lobby the merchant has no games in (SPEC §2)', async () => {
    const service = createContentService(context.database.db);
    for (const groupName of ['w_live', 'w_rng']) {
      await service.addBanner({
        merchantCode: BASE_MERCHANT_CODE,
        language: 'EN',
        groupName,
        title: `Banner of ${groupName}`,
        imageUrl: 'https://cdn.example/b.png',
        linkageType: null,
        link: null,
        sort: 0,
      });
    }
    // The fixture merchant has slots (RNG) but no live casino.
    const live = await callApi(context.app, 'GET', '/wps/system/banners?groupName=w_live');
    expect(live.body.value).toEqual([]);
    const slots = await callApi(context.app, 'GET', '/wps/system/banners?groupName=w_rng');
    expect(slots.body.value.map((banner: { title: string }) => banner.title)).toContain(
      'Banner of w_rng',
    );
  });

  it('refuses a banner image that is not http(s) or data:image, and never serves one', async () => {
    const repository = createContentRepository(context.database.db);
    const service = createContentService(context.database.db);
    await addMerchant(context.database.db, 'BANNERS');
    const banner = {
      merchantCode: 'BANNERS',
      language: 'EN',
      groupName: 'home',
      title: 'Banner',
      linkageType: null,
      link: null,
      sort: 0,
    };
    for (const imageUrl of ['javascript:alert(1)', 'data:text/html,<script>x()</script>']) {
      await expect(service.addBanner({ ...banner, imageUrl })).rejects.toMatchObject({
        errorCode: 'BANNER_IMAGE_URL_INVALID',
        details: { field: 'imageUrl' },
      });
    }
    await service.addBanner({ ...banner, title: 'good', imageUrl: 'https://cdn.example/b.png' });
    // A row written before the rule (straight into the table) is left out when served.
    await repository.addBanner({ ...banner, title: 'old', imageUrl: 'javascript:alert(1)' });
    const { body } = await callApi(context.app, 'GET', '/wps/system/banners', {
      merchant: 'BANNERS',
    });
    expect(body.value.map((served: { title: string }) => served.title)).toEqual(['good']);
  });

  it('shows banners only inside their active window', async () => {
    const service = createContentService(context.database.db);
    await addMerchant(context.database.db, 'WINDOW');
    const day = 24 * 60 * 60 * 1000;
    for (const [title, from, until] of [
      ['past', -2 * day, -day],
      ['now', -day, day],
      ['future', day, 2 * day],
    ] as const) {
      await service.addBanner({
        merchantCode: 'WINDOW',
        language: 'EN',
        groupName: 'home',
        title,
        imageUrl: 'data:image/png;base64,AA==',
        linkageType: null,
        link: null,
        sort: 0,
        activeFrom: new Date(Date.now() + from),
        activeUntil: new Date(Date.now() + until),
      });
    }
    const { body } = await callApi(context.app, 'GET', '/wps/system/banners', {
      merchant: 'WINDOW',
    });
    expect(body.value.map((banner: { title: string }) => banner.title)).toEqual(['now']);
  });

  it('stores feedback of a logged-in member within its limits', async () => {
    const anonymous = await callApi(context.app, 'PUT', '/wps/feedback', {
      body: { content: 'A perfectly long feedback text' },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errorCode).toBe('SESSION_REQUIRED');

    const token = await register();
    for (const content of ['too short', 'x'.repeat(1001), '          spaces   ']) {
      const bad = await callApi(context.app, 'PUT', '/wps/feedback', { token, body: { content } });
      expect(bad.status).toBe(400);
      expect(bad.body.errorCode).toBe('VALIDATION_FAILED');
    }
    const ok = await callApi(context.app, 'PUT', '/wps/feedback', {
      token,
      body: { content: '  The live casino is great, more tables please  ' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.value.id).toMatch(/^\d+$/);
    const rows = await context.database.db
      .selectFrom('member_feedback')
      .select(['content', 'merchant_code'])
      .execute();
    expect(rows).toEqual([
      {
        content: 'The live casino is great, more tables please',
        merchant_code: BASE_MERCHANT_CODE,
      },
    ]);
    const longest = await callApi(context.app, 'PUT', '/wps/feedback', {
      token,
      body: { content: 'y'.repeat(1000) },
    });
    expect(longest.status).toBe(200);
    for (let sent = 2; sent < 5; sent += 1) {
      const again = await callApi(context.app, 'PUT', '/wps/feedback', {
        token,
        body: { content: `Feedback number ${sent}` },
      });
      expect(again.status).toBe(200);
    }
    const limited = await callApi(context.app, 'PUT', '/wps/feedback', {
      token,
      body: { content: 'One message too many' },
    });
    expect(limited.status).toBe(429);
    expect(limited.body.errorCode).toBe('RATE_LIMITED');
  });
});
