import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { defineCall } from '../call.js';
import { languageCodeSchema } from '../languages.js';
import { announcementAudiences, announcementTypes } from './content.js';
import { customerServiceEntrySchema, resourceSchema } from './system.js';

/** A page of an operator's content list; the lists are paged by id, newest first. */
export const CONTENT_ADMIN_PAGE_SIZE_DEFAULT = 50;
export const CONTENT_ADMIN_PAGE_SIZE_MAX = 100;
/** Largest banner image an operator may upload (decoded bytes). */
export const BANNER_IMAGE_MAX_BYTES = 1024 * 1024;
/** Base64 of the largest image; the body may hold it and a little more. */
const BANNER_IMAGE_BASE64_MAX_LENGTH = Math.ceil(BANNER_IMAGE_MAX_BYTES / 3) * 4;
const BANNER_IMAGE_BODY_LIMIT_BYTES = BANNER_IMAGE_BASE64_MAX_LENGTH + 4 * 1024;
export const CONTENT_TITLE_MAX_LENGTH = 200;
/** Rich text as the editor sends it, before the server sanitizes it. */
export const CONTENT_HTML_MAX_LENGTH = 100_000;
export const CONTENT_LINK_MAX_LENGTH = 2048;
/** The banner image field: an uploaded image's path, an http(s) address or an inline image. */
export const CONTENT_IMAGE_URL_MAX_LENGTH = 512 * 1024;
/** Ids of one reorder (a group's banners or a language's help articles). */
export const CONTENT_REORDER_MAX_IDS = 200;
export const SITE_RESOURCES_MAX = 20;
export const SITE_CUSTOMER_SERVICE_MAX = 20;
export const SITE_DOMAINS_MAX = 50;
export const HOST_NAME_MAX_LENGTH = 253;
/** Where the server serves uploaded content images (`/content/images/<uuid>`). */
export const CONTENT_IMAGE_PATH_PREFIX = '/content/images/';

/** A banner group: the site asks for `home`, `w_reg`, `w_help`... */
export const bannerGroupSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9_-]{1,40}$/);
/** A help article's category, its anchor on `/help#{tag}`. */
export const helpTagSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]{1,40}$/);
/** A plain host name, no scheme, port, path or wildcard (what the line list can offer). */
export const hostNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(HOST_NAME_MAX_LENGTH)
  .regex(/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/);

/** A link the site may open: a path inside it or an http(s) address. */
const contentLinkSchema = z
  .string()
  .trim()
  .max(CONTENT_LINK_MAX_LENGTH)
  .regex(/^(\/(?!\/)|https?:\/\/[^\s/])\S*$/i);
const titleSchema = z.string().trim().min(1).max(CONTENT_TITLE_MAX_LENGTH);
const htmlSchema = z.string().max(CONTENT_HTML_MAX_LENGTH);
/** Milliseconds since the epoch. */
const instantSchema = z.number().int().min(0);
const idSchema = z.string().regex(/^[1-9][0-9]{0,17}$/);

const listQuery = {
  language: languageCodeSchema.optional(),
  /** The last id of the previous page: the next page has smaller ids. */
  afterId: idSchema.optional(),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(CONTENT_ADMIN_PAGE_SIZE_MAX)
    .default(CONTENT_ADMIN_PAGE_SIZE_DEFAULT),
};
const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({ list: z.array(row), nextAfterId: z.string().nullable() });

export const adminBannerSchema = z.object({
  id: z.string(),
  groupName: z.string(),
  language: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  linkageType: z.enum(['url', 'external']).nullable(),
  link: z.string().nullable(),
  sort: z.number().int(),
  enabled: z.boolean(),
  activeFrom: z.number().int().nullable(),
  activeUntil: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;

export const bannerInputSchema = z
  .object({
    /** Absent: a new banner. */
    id: idSchema.optional(),
    groupName: bannerGroupSchema,
    language: languageCodeSchema,
    title: titleSchema,
    imageUrl: z.string().trim().min(1).max(CONTENT_IMAGE_URL_MAX_LENGTH),
    linkageType: z.enum(['url', 'external']).nullable(),
    link: contentLinkSchema.nullable(),
    sort: z.number().int().min(0).max(100_000),
    enabled: z.boolean(),
    activeFrom: instantSchema.nullable(),
    activeUntil: instantSchema.nullable(),
  })
  .refine((banner) => (banner.linkageType === null) === (banner.link === null), {
    message: 'a link needs its kind',
    path: ['link'],
  })
  .refine(
    (banner) =>
      banner.activeFrom === null ||
      banner.activeUntil === null ||
      banner.activeFrom < banner.activeUntil,
    { message: 'ends before it starts', path: ['activeUntil'] },
  );
export type BannerInput = z.infer<typeof bannerInputSchema>;

export const adminContentBannersCall = defineCall({
  ...adminRoutes.adminContentBanners,
  summary: "The merchant's banners (every group and state), newest first, paged by id",
  tags: ['admin'],
  query: z.object({ groupName: bannerGroupSchema.optional(), ...listQuery }),
  value: pageOf(adminBannerSchema),
});

export const adminContentSaveBannerCall = defineCall({
  ...adminRoutes.adminContentSaveBanner,
  summary: 'Create a banner, or change one (with its id); the site shows it at once',
  tags: ['admin'],
  body: bannerInputSchema,
  value: adminBannerSchema,
});

export const adminContentUploadImageCall = defineCall({
  ...adminRoutes.adminContentUploadImage,
  summary:
    'Upload a banner image (PNG, JPEG or WebP by its bytes, base64): checked, re-encoded without metadata, served under /content/images/',
  tags: ['admin'],
  bodyLimitBytes: BANNER_IMAGE_BODY_LIMIT_BYTES,
  body: z.object({
    imageBase64: z
      .string()
      .min(1)
      .max(BANNER_IMAGE_BASE64_MAX_LENGTH)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/),
  }),
  value: z.object({
    url: z.string(),
    kind: z.enum(['png', 'jpeg', 'webp']),
    width: z.number().int(),
    height: z.number().int(),
    bytes: z.number().int(),
  }),
});

export const adminAnnouncementSchema = z.object({
  id: z.string(),
  type: z.enum(announcementTypes),
  language: z.string(),
  title: z.string(),
  /** Sanitized HTML. */
  contentHtml: z.string(),
  popup: z.boolean(),
  enabled: z.boolean(),
  startsAt: z.number().int(),
  endsAt: z.number().int().nullable(),
  createdAt: z.number().int(),
  audience: z.enum(announcementAudiences),
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncementSchema>;

export const announcementInputSchema = z
  .object({
    id: idSchema.optional(),
    /** PL player list, B banner, PU popup, PR promotion, H help. */
    type: z.enum(announcementTypes),
    language: languageCodeSchema,
    title: titleSchema,
    /** Any HTML: the server keeps only its allow-list. */
    contentHtml: htmlSchema,
    popup: z.boolean(),
    enabled: z.boolean(),
    startsAt: instantSchema,
    endsAt: instantSchema.nullable(),
    /** `agents`: only the agent centre lists it; the player site never serves it. */
    audience: z.enum(announcementAudiences).default('all'),
  })
  .refine((entry) => entry.endsAt === null || entry.startsAt < entry.endsAt, {
    message: 'ends before it starts',
    path: ['endsAt'],
  });
export type AnnouncementInput = z.infer<typeof announcementInputSchema>;

export const adminContentAnnouncementsCall = defineCall({
  ...adminRoutes.adminContentAnnouncements,
  summary: "The merchant's announcements (scheduled, live, ended, off), newest first, by id",
  tags: ['admin'],
  query: z.object({ type: z.enum(announcementTypes).optional(), ...listQuery }),
  value: pageOf(adminAnnouncementSchema),
});

export const adminContentSaveAnnouncementCall = defineCall({
  ...adminRoutes.adminContentSaveAnnouncement,
  summary: 'Create or change an announcement; its HTML is sanitized before it is stored',
  tags: ['admin'],
  body: announcementInputSchema,
  value: adminAnnouncementSchema,
});

export const adminHelpArticleSchema = z.object({
  id: z.string(),
  language: z.string(),
  tag: z.string(),
  title: z.string(),
  contentHtml: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  createdAt: z.number().int(),
});
export type AdminHelpArticle = z.infer<typeof adminHelpArticleSchema>;

/**
 * A help article as the console lists it: with the languages the merchant offers that have no
 * article of its tag (issue 22 item 15; players of those languages see the default language's).
 */
export const adminHelpArticleRowSchema = adminHelpArticleSchema.extend({
  missingLanguages: z.array(z.string()),
});
export type AdminHelpArticleRow = z.infer<typeof adminHelpArticleRowSchema>;

export const helpArticleInputSchema = z.object({
  id: idSchema.optional(),
  language: languageCodeSchema,
  tag: helpTagSchema,
  title: titleSchema,
  contentHtml: htmlSchema,
  sort: z.number().int().min(0).max(100_000),
  enabled: z.boolean(),
});
export type HelpArticleInput = z.infer<typeof helpArticleInputSchema>;

export const adminContentHelpArticlesCall = defineCall({
  ...adminRoutes.adminContentHelpArticles,
  summary: "The merchant's help-centre articles, newest first, paged by id",
  tags: ['admin'],
  query: z.object({ ...listQuery }),
  value: pageOf(adminHelpArticleRowSchema),
});

export const adminContentSaveHelpArticleCall = defineCall({
  ...adminRoutes.adminContentSaveHelpArticle,
  summary: 'Create or change a help article (category tag unique per language); HTML sanitized',
  tags: ['admin'],
  body: helpArticleInputSchema,
  value: adminHelpArticleSchema,
});

/** The kinds of content rows the shared calls (enable, reorder, delete) act on. */
export const contentKinds = ['banner', 'announcement', 'help'] as const;
export type ContentKind = (typeof contentKinds)[number];

export const adminContentSetEnabledCall = defineCall({
  ...adminRoutes.adminContentSetEnabled,
  summary: 'Show or hide a banner, announcement or help article on the site',
  tags: ['admin'],
  body: z.object({ kind: z.enum(contentKinds), id: idSchema, enabled: z.boolean() }),
  value: z.object({ id: z.string(), enabled: z.boolean() }),
});

export const adminContentReorderCall = defineCall({
  ...adminRoutes.adminContentReorder,
  summary: 'Put banners or help articles in the given order (sort 0, 1, 2... in the list order)',
  tags: ['admin'],
  body: z.object({
    kind: z.enum(['banner', 'help']),
    ids: z.array(idSchema).min(1).max(CONTENT_REORDER_MAX_IDS),
  }),
  value: z.object({ ids: z.array(z.string()) }),
});

export const adminContentDeleteCall = defineCall({
  ...adminRoutes.adminContentDelete,
  summary: 'Delete a banner, announcement or help article',
  tags: ['admin'],
  body: z.object({ kind: z.enum(contentKinds), id: idSchema }),
  value: z.object({ id: z.string() }),
});

export const siteResourceInputSchema = z.object({
  resourceType: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/),
  /** An http(s) address, or an inline image (the footer's payment picture is one). */
  url: z
    .string()
    .trim()
    .max(CONTENT_IMAGE_URL_MAX_LENGTH)
    .regex(/^(https?:\/\/[^\s/]|data:image\/[a-z0-9.+-]+[;,])\S*$/i)
    .refine((url) => url.startsWith('data:') || url.length <= CONTENT_LINK_MAX_LENGTH),
  labelNameEn: z.string().trim().max(80).nullable(),
});

export const customerServiceInputSchema = z.object({
  csType: customerServiceEntrySchema.shape.csType,
  title: z.string().trim().min(1).max(80),
  path: contentLinkSchema,
});

export const siteLinksInputSchema = z.object({
  resources: z.array(siteResourceInputSchema).max(SITE_RESOURCES_MAX),
  customerService: z.array(customerServiceInputSchema).max(SITE_CUSTOMER_SERVICE_MAX),
  domains: z.array(hostNameSchema).max(SITE_DOMAINS_MAX),
});
export type SiteLinksInput = z.infer<typeof siteLinksInputSchema>;

export const adminSiteLinksSchema = z.object({
  /** Each resource with the QR the site shows for it (a PNG data URL; none for an inline image). */
  resources: z.array(resourceSchema.extend({ qrImage: z.string().nullable() })),
  customerService: z.array(customerServiceEntrySchema),
  domains: z.array(z.string()),
});
export type AdminSiteLinks = z.infer<typeof adminSiteLinksSchema>;

export const adminSiteLinksCall = defineCall({
  ...adminRoutes.adminSiteLinks,
  summary: "The merchant's app links (with QR), customer-service entries and domains",
  tags: ['admin'],
  value: adminSiteLinksSchema,
});

export const adminSaveSiteLinksCall = defineCall({
  ...adminRoutes.adminSaveSiteLinks,
  summary:
    "Replace the merchant's app links, customer-service entries and domains (a domain another merchant serves is refused)",
  tags: ['admin'],
  body: siteLinksInputSchema,
  value: adminSiteLinksSchema,
});
