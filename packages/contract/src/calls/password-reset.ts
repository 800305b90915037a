import { z } from 'zod';
import { defineCall } from '../call.js';
import { PASSWORD_RESET_TOKEN_LENGTH } from '../password-reset-constants.js';
import { REGISTER_FIELD_MAX_LENGTH_LIMIT } from '../register-rules.js';
import { routes } from '../routes.js';

/** Forgot password by e-mail (SPEC §3): sent as a form POST or as JSON. */
export const forgotPasswordByEmailRequestSchema = z.object({
  username: z.string().trim().max(REGISTER_FIELD_MAX_LENGTH_LIMIT),
  email: z.string().trim().max(REGISTER_FIELD_MAX_LENGTH_LIMIT),
});
export type ForgotPasswordByEmailRequest = z.input<typeof forgotPasswordByEmailRequestSchema>;

export const forgotPasswordByEmailCall = defineCall({
  ...routes.forgotPasswordByEmail,
  summary:
    'E-mail a password reset link when the username and e-mail match an account; the answer is the same either way',
  tags: ['member'],
  body: forgotPasswordByEmailRequestSchema,
  value: z.null(),
});

/** Sets a new password with the token of a reset link. */
export const resetPasswordByEmailRequestSchema = z.object({
  // Any length is taken here so that a damaged link answers RESET_LINK_INVALID, not a 400 shape error.
  token: z.string().max(PASSWORD_RESET_TOKEN_LENGTH * 4),
  newPassword: z.string().max(REGISTER_FIELD_MAX_LENGTH_LIMIT),
  confirmNewPassword: z.string().max(REGISTER_FIELD_MAX_LENGTH_LIMIT),
});
export type ResetPasswordByEmailRequest = z.input<typeof resetPasswordByEmailRequestSchema>;

export const resetPasswordByEmailCall = defineCall({
  ...routes.resetPasswordByEmail,
  secret: true,
  summary:
    'Set a new password with the token of a reset link; the link is spent and every session of the member ends',
  tags: ['member'],
  body: resetPasswordByEmailRequestSchema,
  value: z.null(),
});
