import { z } from 'zod';
import { defineCall } from '../call.js';
import { languageCodeSchema } from '../languages.js';
import { REGISTER_FIELD_MAX_LENGTH_LIMIT } from '../register-rules.js';
import { routes } from '../routes.js';
import { phoneIdentityFieldsSchema } from './phone-identity.js';
import { loginResponseSchema } from './session.js';
import { challengeTokenSchema } from './verification.js';

const registerText = z.string().max(REGISTER_FIELD_MAX_LENGTH_LIMIT).optional();

/**
 * The registration user of SPEC §3. Types and absolute bounds are checked here; the merchant's
 * own rules (enabled, required, pattern, lengths) are checked by the server against its settings.
 */
export const registerRequestSchema = z.object({
  username: z.string().max(REGISTER_FIELD_MAX_LENGTH_LIMIT),
  password: z.string().max(REGISTER_FIELD_MAX_LENGTH_LIMIT),
  confirmPassword: z.string().max(REGISTER_FIELD_MAX_LENGTH_LIMIT),
  payeeName: registerText,
  email: registerText,
  qqNum: registerText,
  mobileNum: registerText,
  recommenderId: registerText,
  captcha: registerText,
  /** The `captchaId` of the image whose answer `captcha` is. */
  captchaId: z.string().max(64).optional(),
  /** A solved slider puzzle's token, when the merchant's `sliderVerification` is on. */
  challengeToken: challengeTokenSchema,
  verificationCode: registerText,
  affiliateCode: registerText,
  paymentPassword: registerText,
  line: registerText,
  whatsapp: registerText,
  zalo: registerText,
  facebook: registerText,
  wechat: registerText,
  idNumber: registerText,
  referralCode: registerText,
  domain: registerText,
  countryDialingCode: z.string().max(8).optional(),
  registerUrl: z.string().max(2048).optional(),
  registerMethod: z.enum(['WEB']).default('WEB'),
  /** The terms agreement box; the form has it on by default, and off refuses the registration. */
  termsAccepted: z.boolean().default(true),
  /** Log the new member in at once and answer a session token. */
  login: z.boolean().default(true),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const registerResponseSchema = z.object({
  account: z.string(),
  session: loginResponseSchema.nullable(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const registerCall = defineCall({
  ...routes.register,
  secret: true,
  summary: 'Register a member by username and password',
  tags: ['member'],
  body: registerRequestSchema,
  value: registerResponseSchema,
});

export const changePasswordRequestSchema = z.object({
  /** Asked only when the member knows a password (`memberInfo.passwordKnown`). */
  oldPassword: z.string().max(REGISTER_FIELD_MAX_LENGTH_LIMIT).optional(),
  newPassword: z.string().max(REGISTER_FIELD_MAX_LENGTH_LIMIT),
  confirmNewPassword: z.string().max(REGISTER_FIELD_MAX_LENGTH_LIMIT),
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const changePasswordCall = defineCall({
  ...routes.changePassword,
  secret: true,
  summary: 'Change the password; every session of the member ends, this one too',
  tags: ['member'],
  body: changePasswordRequestSchema,
  value: z.null(),
});

export { agentMemberTypes, memberTypes } from '../member-types.js';

export const memberInfoSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  type: z.number().int(),
  toUpline: z.boolean(),
  currency: z.string(),
  clubLabel: z
    .object({
      labelName: z.string(),
      color: z.string(),
      color2: z.string(),
      rankLevel: z.number().int(),
    })
    .nullable(),
  memberLabel: z.array(
    z.object({ text: z.string(), color: z.string(), backgroundColor: z.string() }),
  ),
  /** False when the account's password was made for it (social sign-in): no old one to ask. */
  passwordKnown: z.boolean(),
  /** The language the member saved (SPEC §7 update language); the site switches to it at login. */
  language: languageCodeSchema.nullable().optional(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

export const memberInfoCall = defineCall({
  ...routes.memberInfo,
  summary: "The logged-in member's account",
  tags: ['member'],
  value: memberInfoSchema,
});

export const memberIconSchema = z.object({
  /** A PNG data URL: the initial of the account on a colour of its own. */
  icon: z.string(),
});

export const memberIconCall = defineCall({
  ...routes.memberIcon,
  summary: "The logged-in member's avatar, drawn on the server",
  tags: ['member'],
  value: memberIconSchema,
});

/** Mobile registration: the username is the mobile number, proven by an SMS code. */
export const registerMobileRequestSchema = registerRequestSchema.omit({ username: true }).extend({
  mobileNum: z.string().trim().max(REGISTER_FIELD_MAX_LENGTH_LIMIT),
  verificationCode: z.string().trim().max(REGISTER_FIELD_MAX_LENGTH_LIMIT),
  ...phoneIdentityFieldsSchema.shape,
});
export type RegisterMobileRequest = z.input<typeof registerMobileRequestSchema>;

export const registerMobileCall = defineCall({
  ...routes.registerMobile,
  secret: true,
  summary: 'Register a member by mobile number and SMS code; the account is the number',
  tags: ['member'],
  body: registerMobileRequestSchema,
  value: registerResponseSchema,
});

/** Forgot password by phone (SPEC §3): the code of `/wps/verification/sms/noLogin`. */
export const resetPasswordByPhoneRequestSchema = z.object({
  countryDialingCode: z.string().trim().max(8).optional(),
  mobileNum: z.string().trim().max(REGISTER_FIELD_MAX_LENGTH_LIMIT),
  verificationCode: z.string().trim().max(REGISTER_FIELD_MAX_LENGTH_LIMIT),
  newPassword: z.string().max(REGISTER_FIELD_MAX_LENGTH_LIMIT),
  /** Checked when sent. */
  confirmNewPassword: z.string().max(REGISTER_FIELD_MAX_LENGTH_LIMIT).optional(),
  ...phoneIdentityFieldsSchema.shape,
});
export type ResetPasswordByPhoneRequest = z.input<typeof resetPasswordByPhoneRequestSchema>;

export const resetPasswordByPhoneCall = defineCall({
  ...routes.resetPasswordByPhone,
  secret: true,
  summary:
    "Set a new password with an SMS code sent to the member's number; other sessions end and a new one starts",
  tags: ['member'],
  body: resetPasswordByPhoneRequestSchema,
  value: loginResponseSchema,
});
