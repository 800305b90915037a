import { z } from 'zod';
import { errorCodes } from './errors.js';

/** The success envelope of every call: `{ success: true, value }`. */
export function okEnvelope<T extends z.ZodType>(value: T) {
  return z.object({ success: z.literal(true), value });
}

/** Details that name what was wrong, so a form can put the message next to the field. */
export const errorDetailsSchema = z.object({
  field: z.string().optional(),
  patternId: z.number().int().optional(),
  minLength: z.number().int().optional(),
  maxLength: z.number().int().optional(),
  retryAfterSeconds: z.number().int().optional(),
  /** Login: the next attempt for this username or address must carry a captcha. */
  captchaRequired: z.boolean().optional(),
  /** Bounds of an amount that was out of range, in major units. */
  minAmount: z.number().optional(),
  maxAmount: z.number().optional(),
  /** Third-party phone identity: the phone provider code of SPEC §8 (invalid-verification-code...). */
  providerCode: z.string().optional(),
  /** TURNOVER_NOT_MET: the bets required since the last deposit and those made, major units. */
  requiredAmount: z.number().optional(),
  doneAmount: z.number().optional(),
  /** WITHDRAWAL_VERIFICATION_REQUIRED: how to verify (sms, email, accountName). */
  method: z.string().optional(),
  /** CHAT_MUTED: when the mute ends, milliseconds since the epoch. */
  untilMs: z.number().int().optional(),
  /** BONUS_WAGERING_OPEN: the turnover still to wager on open bonuses, major units. */
  remainingAmount: z.number().optional(),
  /** BONUS_MAX_BET_EXCEEDED: the largest stake allowed while a bonus is wagering, major units. */
  maxBetAmount: z.number().optional(),
  /** WITHDRAWAL_DAILY_COUNT_EXCEEDED: the most requests allowed in 24 hours. */
  maxCount: z.number().int().optional(),
});
export type ErrorDetails = z.infer<typeof errorDetailsSchema>;

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  errorCode: z.enum(errorCodes as [string, ...string[]]),
  message: z.string(),
  details: errorDetailsSchema.optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
