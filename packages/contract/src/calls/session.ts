import { z } from 'zod';
import { defineCall } from '../call.js';
import { routes } from '../routes.js';
import { phoneIdentityFieldsSchema } from './phone-identity.js';
import { challengeTokenSchema } from './verification.js';

/** Longest username or password the login form accepts; longer input is refused unread. */
export const LOGIN_FIELD_MAX_LENGTH = 255;

export const loginRequestSchema = z.object({
  username: z.string().trim().min(1).max(LOGIN_FIELD_MAX_LENGTH),
  password: z.string().min(1).max(LOGIN_FIELD_MAX_LENGTH),
  captcha: z.string().trim().max(16).optional(),
  /** The `captchaId` of the image whose answer `captcha` is. */
  captchaId: z.string().max(64).optional(),
  type: z.enum(['username', 'sms']).default('username'),
  /** A solved slider puzzle's token, when the merchant's `sliderVerification` is on. */
  challengeToken: challengeTokenSchema,
  /**
   * Remember me (SPEC §3): true issues a revocable remember cookie for one-click login within
   * 24 hours, false revokes this browser's one; absent leaves it alone. No password is kept.
   */
  rememberMe: z.boolean().optional(),
  /**
   * Which side the login is for (SPEC §6): `agent` refuses accounts that are not agents
   * (NOT_AGENT, after the password or code was right); `member` takes every account.
   */
  portal: z.enum(['member', 'agent']).default('member'),
  ...phoneIdentityFieldsSchema.shape,
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const loginCall = defineCall({
  ...routes.login,
  secret: true,
  summary: 'Log in with username and password; answers a session token',
  tags: ['session'],
  body: loginRequestSchema,
  value: loginResponseSchema,
});

export const logoutCall = defineCall({
  ...routes.logout,
  summary: 'End the current session',
  tags: ['session'],
  value: z.null(),
});

/** The free demo (SPEC §4): the client's platform fields are accepted and not needed. */
export const freePlayLoginRequestSchema = z
  .object({
    os: z.string().max(64).optional(),
    platform: z.string().max(16).optional(),
  })
  .optional();

export const freePlayLoginCall = defineCall({
  ...routes.freePlayLogin,
  summary: 'Start a free demo: a new trial account (type 4) with play money, logged in',
  tags: ['session'],
  body: freePlayLoginRequestSchema,
  value: loginResponseSchema,
});

export const rememberedLoginCall = defineCall({
  ...routes.rememberedLogin,
  secret: true,
  summary: 'One-click login with the remember cookie of an earlier login (rotated on use)',
  tags: ['session'],
  value: loginResponseSchema,
});

export const forgetRememberedCall = defineCall({
  ...routes.forgetRemembered,
  summary: 'Revoke the remember cookie of this browser ("not you?")',
  tags: ['session'],
  value: z.null(),
});
