import {
  adminContentAnnouncementsCall,
  adminContentBannersCall,
  adminContentDeleteCall,
  adminContentHelpArticlesCall,
  adminContentReorderCall,
  adminContentSaveAnnouncementCall,
  adminContentSaveBannerCall,
  adminContentSaveHelpArticleCall,
  adminContentSetEnabledCall,
  adminContentUploadImageCall,
  adminSaveSiteLinksCall,
  adminSiteLinksCall,
  CONTENT_IMAGE_PATH_PREFIX,
  type Permission,
  roleAllows,
} from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { RegisterCall } from '../../http/call-route.js';
import type { ContentActor, ContentAdminService } from './admin-service.js';

/** An uploaded image never changes under its id: browsers and proxies may keep it for a year. */
export const CONTENT_IMAGE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MIME_BY_KIND = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const;

/** The operator behind the call (the guard checked the permission already; checked again here). */
function actorOf(request: FastifyRequest, permission: Permission): ContentActor {
  const operator = request.operator;
  if (!operator) throw new AppError('SESSION_REQUIRED');
  if (!roleAllows(operator.role, permission)) throw new AppError('FORBIDDEN');
  return {
    merchantCode: operator.merchantCode,
    operatorId: operator.id,
    operatorUsername: operator.username,
    operatorRole: operator.role,
    ip: request.ip,
    languages: request.merchant?.supportedLanguages ?? [],
  };
}

/** The console's Content calls (registered with the operator guard: a permission per call). */
export function registerContentAdminRoutes(
  registerAdminCall: RegisterCall,
  content: ContentAdminService,
): void {
  registerAdminCall(adminContentBannersCall, async ({ request, query }) => {
    const { groupName, language, ...page } = query;
    return content.banners(
      actorOf(request, 'content:read'),
      { ...(groupName ? { groupName } : {}), ...(language ? { language } : {}) },
      page,
    );
  });
  registerAdminCall(adminContentSaveBannerCall, async ({ request, body }) =>
    content.saveBanner(actorOf(request, 'content:edit'), body),
  );
  registerAdminCall(adminContentUploadImageCall, async ({ request, body }) =>
    content.uploadImage(actorOf(request, 'content:edit'), body.imageBase64),
  );
  registerAdminCall(adminContentAnnouncementsCall, async ({ request, query }) => {
    const { type, language, ...page } = query;
    return content.announcements(
      actorOf(request, 'content:read'),
      { ...(type ? { type } : {}), ...(language ? { language } : {}) },
      page,
    );
  });
  registerAdminCall(adminContentSaveAnnouncementCall, async ({ request, body }) =>
    content.saveAnnouncement(actorOf(request, 'content:edit'), body),
  );
  registerAdminCall(adminContentHelpArticlesCall, async ({ request, query }) => {
    const { language, ...page } = query;
    return content.helpArticles(
      actorOf(request, 'content:read'),
      language ? { language } : {},
      page,
    );
  });
  registerAdminCall(adminContentSaveHelpArticleCall, async ({ request, body }) =>
    content.saveHelpArticle(actorOf(request, 'content:edit'), body),
  );
  registerAdminCall(adminContentSetEnabledCall, async ({ request, body }) =>
    content.setEnabled(actorOf(request, 'content:edit'), body.kind, body.id, body.enabled),
  );
  registerAdminCall(adminContentReorderCall, async ({ request, body }) =>
    content.reorder(actorOf(request, 'content:edit'), body.kind, body.ids),
  );
  registerAdminCall(adminContentDeleteCall, async ({ request, body }) =>
    content.remove(actorOf(request, 'content:edit'), body.kind, body.id),
  );
  registerAdminCall(adminSiteLinksCall, async ({ request }) =>
    content.siteLinks(actorOf(request, 'content:read')),
  );
  registerAdminCall(adminSaveSiteLinksCall, async ({ request, body }) =>
    content.saveSiteLinks(actorOf(request, 'content:edit'), body),
  );
}

/**
 * Uploaded banner images, public like the banners that show them: `/content/images/<uuid>`.
 * The bytes were re-encoded on upload; `nosniff` and the exact type keep the browser from
 * reading them as anything but an image.
 */
export function registerContentImageRoute(
  app: FastifyInstance,
  content: ContentAdminService,
): void {
  app.get(`${CONTENT_IMAGE_PATH_PREFIX}:imageId`, async (request, reply) => {
    const { imageId } = request.params as { imageId: string };
    const image = UUID.test(imageId) ? await content.image(imageId) : undefined;
    if (!image) throw new AppError('NOT_FOUND');
    return reply
      .header('Content-Type', MIME_BY_KIND[image.kind])
      .header('Cache-Control', `public, max-age=${CONTENT_IMAGE_MAX_AGE_SECONDS}, immutable`)
      .header('X-Content-Type-Options', 'nosniff')
      .send(image.bytes);
  });
}
