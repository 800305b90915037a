import { z } from 'zod';
import { defineCall } from '../call.js';
import { routes } from '../routes.js';
import { loginResponseSchema } from './session.js';

/** Providers a merchant may configure for social sign-in. */
export const socialProviderNames = ['google', 'facebook'] as const;
export const socialProviderNameSchema = z.enum(socialProviderNames);
export type SocialProviderName = z.infer<typeof socialProviderNameSchema>;

/** Length of the one-time login code the callback hands the site (base64url of 32 bytes). */
export const SOCIAL_LOGIN_CODE_LENGTH = 43;

export const socialProvidersCall = defineCall({
  ...routes.socialProviders,
  summary:
    'Social sign-in providers the merchant offers (none when its socialSignIn switch is off)',
  tags: ['session'],
  value: z.object({ providers: z.array(socialProviderNameSchema) }),
});

export const socialExchangeCall = defineCall({
  ...routes.socialExchange,
  secret: true,
  summary:
    'Trade the one-time code of a social sign-in (`/?socialLogin=`) for a session, in the browser that started it',
  tags: ['session'],
  body: z.object({ code: z.string().trim().length(SOCIAL_LOGIN_CODE_LENGTH) }),
  value: loginResponseSchema,
});
