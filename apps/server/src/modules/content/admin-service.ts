import { randomUUID } from 'node:crypto';
import type {
  AdminAnnouncement,
  AdminBanner,
  AdminHelpArticle,
  AdminHelpArticleRow,
  AdminSiteLinks,
  AnnouncementInput,
  AnnouncementType,
  BannerInput,
  ContentKind,
  HelpArticleInput,
  SiteLinksInput,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import type { AuditService } from '../audit/index.js';
import type { SiteLinks, SiteLinksStore } from '../system/index.js';
import { createContentAdminRepository, type ListPage } from './admin.repository.js';
import { checkedBannerImage } from './banner-image-upload.js';
import {
  isAllowedBannerImageUrl,
  uploadedImageIdOf,
  uploadedImageUrl,
} from './banner-image-url.js';
import { plainText, sanitizeOperatorHtml } from './sanitize.js';

/** Who acts, as the audit log records them. */
export interface ContentActor {
  merchantCode: string;
  operatorId: bigint;
  operatorUsername: string;
  operatorRole: string;
  ip: string;
  /** The languages the merchant offers (an article without one of them is marked missing). */
  languages: readonly string[];
}

/** An inline image in an audit entry is shown by its length: the log keeps what changed, not bytes. */
export const AUDIT_IMAGE_URL_MAX_LENGTH = 300;

type Page<T> = { list: T[]; nextAfterId: string | null };

/** The operator's side of the site's content: each change and its audit entry in one transaction. */
export interface ContentAdminService {
  banners(
    actor: ContentActor,
    filter: { groupName?: string; language?: string },
    page: ListPage,
  ): Promise<Page<AdminBanner>>;
  saveBanner(actor: ContentActor, input: BannerInput): Promise<AdminBanner>;
  uploadImage(
    actor: ContentActor,
    base64: string,
  ): Promise<{
    url: string;
    kind: 'png' | 'jpeg' | 'webp';
    width: number;
    height: number;
    bytes: number;
  }>;
  announcements(
    actor: ContentActor,
    filter: { type?: AnnouncementType; language?: string },
    page: ListPage,
  ): Promise<Page<AdminAnnouncement>>;
  saveAnnouncement(actor: ContentActor, input: AnnouncementInput): Promise<AdminAnnouncement>;
  helpArticles(
    actor: ContentActor,
    filter: { language?: string },
    page: ListPage,
  ): Promise<Page<AdminHelpArticleRow>>;
  saveHelpArticle(actor: ContentActor, input: HelpArticleInput): Promise<AdminHelpArticle>;
  setEnabled(
    actor: ContentActor,
    kind: ContentKind,
    id: string,
    enabled: boolean,
  ): Promise<{ id: string; enabled: boolean }>;
  reorder(
    actor: ContentActor,
    kind: 'banner' | 'help',
    ids: readonly string[],
  ): Promise<{ ids: string[] }>;
  remove(actor: ContentActor, kind: ContentKind, id: string): Promise<{ id: string }>;
  siteLinks(actor: ContentActor): Promise<AdminSiteLinks>;
  saveSiteLinks(actor: ContentActor, input: SiteLinksInput): Promise<AdminSiteLinks>;
  /** An uploaded image for `/content/images/<id>`. */
  image(id: string): Promise<{ kind: 'png' | 'jpeg' | 'webp'; bytes: Buffer } | undefined>;
}

function auditBanner(banner: AdminBanner | undefined) {
  if (!banner) return null;
  const { imageUrl } = banner;
  return {
    ...banner,
    imageUrl:
      imageUrl.length > AUDIT_IMAGE_URL_MAX_LENGTH
        ? `${imageUrl.slice(0, AUDIT_IMAGE_URL_MAX_LENGTH)}… (${imageUrl.length} characters)`
        : imageUrl,
  };
}

function auditFields(actor: ContentActor) {
  return {
    merchantCode: actor.merchantCode,
    operatorId: actor.operatorId,
    operatorUsername: actor.operatorUsername,
    operatorRole: actor.operatorRole,
    ip: actor.ip,
  };
}

function notFound(field = 'id'): AppError {
  return new AppError('NOT_FOUND', { field });
}

/** A unique-key violation of PostgreSQL (the help tag raced another save). */
function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
  );
}

export function createContentAdminService(deps: {
  db: Db;
  unitOfWork: UnitOfWork;
  audit: AuditService;
  siteLinks: SiteLinksStore;
  /** Drops the cached merchants after a change of their links (the site sees it at once). */
  forgetMerchants: () => void;
}): ContentAdminService {
  const { db, unitOfWork, audit, siteLinks } = deps;
  const reads = createContentAdminRepository(db);

  /** The row of a kind, locked in the transaction; undefined when the merchant has none. */
  function rowOf(executor: Db, kind: ContentKind, merchantCode: string, id: string) {
    const repository = createContentAdminRepository(executor);
    if (kind === 'banner') return repository.banner(merchantCode, id).then(auditBanner);
    if (kind === 'announcement') return repository.announcement(merchantCode, id);
    return repository.helpArticle(merchantCode, id);
  }

  async function checkImageUrl(actor: ContentActor, url: string): Promise<void> {
    if (!isAllowedBannerImageUrl(url)) {
      throw new AppError('BANNER_IMAGE_URL_INVALID', { field: 'imageUrl' });
    }
    const uploadedId = uploadedImageIdOf(url);
    if (uploadedId && (await reads.imageMerchant(uploadedId)) !== actor.merchantCode) {
      throw new AppError('BANNER_IMAGE_URL_INVALID', { field: 'imageUrl' });
    }
  }

  async function withSiteLinksQr(links: SiteLinks): Promise<AdminSiteLinks> {
    const resources = await Promise.all(
      links.resources.map(async (resource) => ({
        ...resource,
        // Only addresses get a QR: an inline image is no link to scan.
        qrImage: /^https?:\/\//i.test(resource.url)
          ? await siteLinks.qrImageOf(resource.url)
          : null,
      })),
    );
    return { resources, customerService: links.customerService, domains: links.domains };
  }

  return {
    banners: (actor, filter, page) => reads.banners(actor.merchantCode, filter, page),

    async saveBanner(actor, input) {
      await checkImageUrl(actor, input.imageUrl);
      const { id, ...values } = input;
      return unitOfWork(async (executor) => {
        const repository = createContentAdminRepository(executor);
        const before =
          id === undefined ? undefined : await repository.banner(actor.merchantCode, id);
        if (id !== undefined && !before) throw notFound();
        const after = await repository.saveBanner(actor.merchantCode, id, {
          ...values,
          imageUrl: values.imageUrl.trim(),
          title: plainText(values.title),
        });
        if (!after) throw notFound();
        await audit.recordWithin(executor, {
          ...auditFields(actor),
          action: id === undefined ? 'content.banner.create' : 'content.banner.update',
          subjectType: 'banner',
          subjectId: after.id,
          before: auditBanner(before),
          after: auditBanner(after),
        });
        return after;
      });
    },

    async uploadImage(actor, base64) {
      const image = await checkedBannerImage(base64);
      const id = randomUUID();
      await unitOfWork(async (executor) => {
        await createContentAdminRepository(executor).addImage({
          id,
          merchantCode: actor.merchantCode,
          kind: image.kind,
          width: image.width,
          height: image.height,
          bytes: image.bytes,
          createdBy: actor.operatorId,
        });
        await audit.recordWithin(executor, {
          ...auditFields(actor),
          action: 'content.image.upload',
          subjectType: 'content-image',
          subjectId: id,
          before: null,
          after: {
            kind: image.kind,
            width: image.width,
            height: image.height,
            bytes: image.bytes.length,
          },
        });
      });
      return {
        url: uploadedImageUrl(id),
        kind: image.kind,
        width: image.width,
        height: image.height,
        bytes: image.bytes.length,
      };
    },

    announcements: (actor, filter, page) => reads.announcements(actor.merchantCode, filter, page),

    async saveAnnouncement(actor, input) {
      const { id, ...values } = input;
      return unitOfWork(async (executor) => {
        const repository = createContentAdminRepository(executor);
        const before =
          id === undefined ? undefined : await repository.announcement(actor.merchantCode, id);
        if (id !== undefined && !before) throw notFound();
        const after = await repository.saveAnnouncement(actor.merchantCode, id, {
          ...values,
          title: plainText(values.title),
          contentHtml: sanitizeOperatorHtml(values.contentHtml),
        });
        if (!after) throw notFound();
        await audit.recordWithin(executor, {
          ...auditFields(actor),
          action: id === undefined ? 'content.announcement.create' : 'content.announcement.update',
          subjectType: 'announcement',
          subjectId: after.id,
          before: before ?? null,
          after,
        });
        return after;
      });
    },

    async helpArticles(actor, filter, page) {
      const stored = await reads.helpArticles(actor.merchantCode, filter, page);
      const present = await reads.helpLanguagesOfTags(actor.merchantCode, [
        ...new Set(stored.list.map((article) => article.tag)),
      ]);
      return {
        list: stored.list.map((article) => ({
          ...article,
          missingLanguages: actor.languages.filter(
            (language) => !present.get(article.tag)?.has(language),
          ),
        })),
        nextAfterId: stored.nextAfterId,
      };
    },

    async saveHelpArticle(actor, input) {
      const { id, ...values } = input;
      return unitOfWork(async (executor) => {
        const repository = createContentAdminRepository(executor);
        const before =
          id === undefined ? undefined : await repository.helpArticle(actor.merchantCode, id);
        if (id !== undefined && !before) throw notFound();
        if (await repository.helpTagTaken(actor.merchantCode, values.language, values.tag, id)) {
          throw new AppError('CONTENT_TAG_TAKEN', { field: 'tag' });
        }
        const after = await repository.saveHelpArticle(actor.merchantCode, id, {
          ...values,
          title: plainText(values.title),
          contentHtml: sanitizeOperatorHtml(values.contentHtml),
        });
        if (!after) throw notFound();
        await audit.recordWithin(executor, {
          ...auditFields(actor),
          action: id === undefined ? 'content.help.create' : 'content.help.update',
          subjectType: 'help-article',
          subjectId: after.id,
          before: before ?? null,
          after,
        });
        return after;
      }).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new AppError('CONTENT_TAG_TAKEN', { field: 'tag' });
        throw error;
      });
    },

    async setEnabled(actor, kind, id, enabled) {
      return unitOfWork(async (executor) => {
        const before = await rowOf(executor, kind, actor.merchantCode, id);
        if (!before) throw notFound();
        await createContentAdminRepository(executor).setEnabled(
          kind,
          actor.merchantCode,
          id,
          enabled,
        );
        await audit.recordWithin(executor, {
          ...auditFields(actor),
          action: `content.${kind}.${enabled ? 'enable' : 'disable'}`,
          subjectType: kind,
          subjectId: id,
          before: { enabled: before.enabled },
          after: { enabled },
        });
        return { id, enabled };
      });
    },

    async reorder(actor, kind, ids) {
      if (new Set(ids).size !== ids.length)
        throw new AppError('VALIDATION_FAILED', { field: 'ids' });
      return unitOfWork(async (executor) => {
        const repository = createContentAdminRepository(executor);
        const before = await repository.sortsOf(kind, actor.merchantCode, ids);
        if (before.size !== ids.length) throw notFound('ids');
        for (const [sort, id] of ids.entries()) {
          if (before.get(id) !== sort) await repository.setSort(kind, actor.merchantCode, id, sort);
        }
        await audit.recordWithin(executor, {
          ...auditFields(actor),
          action: `content.${kind}.reorder`,
          subjectType: kind,
          subjectId: ids.join(','),
          before: Object.fromEntries(ids.map((id) => [id, before.get(id)])),
          after: Object.fromEntries(ids.map((id, sort) => [id, sort])),
        });
        return { ids: [...ids] };
      });
    },

    async remove(actor, kind, id) {
      return unitOfWork(async (executor) => {
        const before = await rowOf(executor, kind, actor.merchantCode, id);
        if (!before) throw notFound();
        await createContentAdminRepository(executor).remove(kind, actor.merchantCode, id);
        await audit.recordWithin(executor, {
          ...auditFields(actor),
          action: `content.${kind}.delete`,
          subjectType: kind,
          subjectId: id,
          before,
          after: null,
        });
        return { id };
      });
    },

    async siteLinks(actor) {
      const links = await unitOfWork((executor) =>
        siteLinks.lockedWithin(executor, actor.merchantCode),
      );
      return withSiteLinksQr(links);
    },

    async saveSiteLinks(actor, input) {
      const after: SiteLinks = {
        resources: input.resources.map((resource) => ({ ...resource, qrCodeUrl: null })),
        customerService: input.customerService,
        domains: [...new Set(input.domains)],
      };
      await unitOfWork(async (executor) => {
        const before = await siteLinks.lockedWithin(executor, actor.merchantCode);
        await siteLinks.saveWithin(executor, actor.merchantCode, after);
        await audit.recordWithin(executor, {
          ...auditFields(actor),
          action: 'content.site-links.update',
          subjectType: 'merchant',
          subjectId: actor.merchantCode,
          before,
          after,
        });
      });
      // Only this instance forgets at once; others within the merchant cache's short TTL.
      deps.forgetMerchants();
      return withSiteLinksQr(after);
    },

    image: (id) => reads.image(id),
  };
}
