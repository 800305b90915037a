import { z } from 'zod';
import { defineCall } from '../call.js';
import { FEEDBACK_MAX_LENGTH, FEEDBACK_MIN_LENGTH } from '../feedback-constants.js';
import { languageCodeSchema } from '../languages.js';
import { pageQueryParams, pageTotalsShape } from '../paging.js';
import { routes } from '../routes.js';

/** Announcement types (SPEC §7): banner, player list, popup, promotion, help. */
export const announcementTypes = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export type AnnouncementType = (typeof announcementTypes)[number];
/** Who an announcement is for: every visitor, or agents only (the agent centre's page). */
export const announcementAudiences = ['all', 'agents'] as const;
export type AnnouncementAudience = (typeof announcementAudiences)[number];

/** The notice modal's page size (SPEC §9); a page may ask for up to 50. */
export const ANNOUNCEMENT_PAGE_SIZE = 9;
export const ANNOUNCEMENT_PAGE_SIZE_MAX = 50;
export const ANNOUNCEMENT_PAGE_NO_MAX = 10_000;
export { FEEDBACK_MAX_LENGTH, FEEDBACK_MIN_LENGTH } from '../feedback-constants.js';

export const announcementSchema = z.object({
  id: z.string(),
  type: z.enum(announcementTypes),
  title: z.string(),
  /** Sanitized HTML: safe to render as it is. */
  content: z.string(),
  popup: z.boolean(),
  /** Milliseconds since the epoch. */
  publishedAt: z.number().int(),
});
export type Announcement = z.infer<typeof announcementSchema>;

const typesParam = z
  .string()
  .max(64)
  .transform((value) => value.split(',').map((part) => part.trim().toUpperCase()))
  .pipe(z.array(z.enum(announcementTypes)).min(1));

export const announcementsCall = defineCall({
  ...routes.announcements,
  summary: 'Announcements of the merchant in the request language, newest first, paged',
  tags: ['content'],
  query: z.object({
    /** Comma list of types (B,PL,PU,PR,H); every type when absent. */
    types: typesParam.optional(),
    ...pageQueryParams({
      defaultPageSize: ANNOUNCEMENT_PAGE_SIZE,
      maxPageSize: ANNOUNCEMENT_PAGE_SIZE_MAX,
      maxPageNo: ANNOUNCEMENT_PAGE_NO_MAX,
    }),
    /** Kept for the original clients (execution B, platform W); no effect. */
    execution: z.string().max(8).optional(),
    platform: z.string().max(8).optional(),
  }),
  value: z.object({
    list: z.array(announcementSchema),
    ...pageTotalsShape,
    /** Announcements flagged popup (whatever the page), shown once after login. */
    popup: z.array(announcementSchema),
  }),
});

export const helpArticleSchema = z.object({
  title: z.string(),
  /** Anchor of the article on /help (`/help#{tag}`). */
  tag: z.string(),
  /** Sanitized HTML. */
  content: z.string(),
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;

export const helpCenterCall = defineCall({
  ...routes.helpCenter,
  summary: 'Help centre articles in a language (else the request language), in order',
  tags: ['content'],
  query: z.object({
    lang: z
      .string()
      .max(8)
      .transform((value) => value.toUpperCase())
      .pipe(languageCodeSchema)
      .optional(),
    device: z.enum(['WEB']).optional(),
  }),
  value: z.array(helpArticleSchema),
});

export const bannerSchema = z.object({
  bannerId: z.string(),
  url: z.string(),
  groupName: z.string(),
  title: z.string(),
  /** When set the banner is clickable: `url` opens `link` in the page, `external` in a new tab. */
  linkageType: z.enum(['url', 'external']).nullable(),
  link: z.string().nullable(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const bannersCall = defineCall({
  ...routes.banners,
  summary: 'Active banners of a group (home, w_reg, w_help, ...) in the request language',
  tags: ['content'],
  query: z.object({ groupName: z.string().min(1).max(40).default('home') }),
  value: z.array(bannerSchema),
});

export const feedbackCall = defineCall({
  ...routes.feedback,
  summary: 'Feedback of the member to the operator (a few per hour)',
  tags: ['content'],
  body: z.object({
    content: z.string().trim().min(FEEDBACK_MIN_LENGTH).max(FEEDBACK_MAX_LENGTH),
  }),
  value: z.object({ id: z.string() }),
});

export const unreadCountCall = defineCall({
  ...routes.unreadCount,
  summary: 'How many announcements the member has not opened yet (the header badge)',
  tags: ['content'],
  value: z.object({ unReadCount: z.number().int() }),
});

export const markAnnouncementReadCall = defineCall({
  ...routes.markAnnouncementRead,
  summary: 'Marks an announcement opened by the member (the notice modal showed it)',
  tags: ['content'],
  body: z.object({ id: z.string().regex(/^\d{1,19}$/) }),
  value: z.object({ unReadCount: z.number().int() }),
});
