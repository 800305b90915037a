import {
  type Announcement,
  type AnnouncementType,
  announcementAudiences,
  announcementTypes,
  type Banner,
  type CursorPage,
  type HelpArticle,
  type PageTotals,
  pageTotals,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { isAllowedBannerImageUrl } from './banner-image-url.js';
import {
  createContentRepository,
  type NewAnnouncement,
  type NewBanner,
  type NewHelpArticle,
  type StoredAnnouncement,
} from './repository.js';
import { plainText, sanitizeOperatorHtml } from './sanitize.js';

/** Whose content, in which language, and the merchant's default for a language without any. */
export interface ContentScope {
  merchantCode: string;
  language: string;
  defaultLanguage: string;
  /**
   * Whether the reader is an agent: only then may it open an agents-only announcement. The
   * player site's lists never serve those, whoever asks (the agent centre has its own call).
   */
  agentReader?: boolean;
}

/** A page of announcements, with the ones that pop up on their own listed apart. */
export type AnnouncementPage = { list: Announcement[]; popup: Announcement[] } & PageTotals;

/** The site's operator-written content: banners, announcements, help articles, feedback. */
export interface ContentService {
  /** The active banners of a group, in the request language or the merchant's default. */
  banners(scope: ContentScope, groupName: string): Promise<Banner[]>;
  /** A page of announcements of the given types (all types when none). */
  announcements(
    scope: ContentScope,
    query: { types?: readonly AnnouncementType[] | undefined; pageNo: number; pageSize: number },
  ): Promise<AnnouncementPage>;
  /** A keyset page of the agents-only announcements (the agent centre's announcement page). */
  agentAnnouncements(
    scope: ContentScope,
    page: { cursor?: string | undefined; limit: number },
  ): Promise<CursorPage<Announcement>>;
  /** The help centre's articles. */
  helpCenter(scope: ContentScope): Promise<HelpArticle[]>;
  /** How many announcements the member has not opened yet (CSP_unreadCount). */
  unreadCount(scope: ContentScope, memberId: bigint): Promise<{ unReadCount: number }>;
  /** Marks an announcement read and answers the new unread count; NOT_FOUND if there is none. */
  markAnnouncementRead(
    scope: ContentScope,
    memberId: bigint,
    announcementId: string,
  ): Promise<{ unReadCount: number }>;
  /** Stores a banner (operator write); its image must be an allowed URL. Answers its id. */
  addBanner(banner: NewBanner): Promise<string>;
  /** Stores an announcement with its HTML sanitized (operator write). Answers its id. */
  addAnnouncement(announcement: NewAnnouncement): Promise<string>;
  /** Stores a help article with its HTML sanitized (operator write). Answers its id. */
  addHelpArticle(article: NewHelpArticle): Promise<string>;
  /** Whether the merchant has any announcement in the language (the demo seed asks). */
  hasAnyContent(merchantCode: string, language: string): Promise<boolean>;
  /** Stores a member's feedback message. */
  addFeedback(merchantCode: string, memberId: bigint, content: string): Promise<{ id: string }>;
}

type ContentTable = 'content_banners' | 'content_announcements' | 'content_help_articles';

function toAnnouncement(row: StoredAnnouncement): Announcement {
  return {
    id: row.id,
    type: row.type,
    title: plainText(row.title),
    // Sanitized when saved; sanitized again here in case a row was written another way.
    content: sanitizeOperatorHtml(row.contentHtml),
    popup: row.popup,
    publishedAt: row.publishedAt.getTime(),
  };
}

/** Only links inside the site or to http(s) pages are kept for a clickable banner. */
function safeLink(link: string | null): string | null {
  if (link === null) return null;
  return /^(\/(?!\/)|https?:\/\/)/i.test(link) ? link : null;
}

/** The content service on its own repository over `db`. */
/** What content needs to know of the rest of the site. */
export interface ContentDeps {
  /**
   * The banner groups of lobbies with no games for the merchant (SPEC §2: a category appears
   * only with a vendor), whose banners would advertise an empty page.
   */
  emptyLobbyGroups?: (scope: ContentScope) => Promise<ReadonlySet<string>>;
}

export function createContentService(
  db: Db,
  now: () => Date = () => new Date(),
  deps: ContentDeps = {},
): ContentService {
  const repository = createContentRepository(db);
  /** The request language when the merchant has content in it, else the merchant's default. */
  async function languageFor(table: ContentTable, scope: ContentScope): Promise<string> {
    if (scope.language === scope.defaultLanguage) return scope.language;
    return (await repository.hasContent(table, scope.merchantCode, scope.language))
      ? scope.language
      : scope.defaultLanguage;
  }

  /** CSP_unreadCount: announcements in the language the member reads them in, not opened. */
  async function unreadCount(
    scope: ContentScope,
    memberId: bigint,
  ): Promise<{ unReadCount: number }> {
    const language = await languageFor('content_announcements', scope);
    const unReadCount = await repository.unreadAnnouncementCount(
      scope.merchantCode,
      language,
      memberId,
      now(),
    );
    return { unReadCount };
  }

  /**
   * Issue 22 item 15: each help article in the request language where it is translated, in the
   * merchant's default language where the operator left it out (the default's order first).
   */
  async function helpArticlesWithFallback(scope: ContentScope) {
    const own = await repository.helpArticles(scope.merchantCode, scope.language);
    if (scope.language === scope.defaultLanguage) return own;
    const fallback = await repository.helpArticles(scope.merchantCode, scope.defaultLanguage);
    const ownByTag = new Map(own.map((row) => [row.tag, row]));
    const fallbackTags = new Set(fallback.map((row) => row.tag));
    return [
      ...fallback.map((row) => ownByTag.get(row.tag) ?? row),
      ...own.filter((row) => !fallbackTags.has(row.tag)),
    ];
  }

  return {
    async banners(scope, groupName) {
      if ((await deps.emptyLobbyGroups?.(scope))?.has(groupName)) return [];
      const language = await languageFor('content_banners', scope);
      const rows = await repository.banners(scope.merchantCode, language, groupName, now());
      // Rows saved before the image rule existed are left out rather than sent to the page.
      return rows
        .filter((row) => isAllowedBannerImageUrl(row.imageUrl))
        .map((row) => {
          const link = safeLink(row.link);
          return {
            bannerId: row.id,
            url: row.imageUrl,
            groupName: row.groupName,
            title: plainText(row.title),
            linkageType: link === null ? null : row.linkageType,
            link,
          };
        });
    },

    async announcements(scope, query) {
      const language = await languageFor('content_announcements', scope);
      const types = query.types && query.types.length > 0 ? query.types : announcementTypes;
      const [{ rows, totalCount }, popup] = await Promise.all([
        repository.announcements(scope.merchantCode, language, types, {
          offset: (query.pageNo - 1) * query.pageSize,
          limit: query.pageSize,
        }),
        repository.popupAnnouncements(scope.merchantCode, language, types),
      ]);
      return {
        list: rows.map(toAnnouncement),
        ...pageTotals(totalCount, query.pageSize),
        popup: popup.map(toAnnouncement),
      };
    },

    async agentAnnouncements(scope, page) {
      const language = await languageFor('content_announcements', scope);
      const result = await repository.agentAnnouncements(scope.merchantCode, language, page, now());
      return { items: result.items.map(toAnnouncement), nextCursor: result.nextCursor };
    },

    async helpCenter(scope) {
      const rows = await helpArticlesWithFallback(scope);
      return rows.map((row) => ({
        title: plainText(row.title),
        tag: row.tag,
        content: sanitizeOperatorHtml(row.contentHtml),
      }));
    },

    unreadCount,

    /** The notice modal showed an announcement: it no longer counts as unread. */
    async markAnnouncementRead(scope, memberId, announcementId) {
      const found = await repository.markAnnouncementRead(
        scope.merchantCode,
        memberId,
        announcementId,
        now(),
        scope.agentReader ? announcementAudiences : ['all'],
      );
      if (!found) throw new AppError('NOT_FOUND');
      return unreadCount(scope, memberId);
    },

    /** Operator writes: every HTML text is sanitized before it is stored. */
    addBanner: async (banner) => {
      if (!isAllowedBannerImageUrl(banner.imageUrl)) {
        throw new AppError('BANNER_IMAGE_URL_INVALID', { field: 'imageUrl' });
      }
      return repository.addBanner({ ...banner, title: plainText(banner.title) });
    },
    addAnnouncement: (announcement) =>
      repository.addAnnouncement({
        ...announcement,
        title: plainText(announcement.title),
        contentHtml: sanitizeOperatorHtml(announcement.contentHtml),
      }),
    addHelpArticle: (article) =>
      repository.addHelpArticle({
        ...article,
        title: plainText(article.title),
        contentHtml: sanitizeOperatorHtml(article.contentHtml),
      }),
    hasAnyContent: async (merchantCode, language) =>
      (await repository.hasContent('content_announcements', merchantCode, language)) ||
      repository.hasContent('content_help_articles', merchantCode, language),

    async addFeedback(merchantCode, memberId, content) {
      return { id: await repository.addFeedback(merchantCode, memberId, content) };
    },
  };
}
