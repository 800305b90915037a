import { z } from 'zod';

/** Longest third-party identity token accepted (an ID token is about 1 KB). */
export const PHONE_IDENTITY_TOKEN_MAX_LENGTH = 4096;

/**
 * SPEC §3: with the merchant's third-party phone identity on, the client proves the number with
 * the provider's ID token instead of our SMS code. Only the channel 'sms' exists.
 */
export const phoneIdentityFieldsSchema = z.object({
  firebaseChannel: z.literal('sms').optional(),
  firebaseIdToken: z.string().trim().max(PHONE_IDENTITY_TOKEN_MAX_LENGTH).optional(),
});
export type PhoneIdentityFields = z.input<typeof phoneIdentityFieldsSchema>;
