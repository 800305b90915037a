export { registerContentAdminRoutes, registerContentImageRoute } from './admin-routes.js';
export {
  type ContentActor,
  type ContentAdminService,
  createContentAdminService,
} from './admin-service.js';
export { type BannerImage, checkedBannerImage } from './banner-image-upload.js';
export { FEEDBACK_PER_MEMBER_LIMIT, registerContentRoutes } from './routes.js';
export { plainText, sanitizeOperatorHtml } from './sanitize.js';
export {
  type SiteContentLanguageSeed,
  type SiteContentSeed,
  seedContent,
  seedDemoContent,
} from './seed-content.js';
export { type ContentScope, type ContentService, createContentService } from './service.js';
