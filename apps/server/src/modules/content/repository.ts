import type { AnnouncementAudience, AnnouncementType, CursorPage } from '@app/contract';
import type { Db } from '../../db/database.js';
import { type KeysetOrder, keysetPage } from '../../db/keyset-page.js';
import { countAll } from '../../db/sql-numbers.js';

export interface StoredBanner {
  id: string;
  groupName: string;
  title: string;
  imageUrl: string;
  linkageType: 'url' | 'external' | null;
  link: string | null;
}

export interface StoredAnnouncement {
  id: string;
  type: AnnouncementType;
  title: string;
  contentHtml: string;
  popup: boolean;
  publishedAt: Date;
}

const agentAnnouncementsOrder: KeysetOrder = {
  name: 'agent-announcements',
  keys: [
    { ref: 'published_at', type: 'timestamptz' },
    { ref: 'id', type: 'bigint' },
  ],
  direction: 'desc',
};

export interface StoredHelpArticle {
  tag: string;
  title: string;
  contentHtml: string;
}

export interface NewBanner {
  merchantCode: string;
  language: string;
  groupName: string;
  title: string;
  imageUrl: string;
  linkageType: 'url' | 'external' | null;
  link: string | null;
  sort: number;
  activeFrom?: Date | null;
  activeUntil?: Date | null;
}

export interface NewAnnouncement {
  merchantCode: string;
  language: string;
  type: AnnouncementType;
  title: string;
  contentHtml: string;
  popup: boolean;
  publishedAt: Date;
  /** `all` when absent. */
  audience?: AnnouncementAudience;
}

export interface NewHelpArticle {
  merchantCode: string;
  language: string;
  tag: string;
  title: string;
  contentHtml: string;
  sort: number;
}

export function createContentRepository(db: Db) {
  return {
    async banners(
      merchantCode: string,
      language: string,
      groupName: string,
      now: Date,
    ): Promise<StoredBanner[]> {
      const rows = await db
        .selectFrom('content_banners')
        .select(['id', 'group_name', 'title', 'image_url', 'linkage_type', 'link'])
        .where('merchant_code', '=', merchantCode)
        .where('language', '=', language)
        .where('group_name', '=', groupName)
        .where('enabled', '=', true)
        .where((eb) => eb.or([eb('active_from', 'is', null), eb('active_from', '<=', now)]))
        .where((eb) => eb.or([eb('active_until', 'is', null), eb('active_until', '>', now)]))
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: String(row.id),
        groupName: row.group_name,
        title: row.title,
        imageUrl: row.image_url,
        linkageType: row.linkage_type,
        link: row.link,
      }));
    },

    async announcements(
      merchantCode: string,
      language: string,
      types: readonly AnnouncementType[],
      page: { offset: number; limit: number },
    ): Promise<{ rows: StoredAnnouncement[]; totalCount: number }> {
      const base = db
        .selectFrom('content_announcements')
        .where('merchant_code', '=', merchantCode)
        .where('language', '=', language)
        .where('type', 'in', types)
        .where('audience', '=', 'all')
        .where('enabled', '=', true)
        .where('published_at', '<=', new Date())
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', new Date())]));
      const [rows, count] = await Promise.all([
        base
          .select(['id', 'type', 'title', 'content_html', 'popup', 'published_at'])
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        base.select(countAll().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(toAnnouncement), totalCount: count.count };
    },

    /** A keyset page of the live agents-only announcements, newest first (the agent centre). */
    async agentAnnouncements(
      merchantCode: string,
      language: string,
      page: { cursor?: string | undefined; limit: number },
      now: Date,
    ): Promise<CursorPage<StoredAnnouncement>> {
      const query = db
        .selectFrom('content_announcements')
        .select(['id', 'type', 'title', 'content_html', 'popup', 'published_at'])
        .where('merchant_code', '=', merchantCode)
        .where('language', '=', language)
        .where('audience', '=', 'agents')
        .where('enabled', '=', true)
        .where('published_at', '<=', now)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]));
      const result = await keysetPage(query, agentAnnouncementsOrder, page);
      return { items: result.items.map(toAnnouncement), nextCursor: result.nextCursor };
    },

    async popupAnnouncements(
      merchantCode: string,
      language: string,
      types: readonly AnnouncementType[],
    ): Promise<StoredAnnouncement[]> {
      const rows = await db
        .selectFrom('content_announcements')
        .select(['id', 'type', 'title', 'content_html', 'popup', 'published_at'])
        .where('merchant_code', '=', merchantCode)
        .where('language', '=', language)
        .where('type', 'in', types)
        .where('audience', '=', 'all')
        .where('popup', '=', true)
        .where('enabled', '=', true)
        .where('published_at', '<=', new Date())
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', new Date())]))
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(5)
        .execute();
      return rows.map(toAnnouncement);
    },

    async helpArticles(merchantCode: string, language: string): Promise<StoredHelpArticle[]> {
      const rows = await db
        .selectFrom('content_help_articles')
        .select(['tag', 'title', 'content_html'])
        .where('merchant_code', '=', merchantCode)
        .where('language', '=', language)
        .where('enabled', '=', true)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ tag: row.tag, title: row.title, contentHtml: row.content_html }));
    },

    /** Languages that have any content of this kind, to fall back on the merchant's default. */
    async hasContent(
      table: 'content_banners' | 'content_announcements' | 'content_help_articles',
      merchantCode: string,
      language: string,
    ): Promise<boolean> {
      const row = await db
        .selectFrom(table)
        .select('id')
        .where('merchant_code', '=', merchantCode)
        .where('language', '=', language)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async addBanner(banner: NewBanner): Promise<string> {
      const row = await db
        .insertInto('content_banners')
        .values({
          merchant_code: banner.merchantCode,
          language: banner.language,
          group_name: banner.groupName,
          title: banner.title,
          image_url: banner.imageUrl,
          linkage_type: banner.linkageType,
          link: banner.link,
          sort: banner.sort,
          active_from: banner.activeFrom ?? null,
          active_until: banner.activeUntil ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return String(row.id);
    },

    async addAnnouncement(announcement: NewAnnouncement): Promise<string> {
      const row = await db
        .insertInto('content_announcements')
        .values({
          merchant_code: announcement.merchantCode,
          language: announcement.language,
          type: announcement.type,
          title: announcement.title,
          content_html: announcement.contentHtml,
          popup: announcement.popup,
          published_at: announcement.publishedAt,
          audience: announcement.audience ?? 'all',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return String(row.id);
    },

    async addHelpArticle(article: NewHelpArticle): Promise<string> {
      const row = await db
        .insertInto('content_help_articles')
        .values({
          merchant_code: article.merchantCode,
          language: article.language,
          tag: article.tag,
          title: article.title,
          content_html: article.contentHtml,
          sort: article.sort,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return String(row.id);
    },

    /** Published announcements of a merchant and language the member has not opened. */
    async unreadAnnouncementCount(
      merchantCode: string,
      language: string,
      memberId: bigint,
      now: Date,
    ): Promise<number> {
      const row = await db
        .selectFrom('content_announcements as a')
        .where('a.merchant_code', '=', merchantCode)
        .where('a.language', '=', language)
        .where('a.audience', '=', 'all')
        .where('a.published_at', '<=', now)
        .where('a.enabled', '=', true)
        .where((eb) => eb.or([eb('a.ends_at', 'is', null), eb('a.ends_at', '>', now)]))
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('member_announcement_reads as r')
                .select('r.announcement_id')
                .whereRef('r.announcement_id', '=', 'a.id')
                .where('r.member_id', '=', memberId),
            ),
          ),
        )
        .select(countAll().as('count'))
        .executeTakeFirstOrThrow();
      return row.count;
    },

    /**
     * Marks an announcement of the merchant read; false when the merchant has no such
     * published announcement. Marking twice keeps the first time.
     */
    async markAnnouncementRead(
      merchantCode: string,
      memberId: bigint,
      announcementId: string,
      now: Date,
      audiences: readonly AnnouncementAudience[],
    ): Promise<boolean> {
      const announcement = await db
        .selectFrom('content_announcements')
        .select('id')
        .where('id', '=', BigInt(announcementId))
        .where('merchant_code', '=', merchantCode)
        .where('audience', 'in', audiences)
        .where('published_at', '<=', now)
        .executeTakeFirst();
      if (!announcement) return false;
      await db
        .insertInto('member_announcement_reads')
        .values({ member_id: memberId.toString(), announcement_id: announcementId })
        .onConflict((conflict) => conflict.columns(['member_id', 'announcement_id']).doNothing())
        .execute();
      return true;
    },

    /** Raw write, bypassing the service: only tests use it, to prove serving sanitizes too. */
    async overwriteAnnouncementHtml(id: string, contentHtml: string): Promise<void> {
      await db
        .updateTable('content_announcements')
        .set({ content_html: contentHtml })
        .where('id', '=', BigInt(id))
        .execute();
    },

    async addFeedback(merchantCode: string, memberId: bigint, content: string): Promise<string> {
      const row = await db
        .insertInto('member_feedback')
        .values({ merchant_code: merchantCode, member_id: memberId.toString(), content })
        .returning('id')
        .executeTakeFirstOrThrow();
      return String(row.id);
    },

    async feedbackOf(memberId: bigint): Promise<string[]> {
      const rows = await db
        .selectFrom('member_feedback')
        .select('content')
        .where('member_id', '=', memberId)
        .orderBy('id')
        .execute();
      return rows.map((row) => row.content);
    },
  };
}

function toAnnouncement(row: {
  id: bigint;
  type: AnnouncementType;
  title: string;
  content_html: string;
  popup: boolean;
  published_at: Date;
}): StoredAnnouncement {
  return {
    id: String(row.id),
    type: row.type,
    title: row.title,
    contentHtml: row.content_html,
    popup: row.popup,
    publishedAt: row.published_at,
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
