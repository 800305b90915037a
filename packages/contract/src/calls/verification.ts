import { z } from 'zod';
import { defineCall } from '../call.js';
import { routes } from '../routes.js';
import {
  SLIDER_ID_MAX_LENGTH,
  SLIDER_TRACE_COORDINATE_LIMIT_PX,
  SLIDER_TRACE_MAX_POINTS,
  SLIDER_TRACE_TIME_LIMIT_MS,
} from '../slider-constants.js';

/**
 * The one-time token a solved slider puzzle answers. When the merchant's `sliderVerification`
 * is on, registration, SMS sends and username login require it (and spend it).
 */
export const challengeTokenSchema = z.string().max(SLIDER_ID_MAX_LENGTH).optional();

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
  /** A solved slider puzzle's token: the bot check instead of the captcha when the slider is on. */
  challengeToken: challengeTokenSchema,
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

export const sliderPuzzleSchema = z.object({
  /** Names the puzzle on the server; send it back with the drag. */
  challengeId: z.string(),
  /** `data:image/png;base64,...`: the picture with the gap, `widthPx` × `heightPx`. */
  backgroundImage: z.string(),
  /** `data:image/png;base64,...`: the piece, `pieceSizePx` square, to place at `pieceY`. */
  pieceImage: z.string(),
  /** Top of the piece in the picture; the piece starts at x = 0 and slides right. */
  pieceY: z.number().int(),
  widthPx: z.number().int().positive(),
  heightPx: z.number().int().positive(),
  pieceSizePx: z.number().int().positive(),
  expiresInSeconds: z.number().int().positive(),
});
export type SliderPuzzle = z.infer<typeof sliderPuzzleSchema>;

export const sliderPuzzleCall = defineCall({
  ...routes.sliderPuzzle,
  summary:
    'A new slider puzzle: a picture with a gap and the piece that fills it; one try, valid for 2 minutes',
  tags: ['verification'],
  value: sliderPuzzleSchema,
});

const traceCoordinate = z
  .number()
  .finite()
  .min(-SLIDER_TRACE_COORDINATE_LIMIT_PX)
  .max(SLIDER_TRACE_COORDINATE_LIMIT_PX);

/** One pointer position of the drag: puzzle pixels from where the drag began, ms since then. */
export const sliderTracePointSchema = z.object({
  x: traceCoordinate,
  y: traceCoordinate,
  tMs: z.number().finite().min(0).max(SLIDER_TRACE_TIME_LIMIT_MS),
});
export type SliderTracePoint = z.infer<typeof sliderTracePointSchema>;

export const sliderVerifyRequestSchema = z.object({
  challengeId: z.string().max(SLIDER_ID_MAX_LENGTH),
  /** Where the piece was let go: its left edge, in puzzle pixels. */
  offsetX: traceCoordinate,
  trace: z.array(sliderTracePointSchema).max(SLIDER_TRACE_MAX_POINTS),
});
export type SliderVerifyRequest = z.input<typeof sliderVerifyRequestSchema>;

export const sliderVerifyCall = defineCall({
  ...routes.sliderVerify,
  summary:
    'Answer a slider puzzle with the drag; a right, human-looking drag answers a one-time challenge token',
  tags: ['verification'],
  body: sliderVerifyRequestSchema,
  value: z.object({
    /** Send it as `challengeToken` with the guarded call; single use, valid 2 minutes. */
    challengeToken: z.string(),
    expiresInSeconds: z.number().int().positive(),
  }),
});
