import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { defineCall } from '../call.js';
import { PROMOTION_CONTENT_MAX, PROMOTION_TITLE_MAX } from '../promotion-constants.js';

/** One language's draft texts; unlike a save, an empty title is allowed while writing. */
const previewTextSchema = z.object({
  title: z.string().max(PROMOTION_TITLE_MAX),
  content: z.string().max(PROMOTION_CONTENT_MAX),
  terms: z.string().max(PROMOTION_CONTENT_MAX),
});

export const adminPromotionPreviewCall = defineCall({
  ...adminRoutes.adminPromotionPreview,
  summary:
    "A draft's texts as players will see them: the same sanitizer as a save, nothing stored (the editor's preview)",
  tags: ['admin'],
  body: previewTextSchema,
  value: previewTextSchema,
});
