import { BANNER_IMAGE_MAX_BYTES } from '@app/contract';
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { addOperator } from '../../../test/admin-helpers.js';
import { addMerchant } from '../../../test/db-helpers.js';
import { seedSiteContent } from '../../../test/fixtures/site-content.js';
import { callApi, useTestApp } from '../../../test/test-app.js';
import { createUnitOfWork } from '../../db/unit-of-work.js';
import { createOperatorRepository } from '../admin/index.js';
import { type AuditService, createAuditService } from '../audit/index.js';
import { hashPassword } from '../member/index.js';
import { createSiteLinksStore } from '../system/index.js';
import { createContentAdminService } from './admin-service.js';

// The fixture's banners, announcements and help articles the lists and the site show.
const context = useTestApp({}, { fixtures: [seedSiteContent] });
const OTHER_MERCHANT = 'OTHERCO';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const HOUR_MS = 60 * 60 * 1000;

/** A banner-shaped picture, encoded by the same library the server re-encodes with. */
async function picture(kind: 'png' | 'jpeg' | 'webp', width = 1200, height = 360) {
  const canvas = createCanvas(width, height);
  const context2d = canvas.getContext('2d');
  context2d.fillStyle = '#1e6bd6';
  context2d.fillRect(0, 0, width, height);
  if (kind === 'png') return canvas.encode('png');
  return canvas.encode(kind, 90);
}

/** A JPEG carrying an EXIF segment with a secret in it, right after its start marker. */
async function jpegWithExif(secret: string): Promise<Buffer> {
  const jpeg = await picture('jpeg', 64, 32);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.from(secret)]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)]);
}

const signIns = new Map<string, string>();

/** An operator of a merchant and role (signed in once per test file). */
async function tokenOf(role: 'admin' | 'content' | 'read-only' | 'finance', merchant = 'DEMO') {
  const key = `${merchant}:${role}`;
  const known = signIns.get(key);
  if (known) return known;
  const username = `content-${role}-${merchant}`.toLowerCase().slice(0, 30);
  let password: string;
  if (merchant === 'DEMO') {
    password = await addOperator(context.database.db, username, role);
  } else {
    password = `${username}-pass-123`;
    await createOperatorRepository(context.database.db).ensure({
      merchantCode: merchant,
      username,
      passwordHash: await hashPassword(password),
      role,
      totpExempt: true,
    });
  }
  const login = await callApi(context.app, 'POST', '/admin/session/login', {
    merchant,
    body: { username, password },
  });
  expect(login.status).toBe(200);
  const token = login.body.value.token as string;
  signIns.set(key, token);
  return token;
}

async function upload(bytes: Buffer, role: 'admin' | 'content' = 'content') {
  return callApi(context.app, 'POST', '/admin/content/images', {
    token: await tokenOf(role),
    body: { imageBase64: bytes.toString('base64') },
  });
}

const bannerInput = (imageUrl: string, changes: Record<string, unknown> = {}) => ({
  groupName: 'home',
  language: 'EN',
  title: 'Autumn cup',
  imageUrl,
  linkageType: 'url',
  link: '/promotions',
  sort: 0,
  enabled: true,
  activeFrom: null,
  activeUntil: null,
  ...changes,
});

async function siteBanners() {
  const response = await callApi(context.app, 'GET', '/wps/system/banners?groupName=home', {
    language: 'EN',
  });
  expect(response.status).toBe(200);
  return response.body.value as { bannerId: string; url: string; title: string; link: string }[];
}

async function auditActions(): Promise<{ action: string; before: unknown; after: unknown }[]> {
  const page = await createAuditService(context.database.db).page('DEMO', 1, 200);
  return page.list as never;
}

describe('banners: upload, create, edit, switch, reorder, delete', () => {
  let bannerId = '';
  let imageUrl = '';

  it('uploads a PNG, re-encoded and served under /content/images/, audited', async () => {
    const response = await upload(await picture('png'));
    expect(response.status).toBe(200);
    expect(response.body.value).toMatchObject({ kind: 'png', width: 1200, height: 360 });
    imageUrl = response.body.value.url;
    expect(imageUrl).toMatch(/^\/content\/images\/[0-9a-f-]{36}$/);
    const served = await context.app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect((await auditActions()).some((entry) => entry.action === 'content.image.upload')).toBe(
      true,
    );
  });

  it('creates a banner the site shows at once', async () => {
    const response = await callApi(context.app, 'POST', '/admin/content/banners', {
      token: await tokenOf('content'),
      body: bannerInput(imageUrl, { title: '<b>Autumn</b> cup' }),
    });
    expect(response.status).toBe(200);
    bannerId = response.body.value.id;
    expect(response.body.value.title).toBe('Autumn cup');
    const shown = (await siteBanners()).find((banner) => banner.bannerId === bannerId);
    expect(shown).toMatchObject({ url: imageUrl, title: 'Autumn cup', link: '/promotions' });
  });

  it('edits its title and link, with before and after in the audit log', async () => {
    const response = await callApi(context.app, 'POST', '/admin/content/banners', {
      token: await tokenOf('content'),
      body: bannerInput(imageUrl, { id: bannerId, title: 'Winter cup', link: '/lottery' }),
    });
    expect(response.status).toBe(200);
    const shown = (await siteBanners()).find((banner) => banner.bannerId === bannerId);
    expect(shown).toMatchObject({ title: 'Winter cup', link: '/lottery' });
    const entry = (await auditActions()).find((row) => row.action === 'content.banner.update');
    expect(entry?.before).toMatchObject({ title: 'Autumn cup', link: '/promotions' });
    expect(entry?.after).toMatchObject({ title: 'Winter cup', link: '/lottery' });
  });

  it('hides a switched-off banner and shows it again when switched on', async () => {
    const token = await tokenOf('content');
    const off = await callApi(context.app, 'POST', '/admin/content/enabled', {
      token,
      body: { kind: 'banner', id: bannerId, enabled: false },
    });
    expect(off.status).toBe(200);
    expect((await siteBanners()).some((banner) => banner.bannerId === bannerId)).toBe(false);
    await callApi(context.app, 'POST', '/admin/content/enabled', {
      token,
      body: { kind: 'banner', id: bannerId, enabled: true },
    });
    expect((await siteBanners()).some((banner) => banner.bannerId === bannerId)).toBe(true);
  });

  it('puts the banners of a group in the order given', async () => {
    const token = await tokenOf('content');
    const before = await siteBanners();
    const ids = [
      bannerId,
      ...before.map((banner) => banner.bannerId).filter((id) => id !== bannerId),
    ];
    const response = await callApi(context.app, 'POST', '/admin/content/reorder', {
      token,
      body: { kind: 'banner', ids },
    });
    expect(response.status).toBe(200);
    expect((await siteBanners()).map((banner) => banner.bannerId)).toEqual(ids);
    const duplicate = await callApi(context.app, 'POST', '/admin/content/reorder', {
      token,
      body: { kind: 'banner', ids: [bannerId, bannerId] },
    });
    expect(duplicate.body.errorCode).toBe('VALIDATION_FAILED');
  });

  it('lists the merchant banners by id, a page at a time', async () => {
    const token = await tokenOf('read-only');
    const first = await callApi(context.app, 'GET', '/admin/content/banners?pageSize=2', { token });
    expect(first.status).toBe(200);
    expect(first.body.value.list).toHaveLength(2);
    const next = await callApi(
      context.app,
      'GET',
      `/admin/content/banners?pageSize=2&afterId=${first.body.value.nextAfterId}`,
      { token },
    );
    const ids = [...first.body.value.list, ...next.body.value.list].map((row: { id: string }) =>
      Number(row.id),
    );
    expect(ids).toEqual([...ids].sort((left, right) => right - left));
    expect(new Set(ids).size).toBe(ids.length);
    const tooMany = await callApi(context.app, 'GET', '/admin/content/banners?pageSize=101', {
      token,
    });
    expect(tooMany.body.errorCode).toBe('VALIDATION_FAILED');
  });

  it('deletes a banner: gone from the site, the audit keeps what it was', async () => {
    const response = await callApi(context.app, 'POST', '/admin/content/delete', {
      token: await tokenOf('admin'),
      body: { kind: 'banner', id: bannerId },
    });
    expect(response.status).toBe(200);
    expect((await siteBanners()).some((banner) => banner.bannerId === bannerId)).toBe(false);
    const entry = (await auditActions()).find((row) => row.action === 'content.banner.delete');
    expect(entry?.before).toMatchObject({ id: bannerId, title: 'Winter cup' });
    expect(entry?.after).toBeNull();
  });
});

describe('banner image upload checks', () => {
  it('refuses bytes that are no PNG, JPEG or WebP, whatever they claim', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    for (const bytes of [gif, html]) {
      const response = await upload(bytes);
      expect(response.status).toBe(400);
      expect(response.body.errorCode).toBe('CONTENT_IMAGE_INVALID');
    }
  });

  it('refuses an image over the size cap', async () => {
    const png = await picture('png', 8, 8);
    const justOver = Buffer.concat([png, Buffer.alloc(BANNER_IMAGE_MAX_BYTES + 1 - png.length)]);
    const response = await upload(justOver);
    expect(response.status).toBe(400);
    expect(response.body.errorCode).toBe('CONTENT_IMAGE_INVALID');
    const far = await upload(Buffer.alloc(2 * BANNER_IMAGE_MAX_BYTES, 1));
    expect([400, 413]).toContain(far.status);
  });

  it('refuses a header that claims a huge picture before decoding it', async () => {
    const png = Buffer.from(await picture('png', 8, 8));
    png.writeUInt32BE(100_000, 16);
    png.writeUInt32BE(100_000, 20);
    const response = await upload(png);
    expect(response.body.errorCode).toBe('CONTENT_IMAGE_INVALID');
  });

  it('re-encodes a JPEG without its metadata, and accepts WebP', async () => {
    const response = await upload(await jpegWithExif('gps-secret-52.37N'));
    expect(response.status).toBe(200);
    const served = await context.app.inject({ method: 'GET', url: response.body.value.url });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.includes(Buffer.from('gps-secret'))).toBe(false);
    const webp = await upload(await picture('webp', 300, 90));
    expect(webp.status).toBe(200);
    expect(webp.body.value).toMatchObject({ kind: 'webp', width: 300, height: 90 });
  });

  it('answers 404 for an image that does not exist', async () => {
    const missing = await context.app.inject({
      method: 'GET',
      url: '/content/images/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('permissions and validation', () => {
  it('lets every role read but only admin and content change', async () => {
    const body = bannerInput('https://cdn.example.com/b.png');
    for (const role of ['read-only', 'finance'] as const) {
      const token = await tokenOf(role);
      const list = await callApi(context.app, 'GET', '/admin/content/announcements', { token });
      expect(list.status, role).toBe(200);
      const save = await callApi(context.app, 'POST', '/admin/content/banners', { token, body });
      expect(save.status, role).toBe(403);
      expect(save.body.errorCode).toBe('FORBIDDEN');
    }
  });

  it('refuses unsafe links and image addresses', async () => {
    const token = await tokenOf('content');
    const cases = [
      [
        bannerInput('https://cdn.example.com/b.png', { link: 'javascript:alert(1)' }),
        'VALIDATION_FAILED',
      ],
      [
        bannerInput('https://cdn.example.com/b.png', { link: '//evil.example' }),
        'VALIDATION_FAILED',
      ],
      [bannerInput('https://cdn.example.com/b.png', { linkageType: null }), 'VALIDATION_FAILED'],
      [
        bannerInput('https://cdn.example.com/b.png', { groupName: 'Home Page' }),
        'VALIDATION_FAILED',
      ],
      [
        bannerInput('https://cdn.example.com/b.png', { activeFrom: 2000, activeUntil: 1000 }),
        'VALIDATION_FAILED',
      ],
      [bannerInput('javascript:alert(1)'), 'BANNER_IMAGE_URL_INVALID'],
      [bannerInput('/content/images/../../admin'), 'BANNER_IMAGE_URL_INVALID'],
    ] as const;
    for (const [body, errorCode] of cases) {
      const response = await callApi(context.app, 'POST', '/admin/content/banners', {
        token,
        body,
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.errorCode).toBe(errorCode);
      expect(response.body.message).toBeTruthy();
    }
  });
});

describe('another merchant', () => {
  it("never reads or changes the demo merchant's rows: the answer is not found", async () => {
    await addMerchant(context.database.db, OTHER_MERCHANT, { domains: ['other.example'] });
    const demo = await tokenOf('content');
    const image = await upload(await picture('png', 40, 12));
    const created = await callApi(context.app, 'POST', '/admin/content/banners', {
      token: demo,
      body: bannerInput(image.body.value.url),
    });
    const demoId = created.body.value.id as string;

    const other = await tokenOf('content', OTHER_MERCHANT);
    const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      callApi(context.app, method, url, { token: other, merchant: OTHER_MERCHANT, body });
    const list = await call('GET', '/admin/content/banners');
    expect(list.body.value.list).toEqual([]);
    for (const [url, body] of [
      ['/admin/content/banners', bannerInput('https://cdn.example.com/x.png', { id: demoId })],
      ['/admin/content/enabled', { kind: 'banner', id: demoId, enabled: false }],
      ['/admin/content/reorder', { kind: 'banner', ids: [demoId] }],
      ['/admin/content/delete', { kind: 'banner', id: demoId }],
    ] as const) {
      const response = await call('POST', url, body);
      expect(response.status, url).toBe(404);
      expect(response.body.errorCode).toBe('NOT_FOUND');
    }
    const borrowed = await call(
      'POST',
      '/admin/content/banners',
      bannerInput(image.body.value.url),
    );
    expect(borrowed.body.errorCode).toBe('BANNER_IMAGE_URL_INVALID');
    // Still there and still on for the demo site.
    expect((await siteBanners()).some((banner) => banner.bannerId === demoId)).toBe(true);
  });
});

const XSS_HTML = [
  '<p>Welcome <strong>bonus</strong></p>',
  '<script>alert("s")</script>',
  '<img src="x" onerror="alert(1)">',
  '<a href="javascript:alert(2)">click</a>',
  '<a href="https://example.com/terms">terms</a>',
  '<svg onload="alert(3)"><circle r="1"/></svg>',
  '<p style="background:url(javascript:alert(4));width:expression(alert(5))">styled</p>',
  '<iframe src="https://evil.example"></iframe>',
  '<h3 onclick="alert(6)">Heading</h3>',
  '<img src="data:text/html;base64,PHNjcmlwdD4=">',
].join('');

function expectClean(html: string): void {
  for (const bad of [
    '<script',
    'onerror',
    'javascript:',
    '<svg',
    'onload',
    'style=',
    'expression',
    '<iframe',
    'onclick',
    'data:text',
  ]) {
    expect(html.toLowerCase(), bad).not.toContain(bad);
  }
  expect(html).toContain('<strong>bonus</strong>');
  expect(html).toContain('<a href="https://example.com/terms" rel="noopener noreferrer">terms</a>');
  expect(html).toContain('<h3>Heading</h3>');
}

describe('announcements and help articles: rich text sanitized on write', () => {
  it('strips every XSS payload from an announcement and the site serves the clean HTML', async () => {
    const token = await tokenOf('content');
    const response = await callApi(context.app, 'POST', '/admin/content/announcements', {
      token,
      body: {
        type: 'PL',
        language: 'EN',
        title: '<img src=x onerror=alert(1)>Maintenance',
        contentHtml: XSS_HTML,
        popup: false,
        enabled: true,
        startsAt: Date.now() - HOUR_MS,
        endsAt: null,
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.value.title).toBe('Maintenance');
    expectClean(response.body.value.contentHtml);
    const site = await callApi(
      context.app,
      'GET',
      '/wps/relay/MCSFE_getListAnnouncements?pageSize=50',
      {
        language: 'EN',
      },
    );
    const shown = site.body.value.list.find(
      (entry: { id: string }) => entry.id === response.body.value.id,
    );
    expectClean(shown.content);
  });

  it('shows an announcement only while it is on and within its schedule', async () => {
    const token = await tokenOf('content');
    const save = (changes: Record<string, unknown>) =>
      callApi(context.app, 'POST', '/admin/content/announcements', {
        token,
        body: {
          type: 'PR',
          language: 'EN',
          title: 'Schedule',
          contentHtml: '<p>x</p>',
          popup: false,
          enabled: true,
          startsAt: Date.now() - HOUR_MS,
          endsAt: null,
          ...changes,
        },
      });
    const future = await save({ startsAt: Date.now() + HOUR_MS });
    const ended = await save({ startsAt: Date.now() - 2 * HOUR_MS, endsAt: Date.now() - HOUR_MS });
    const off = await save({ enabled: false });
    const live = await save({ endsAt: Date.now() + HOUR_MS });
    const backwards = await save({ startsAt: Date.now(), endsAt: Date.now() - HOUR_MS });
    expect(backwards.body.errorCode).toBe('VALIDATION_FAILED');
    const site = await callApi(
      context.app,
      'GET',
      '/wps/relay/MCSFE_getListAnnouncements?types=PR&pageSize=50',
      {
        language: 'EN',
      },
    );
    const shownIds = site.body.value.list.map((entry: { id: string }) => entry.id);
    expect(shownIds).toContain(live.body.value.id);
    for (const hidden of [future, ended, off]) expect(shownIds).not.toContain(hidden.body.value.id);
  });

  it('sanitizes a help article, refuses a second article of a category and language', async () => {
    const token = await tokenOf('content');
    const body = {
      language: 'EN',
      tag: 'deposits-faq',
      title: 'Deposits',
      contentHtml: XSS_HTML,
      sort: 0,
      enabled: true,
    };
    const first = await callApi(context.app, 'POST', '/admin/content/help', { token, body });
    expect(first.status).toBe(200);
    expectClean(first.body.value.contentHtml);
    const site = await callApi(context.app, 'GET', '/wps/system/helpCenter?lang=EN', {});
    const article = site.body.value.find((entry: { tag: string }) => entry.tag === 'deposits-faq');
    expectClean(article.content);
    const second = await callApi(context.app, 'POST', '/admin/content/help', { token, body });
    expect(second.status).toBe(409);
    expect(second.body.errorCode).toBe('CONTENT_TAG_TAKEN');
    const badTag = await callApi(context.app, 'POST', '/admin/content/help', {
      token,
      body: { ...body, tag: 'Deposits FAQ' },
    });
    expect(badTag.body.errorCode).toBe('VALIDATION_FAILED');
  });
});

describe('app links, customer service and domains', () => {
  const links = {
    resources: [
      { resourceType: 'APK', url: 'https://dl.example.com/app.apk', labelNameEn: 'Android' },
    ],
    customerService: [
      { csType: 'LIVECHAT', title: 'Live chat', path: 'https://chat.example.com/demo' },
    ],
    domains: ['localhost', '127.0.0.1', 'play.demo.example'],
  };

  it("takes the demo merchant's own links back unchanged (inline payment image included)", async () => {
    const token = await tokenOf('content');
    const current = await callApi(context.app, 'GET', '/admin/content/site-links', { token });
    expect(current.status).toBe(200);
    const body = {
      resources: current.body.value.resources.map(
        ({ resourceType, url, labelNameEn }: Record<string, unknown>) => ({
          resourceType,
          url,
          labelNameEn,
        }),
      ),
      customerService: current.body.value.customerService,
      domains: current.body.value.domains,
    };
    const saved = await callApi(context.app, 'POST', '/admin/content/site-links', { token, body });
    expect(saved.status).toBe(200);
    const inline = saved.body.value.resources.find((entry: { url: string }) =>
      entry.url.startsWith('data:'),
    );
    expect(inline?.qrImage ?? null).toBeNull();
  });

  it('saves them with a QR per app link, and the site sees them at once', async () => {
    const token = await tokenOf('content');
    const response = await callApi(context.app, 'POST', '/admin/content/site-links', {
      token,
      body: links,
    });
    expect(response.status).toBe(200);
    expect(response.body.value.resources[0].qrImage).toMatch(/^data:image\/png;base64,/);
    const status = await callApi(context.app, 'GET', '/wps/system/status', {});
    expect(status.body.value.resources).toEqual([{ ...links.resources[0], qrCodeUrl: null }]);
    expect(status.body.value.customerService).toEqual(links.customerService);
    const entry = (await auditActions()).find((row) => row.action === 'content.site-links.update');
    expect(entry?.after).toMatchObject({ domains: links.domains });
  });

  it('refuses host names that are not plain hosts, and a domain another merchant serves', async () => {
    const token = await tokenOf('content');
    for (const domain of [
      'http://x.example',
      'x.example/path',
      '*.example.com',
      'bad_host.example',
      'a b.example',
    ]) {
      const response = await callApi(context.app, 'POST', '/admin/content/site-links', {
        token,
        body: { ...links, domains: [domain] },
      });
      expect(response.body.errorCode, domain).toBe('VALIDATION_FAILED');
    }
    const taken = await callApi(context.app, 'POST', '/admin/content/site-links', {
      token,
      body: { ...links, domains: [...links.domains, 'other.example'] },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.errorCode).toBe('CONTENT_DOMAIN_TAKEN');
  });
});

describe('the audit entry commits with the change', () => {
  it('leaves no banner behind when its audit entry cannot be written', async () => {
    const db = context.database.db;
    const real = createAuditService(db);
    const failingAudit: AuditService = {
      ...real,
      recordWithin: async () => {
        throw new Error('audit down');
      },
    };
    const service = createContentAdminService({
      db,
      unitOfWork: createUnitOfWork(db),
      audit: failingAudit,
      siteLinks: createSiteLinksStore(),
      forgetMerchants: () => {},
    });
    const actor = {
      merchantCode: 'DEMO',
      operatorId: 1n,
      operatorUsername: 'x',
      operatorRole: 'admin',
      ip: '127.0.0.1',
      languages: [],
    };
    await expect(
      service.saveBanner(actor, bannerInput('https://cdn.example.com/atomic.png') as never),
    ).rejects.toThrow('audit down');
    const rows = await db
      .selectFrom('content_banners')
      .select('id')
      .where('image_url', '=', 'https://cdn.example.com/atomic.png')
      .execute();
    expect(rows).toEqual([]);
  });
});
