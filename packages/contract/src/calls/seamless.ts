import { z } from 'zod';

/**
 * The seamless-wallet API that game providers call (docs/games-seamless-wallet.md):
 * `POST /seamless/v1/:vassalage/:action`, signed by outside providers. These are not member
 * calls (no session, no Merchant header), so they are not in `routes.ts`; the server validates
 * and documents them with these schemas.
 */

export const SEAMLESS_PATH_PREFIX = '/seamless/v1';
/** Largest provider `detail` JSON merged into a round, in bytes. */
export const SEAMLESS_DETAIL_MAX_BYTES = 16 * 1024;
/** Largest body a provider may send (a detail plus the fields). */
export const SEAMLESS_BODY_MAX_BYTES = 20 * 1024;
export const SEAMLESS_ID_MAX_LENGTH = 100;
/**
 * Largest bet or win of one call, in minor units (100,000,000,000.00 in major units). Far above
 * any real stake or prize, and far below 2^53, so that no sum of a few amounts loses precision.
 */
export const SEAMLESS_AMOUNT_MAX_MINOR = 10_000_000_000_000;
/**
 * The wallet refuses a credit (win, refund) that would take a member's available balance past
 * this (10,000,000,000,000.00 in major units): every balance it answers stays an exact JSON
 * number, nine times below 2^53 - 1.
 */
export const SEAMLESS_BALANCE_MAX_MINOR = 1_000_000_000_000_000;
/** A signed call's timestamp may be this far from the server's clock, either way. */
export const SEAMLESS_TIMESTAMP_WINDOW_MS = 300_000;
export const SEAMLESS_TIMESTAMP_HEADER = 'x-provider-timestamp';
export const SEAMLESS_SIGNATURE_HEADER = 'x-provider-signature';

const idSchema = z.string().min(1).max(SEAMLESS_ID_MAX_LENGTH);
const tokenSchema = z.string().min(1).max(200);
/** Minor units as a JSON number: a safe integer, never a fraction. */
const minorSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** The amount of a bet or win: bounded per call. */
const amountMinorSchema = z.number().int().min(0).max(SEAMLESS_AMOUNT_MAX_MINOR);
const detailSchema = z
  .record(z.string(), z.unknown())
  .refine((value) => JSON.stringify(value).length <= SEAMLESS_DETAIL_MAX_BYTES, {
    message: 'detail too large',
  });

const moneyAnswer = z.object({ balanceMinor: minorSchema, transactionId: idSchema });

export const seamlessCalls = {
  authenticate: {
    summary: 'Spend a launch token and open a game session',
    body: z.object({ launchToken: tokenSchema }),
    value: z.object({
      sessionId: z.string(),
      currency: z.string(),
      balanceMinor: minorSchema,
      language: z.string(),
      gameCode: z.string(),
      nodeId: z.number().int(),
      roomId: z.string().nullable(),
    }),
  },
  balance: {
    summary: "The member's available balance",
    body: z.object({ sessionId: tokenSchema }),
    value: z.object({ balanceMinor: minorSchema, currency: z.string() }),
  },
  bet: {
    summary: 'Debit a bet (needs a live session)',
    body: z.object({
      sessionId: tokenSchema,
      transactionId: idSchema,
      roundId: idSchema,
      amountMinor: amountMinorSchema.min(1),
      gameCode: z.string().min(1).max(80),
      detail: detailSchema.optional(),
    }),
    value: moneyAnswer,
  },
  win: {
    summary: 'Credit a win (0 is a loss); accepted on an idle session',
    body: z.object({
      sessionId: tokenSchema,
      transactionId: idSchema,
      roundId: idSchema,
      amountMinor: amountMinorSchema,
      roundClosed: z.boolean(),
      detail: detailSchema.optional(),
    }),
    value: moneyAnswer,
  },
  rollback: {
    summary: 'Refund a bet once; an unknown bet leaves a marker that refuses it later',
    body: z.object({
      sessionId: tokenSchema,
      transactionId: idSchema,
      refTransactionId: idSchema,
      roundId: idSchema,
    }),
    value: moneyAnswer,
  },
} as const;

export type SeamlessAction = keyof typeof seamlessCalls;
export const seamlessActions = Object.keys(seamlessCalls) as SeamlessAction[];
export type SeamlessBody<A extends SeamlessAction> = z.output<(typeof seamlessCalls)[A]['body']>;
export type SeamlessValue<A extends SeamlessAction> = z.output<(typeof seamlessCalls)[A]['value']>;

/** Transfer-mode providers: what the platform sends to `<api base>/transfer` and `/transfer/status`. */
export const providerTransferRequestSchema = z.object({
  transferId: idSchema,
  playerRef: z.string().min(1).max(100),
  direction: z.enum(['in', 'out']),
  amountMinor: minorSchema.min(1),
});
export const providerTransferAnswerSchema = z.object({
  status: z.enum(['ok', 'failed']),
  balanceMinor: minorSchema.optional(),
});
export const providerTransferStatusAnswerSchema = z.object({
  status: z.enum(['ok', 'failed', 'unknown']),
});
