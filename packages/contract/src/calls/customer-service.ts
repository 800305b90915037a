import { z } from 'zod';
import { defineCall } from '../call.js';
import { languageCodeSchema } from '../languages.js';
import { routes } from '../routes.js';

/**
 * SPEC §7 chat URL: the address a customer-service entry opens, built by the server from the
 * merchant's entry (its `path` is opaque to the client). The site opens it in a small pop-up.
 */
export const chatUrlCall = defineCall({
  ...routes.chatUrl,
  summary: 'The link of a customer-service entry (live chat or VIP), for a pop-up window',
  tags: ['content'],
  query: z.object({
    csType: z.enum(['VIP', 'LIVECHAT']),
    /** Kept for the original clients (b2c 1). */
    b2c: z.string().max(4).optional(),
    title: z.string().max(100).optional(),
    language: z
      .string()
      .max(8)
      .transform((value) => value.toUpperCase())
      .pipe(languageCodeSchema)
      .optional(),
    headerColor: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/)
      .optional(),
  }),
  value: z.object({ chatUrl: z.string() }),
});
