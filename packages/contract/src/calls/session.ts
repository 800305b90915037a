import { z } from 'zod';
import { defineCall } from '../call.js';
import { routes } from '../routes.js';
import { phoneIdentityFieldsSchema } from './phone-identity.js';

/** Longest username or password the login form accepts; longer input is refused unread. */
export const LOGIN_FIELD_MAX_LENGTH = 255;

export const loginRequestSchema = z.object({
  username: z.string().trim().min(1).max(LOGIN_FIELD_MAX_LENGTH),
  password: z.string().min(1).max(LOGIN_FIELD_MAX_LENGTH),
  captcha: z.string().trim().max(16).optional(),
  /** The `captchaId` of the image whose answer `captcha` is. */
  captchaId: z.string().max(64).optional(),
  type: z.enum(['username', 'sms']).default('username'),
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
