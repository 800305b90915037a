import type {
  AdminAnnouncement,
  AdminBanner,
  AdminHelpArticle,
  AnnouncementType,
  ContentKind,
} from '@app/contract';
import type { Db } from '../../db/database.js';

/** The table behind each kind of content row the operator calls share (enable, delete...). */
const tableOf = {
  banner: 'content_banners',
  announcement: 'content_announcements',
  help: 'content_help_articles',
} as const satisfies Record<ContentKind, string>;

export interface ListPage {
  afterId?: string | undefined;
  pageSize: number;
}

type BannerValues = Omit<AdminBanner, 'id' | 'createdAt'>;
type AnnouncementValues = Omit<AdminAnnouncement, 'id' | 'createdAt'>;
type HelpValues = Omit<AdminHelpArticle, 'id' | 'createdAt'>;

const msOf = (value: Date | null) => (value === null ? null : value.getTime());
const dateOf = (ms: number | null) => (ms === null ? null : new Date(ms));

const bannerColumns = [
  'id',
  'group_name',
  'language',
  'title',
  'image_url',
  'linkage_type',
  'link',
  'sort',
  'enabled',
  'active_from',
  'active_until',
  'created_at',
] as const;

function toBanner(row: {
  id: bigint;
  group_name: string;
  language: string;
  title: string;
  image_url: string;
  linkage_type: 'url' | 'external' | null;
  link: string | null;
  sort: number;
  enabled: boolean;
  active_from: Date | null;
  active_until: Date | null;
  created_at: Date;
}): AdminBanner {
  return {
    id: String(row.id),
    groupName: row.group_name,
    language: row.language,
    title: row.title,
    imageUrl: row.image_url,
    linkageType: row.linkage_type,
    link: row.link,
    sort: row.sort,
    enabled: row.enabled,
    activeFrom: msOf(row.active_from),
    activeUntil: msOf(row.active_until),
    createdAt: row.created_at.getTime(),
  };
}

const announcementColumns = [
  'id',
  'type',
  'language',
  'title',
  'content_html',
  'popup',
  'enabled',
  'published_at',
  'ends_at',
  'created_at',
  'audience',
] as const;

function toAnnouncement(row: {
  id: bigint;
  type: AnnouncementType;
  language: string;
  title: string;
  content_html: string;
  popup: boolean;
  enabled: boolean;
  published_at: Date;
  ends_at: Date | null;
  created_at: Date;
  audience: 'all' | 'agents';
}): AdminAnnouncement {
  return {
    id: String(row.id),
    type: row.type,
    language: row.language,
    title: row.title,
    contentHtml: row.content_html,
    popup: row.popup,
    enabled: row.enabled,
    startsAt: row.published_at.getTime(),
    endsAt: msOf(row.ends_at),
    createdAt: row.created_at.getTime(),
    audience: row.audience,
  };
}

const helpColumns = [
  'id',
  'language',
  'tag',
  'title',
  'content_html',
  'sort',
  'enabled',
  'created_at',
] as const;

function toHelp(row: {
  id: bigint;
  language: string;
  tag: string;
  title: string;
  content_html: string;
  sort: number;
  enabled: boolean;
  created_at: Date;
}): AdminHelpArticle {
  return {
    id: String(row.id),
    language: row.language,
    tag: row.tag,
    title: row.title,
    contentHtml: row.content_html,
    sort: row.sort,
    enabled: row.enabled,
    createdAt: row.created_at.getTime(),
  };
}

/** One more row than the page asks for says whether there is a next page. */
function pageOf<T extends { id: string }>(rows: T[], pageSize: number) {
  const list = rows.slice(0, pageSize);
  const nextAfterId = rows.length > pageSize ? (list[list.length - 1]?.id ?? null) : null;
  return { list, nextAfterId };
}

/**
 * The operator side of the content tables: every read and write names the operator's merchant,
 * so a row of another merchant is never found (the same answer as a row that does not exist).
 * Writes take the executor of the caller's transaction, which also writes the audit entry.
 */
export function createContentAdminRepository(db: Db) {
  return {
    async banners(
      merchantCode: string,
      filter: { groupName?: string; language?: string },
      page: ListPage,
    ) {
      let query = db
        .selectFrom('content_banners')
        .select(bannerColumns)
        .where('merchant_code', '=', merchantCode);
      if (filter.groupName) query = query.where('group_name', '=', filter.groupName);
      if (filter.language) query = query.where('language', '=', filter.language);
      if (page.afterId) query = query.where('id', '<', BigInt(page.afterId));
      const rows = await query
        .orderBy('id', 'desc')
        .limit(page.pageSize + 1)
        .execute();
      return pageOf(rows.map(toBanner), page.pageSize);
    },

    async banner(merchantCode: string, id: string): Promise<AdminBanner | undefined> {
      const row = await db
        .selectFrom('content_banners')
        .select(bannerColumns)
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', BigInt(id))
        .forUpdate()
        .executeTakeFirst();
      return row ? toBanner(row) : undefined;
    },

    async saveBanner(merchantCode: string, id: string | undefined, banner: BannerValues) {
      const values = {
        group_name: banner.groupName,
        language: banner.language,
        title: banner.title,
        image_url: banner.imageUrl,
        linkage_type: banner.linkageType,
        link: banner.link,
        sort: banner.sort,
        enabled: banner.enabled,
        active_from: dateOf(banner.activeFrom),
        active_until: dateOf(banner.activeUntil),
      };
      const row =
        id === undefined
          ? await db
              .insertInto('content_banners')
              .values({ merchant_code: merchantCode, ...values })
              .returning(bannerColumns)
              .executeTakeFirstOrThrow()
          : await db
              .updateTable('content_banners')
              .set({ ...values, updated_at: new Date() })
              .where('merchant_code', '=', merchantCode)
              .where('id', '=', BigInt(id))
              .returning(bannerColumns)
              .executeTakeFirst();
      return row ? toBanner(row) : undefined;
    },

    async announcements(
      merchantCode: string,
      filter: { type?: AnnouncementType; language?: string },
      page: ListPage,
    ) {
      let query = db
        .selectFrom('content_announcements')
        .select(announcementColumns)
        .where('merchant_code', '=', merchantCode);
      if (filter.type) query = query.where('type', '=', filter.type);
      if (filter.language) query = query.where('language', '=', filter.language);
      if (page.afterId) query = query.where('id', '<', BigInt(page.afterId));
      const rows = await query
        .orderBy('id', 'desc')
        .limit(page.pageSize + 1)
        .execute();
      return pageOf(rows.map(toAnnouncement), page.pageSize);
    },

    async announcement(merchantCode: string, id: string): Promise<AdminAnnouncement | undefined> {
      const row = await db
        .selectFrom('content_announcements')
        .select(announcementColumns)
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', BigInt(id))
        .forUpdate()
        .executeTakeFirst();
      return row ? toAnnouncement(row) : undefined;
    },

    async saveAnnouncement(
      merchantCode: string,
      id: string | undefined,
      entry: AnnouncementValues,
    ) {
      const values = {
        type: entry.type,
        language: entry.language,
        title: entry.title,
        content_html: entry.contentHtml,
        popup: entry.popup,
        enabled: entry.enabled,
        published_at: new Date(entry.startsAt),
        ends_at: dateOf(entry.endsAt),
        audience: entry.audience,
      };
      const row =
        id === undefined
          ? await db
              .insertInto('content_announcements')
              .values({ merchant_code: merchantCode, ...values })
              .returning(announcementColumns)
              .executeTakeFirstOrThrow()
          : await db
              .updateTable('content_announcements')
              .set({ ...values, updated_at: new Date() })
              .where('merchant_code', '=', merchantCode)
              .where('id', '=', BigInt(id))
              .returning(announcementColumns)
              .executeTakeFirst();
      return row ? toAnnouncement(row) : undefined;
    },

    async helpArticles(merchantCode: string, filter: { language?: string }, page: ListPage) {
      let query = db
        .selectFrom('content_help_articles')
        .select(helpColumns)
        .where('merchant_code', '=', merchantCode);
      if (filter.language) query = query.where('language', '=', filter.language);
      if (page.afterId) query = query.where('id', '<', BigInt(page.afterId));
      const rows = await query
        .orderBy('id', 'desc')
        .limit(page.pageSize + 1)
        .execute();
      return pageOf(rows.map(toHelp), page.pageSize);
    },

    /** The languages that have an article of each of these tags. */
    async helpLanguagesOfTags(
      merchantCode: string,
      tags: readonly string[],
    ): Promise<Map<string, Set<string>>> {
      const languages = new Map<string, Set<string>>();
      if (tags.length === 0) return languages;
      const rows = await db
        .selectFrom('content_help_articles')
        .select(['tag', 'language'])
        .where('merchant_code', '=', merchantCode)
        .where('tag', 'in', [...tags])
        .execute();
      for (const row of rows) {
        const set = languages.get(row.tag) ?? new Set<string>();
        set.add(row.language);
        languages.set(row.tag, set);
      }
      return languages;
    },

    async helpArticle(merchantCode: string, id: string): Promise<AdminHelpArticle | undefined> {
      const row = await db
        .selectFrom('content_help_articles')
        .select(helpColumns)
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', BigInt(id))
        .forUpdate()
        .executeTakeFirst();
      return row ? toHelp(row) : undefined;
    },

    /** Another article of the merchant with the same language and tag (the unique key). */
    async helpTagTaken(merchantCode: string, language: string, tag: string, exceptId?: string) {
      let query = db
        .selectFrom('content_help_articles')
        .select('id')
        .where('merchant_code', '=', merchantCode)
        .where('language', '=', language)
        .where('tag', '=', tag);
      if (exceptId !== undefined) query = query.where('id', '<>', BigInt(exceptId));
      return (await query.executeTakeFirst()) !== undefined;
    },

    async saveHelpArticle(merchantCode: string, id: string | undefined, article: HelpValues) {
      const values = {
        language: article.language,
        tag: article.tag,
        title: article.title,
        content_html: article.contentHtml,
        sort: article.sort,
        enabled: article.enabled,
      };
      const row =
        id === undefined
          ? await db
              .insertInto('content_help_articles')
              .values({ merchant_code: merchantCode, ...values })
              .returning(helpColumns)
              .executeTakeFirstOrThrow()
          : await db
              .updateTable('content_help_articles')
              .set({ ...values, updated_at: new Date() })
              .where('merchant_code', '=', merchantCode)
              .where('id', '=', BigInt(id))
              .returning(helpColumns)
              .executeTakeFirst();
      return row ? toHelp(row) : undefined;
    },

    /** Switches a row on or off; false when the merchant has no such row. */
    async setEnabled(kind: ContentKind, merchantCode: string, id: string, enabled: boolean) {
      const result = await db
        .updateTable(tableOf[kind])
        .set({ enabled, updated_at: new Date() })
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', BigInt(id))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async remove(kind: ContentKind, merchantCode: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom(tableOf[kind])
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', BigInt(id))
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** The current order of the given rows of the merchant (locked), by id. */
    async sortsOf(kind: 'banner' | 'help', merchantCode: string, ids: readonly string[]) {
      const rows = await db
        .selectFrom(tableOf[kind])
        .select(['id', 'sort'])
        .where('merchant_code', '=', merchantCode)
        .where(
          'id',
          'in',
          ids.map((id) => BigInt(id)),
        )
        .orderBy('id')
        .forUpdate()
        .execute();
      return new Map(rows.map((row) => [String(row.id), row.sort]));
    },

    async setSort(kind: 'banner' | 'help', merchantCode: string, id: string, sort: number) {
      await db
        .updateTable(tableOf[kind])
        .set({ sort, updated_at: new Date() })
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', BigInt(id))
        .execute();
    },

    async addImage(image: {
      id: string;
      merchantCode: string;
      kind: 'png' | 'jpeg' | 'webp';
      width: number;
      height: number;
      bytes: Buffer;
      createdBy: bigint;
    }): Promise<void> {
      await db
        .insertInto('content_images')
        .values({
          id: image.id,
          merchant_code: image.merchantCode,
          kind: image.kind,
          width: image.width,
          height: image.height,
          bytes: image.bytes,
          created_by: image.createdBy,
        })
        .execute();
    },

    async imageMerchant(id: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('content_images')
        .select('merchant_code')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.merchant_code;
    },

    async image(id: string) {
      return db
        .selectFrom('content_images')
        .select(['kind', 'bytes'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
  };
}

export type ContentAdminRepository = ReturnType<typeof createContentAdminRepository>;
