import { describe, expect, it } from 'vitest';
import { addMerchant } from '../../../test/db-helpers.js';
import {
  FIXTURE_ANNOUNCEMENT_COUNT,
  seedSiteContent,
} from '../../../test/fixtures/site-content.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';
import { createContentService } from './service.js';

const ANNOUNCEMENTS = '/wps/relay/MCSFE_getListAnnouncements';
const UNREAD = '/wps/relay/CSP_unreadCount';
const READ = '/wps/member/announcements/read';

describe('unread announcements', () => {
  const context = useTestApp({}, { fixtures: [seedSiteContent] });

  const memberOfToken = new Map<string, bigint>();
  async function register(): Promise<string> {
    const username = uniqueUsername('ur');
    const { body } = await callApi(context.app, 'PUT', '/wps/member/register', {
      body: { username, password: 'secret123', confirmPassword: 'secret123' },
    });
    const token = body.value.session.token as string;
    const member = await context.database.db
      .selectFrom('members')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    memberOfToken.set(token, member.id);
    return token;
  }

  /**
   * Announcements the member has not opened (CSP_unreadCount counts platform messages since
   * issue 21; the notice modal's read call still answers this count).
   */
  async function announcementsUnread(token: string) {
    const memberId = memberOfToken.get(token);
    if (memberId === undefined) throw new Error('unknown token');
    return createContentService(context.database.db).unreadCount(
      { merchantCode: 'DEMO', language: 'EN', defaultLanguage: 'EN' },
      memberId,
    );
  }

  it('needs a session', async () => {
    const unread = await callApi(context.app, 'GET', UNREAD);
    expect(unread.status).toBe(401);
    const read = await callApi(context.app, 'POST', READ, { body: { id: '1' } });
    expect(read.status).toBe(401);
  });

  it('counts what the member has not opened; opening one (twice) counts once', async () => {
    const token = await register();
    const other = await register();
    expect(await announcementsUnread(token)).toEqual({ unReadCount: FIXTURE_ANNOUNCEMENT_COUNT });

    const list = await callApi(context.app, 'GET', ANNOUNCEMENTS);
    const [newest, second] = list.body.value.list as { id: string }[];
    const marked = await callApi(context.app, 'POST', READ, { token, body: { id: newest?.id } });
    expect(marked.status).toBe(200);
    expect(marked.body.value).toEqual({ unReadCount: FIXTURE_ANNOUNCEMENT_COUNT - 1 });
    const again = await callApi(context.app, 'POST', READ, { token, body: { id: newest?.id } });
    expect(again.body.value).toEqual({ unReadCount: FIXTURE_ANNOUNCEMENT_COUNT - 1 });
    await callApi(context.app, 'POST', READ, { token, body: { id: second?.id } });
    expect(await announcementsUnread(token)).toEqual({
      unReadCount: FIXTURE_ANNOUNCEMENT_COUNT - 2,
    });
    // Another member's markers are their own.
    expect(await announcementsUnread(other)).toEqual({ unReadCount: FIXTURE_ANNOUNCEMENT_COUNT });
  });

  it('refuses unknown ids, another merchant’s announcements and bad input, changing nothing', async () => {
    const token = await register();
    const unknown = await callApi(context.app, 'POST', READ, {
      token,
      body: { id: '999999999' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errorCode).toBe('NOT_FOUND');
    for (const id of ['abc', '', '1'.repeat(20)]) {
      const bad = await callApi(context.app, 'POST', READ, { token, body: { id } });
      expect(bad.status).toBe(400);
      expect(bad.body.errorCode).toBe('VALIDATION_FAILED');
    }
    // An announcement of another merchant cannot be marked through this one.
    await addMerchant(context.database.db, 'UNREAD_OTHER');
    const service = createContentService(context.database.db);
    const otherMerchant = await service.addAnnouncement({
      merchantCode: 'UNREAD_OTHER',
      language: 'EN',
      type: 'PL',
      title: 'Elsewhere',
      contentHtml: '<p>x</p>',
      popup: false,
      publishedAt: new Date(Date.now() - 1000),
    });
    const foreign = await callApi(context.app, 'POST', READ, {
      token,
      body: { id: otherMerchant },
    });
    expect(foreign.status).toBe(404);
    expect(await announcementsUnread(token)).toEqual({ unReadCount: FIXTURE_ANNOUNCEMENT_COUNT });
  });

  it('answers the chat address of a customer-service entry, and 404 for a missing one', async () => {
    const chat = await callApi(
      context.app,
      'GET',
      '/wps/system/customerService/chatUrl?csType=LIVECHAT&b2c=1&headerColor=%23262743',
      { language: 'VI' },
    );
    expect(chat.status).toBe(200);
    expect(chat.body.value.chatUrl).toBe(
      '/helpmc?b2c=1&title=Live+chat&language=VI&headerColor=%23262743#contact',
    );
    const bad = await callApi(context.app, 'GET', '/wps/system/customerService/chatUrl?csType=X');
    expect(bad.status).toBe(400);
    await addMerchant(context.database.db, 'NO_CHAT');
    await context.database.db
      .updateTable('merchants')
      .set({ customer_service: '[]' })
      .where('code', '=', 'NO_CHAT')
      .execute();
    const missing = await callApi(
      context.app,
      'GET',
      '/wps/system/customerService/chatUrl?csType=LIVECHAT',
      { merchant: 'NO_CHAT' },
    );
    expect(missing.status).toBe(404);
    expect(missing.body.errorCode).toBe('NOT_FOUND');
  });
});
