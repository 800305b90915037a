import { z } from 'zod';
import { defineCall } from '../call.js';
import { routes } from '../routes.js';

/** How many characters a captcha image shows (digits, so that the demo `captcha` rule accepts them). */
export const CAPTCHA_LENGTH = 4;
/** How long a captcha answer stays valid. */
export const CAPTCHA_TTL_MS = 2 * 60 * 1000;
/** The web form asks for a new image at most this often. */
export const CAPTCHA_REFRESH_INTERVAL_MS = 1000;

export const captchaResponseSchema = z.object({
  /** Names the answer on the server; send it back as `captchaId` with the typed `captcha`. */
  captchaId: z.string(),
  /** `data:image/png;base64,...` */
  image: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaResponseSchema>;

export const captchaCall = defineCall({
  ...routes.captcha,
  summary: 'A new captcha image; its answer is single use and valid for 2 minutes',
  tags: ['verification'],
  value: captchaResponseSchema,
});

/** Longest national number or dialling code the SMS calls read. */
const PHONE_FIELD_MAX_LENGTH = 32;

/**
 * SMS request of SPEC §3: the number as `mobileNum` (or `mobileNo`), its dialling code, and the
 * bot check (a captcha answer and its image's id).
 */
export const smsCodeRequestSchema = z.object({
  countryDialingCode: z.string().trim().max(8).optional(),
  mobileNum: z.string().trim().max(PHONE_FIELD_MAX_LENGTH).optional(),
  mobileNo: z.string().trim().max(PHONE_FIELD_MAX_LENGTH).optional(),
  captcha: z.string().trim().max(16).optional(),
  captchaId: z.string().max(64).optional(),
});
export type SmsCodeRequest = z.input<typeof smsCodeRequestSchema>;

export const smsCodeSentSchema = z.object({
  /** How long the code stays valid; the Send button counts down this many minutes. */
  expiredMinutes: z.number().int().positive(),
});
export type SmsCodeSent = z.infer<typeof smsCodeSentSchema>;

export const smsRegisterCall = defineCall({
  ...routes.smsRegister,
  summary: 'Send an SMS code to a number, for mobile registration',
  tags: ['verification'],
  body: smsCodeRequestSchema,
  value: smsCodeSentSchema,
});

export const smsNoLoginCall = defineCall({
  ...routes.smsNoLogin,
  summary:
    "Send an SMS code to a member's number, for SMS login and forgot password; the same answer whether or not the number is registered",
  tags: ['verification'],
  body: smsCodeRequestSchema,
  value: smsCodeSentSchema,
});
