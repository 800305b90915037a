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
