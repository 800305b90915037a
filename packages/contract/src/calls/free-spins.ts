import { z } from 'zod';
import { BUILTIN_CLIENT_ROUND_ID_MAX_LENGTH } from '../builtin-games-constants.js';
import { defineCall } from '../call.js';
import { routes } from '../routes.js';
import { builtinRoundSchema } from './builtin-round.js';

/**
 * Free spins on a built-in slot (issues 19 and 20): the play shell lists the member's open
 * grants for the session's game and plays them one spin at a time. Like the other play-shell
 * calls they carry the game session in the (never logged) body.
 */

/** Most open grants the slot lists at once (oldest expiry first). */
export const FREE_SPIN_GRANTS_LISTED_MAX = 20;

export const freeSpinGrantSchema = z.object({
  grantId: z.string(),
  gameCode: z.string(),
  spinsTotal: z.number().int(),
  spinsLeft: z.number().int(),
  /** The fixed bet per line of every spin (all lines are played). */
  betPerLine: z.number(),
  /** The winnings so far, credited as bonus money. */
  won: z.number(),
  /** Winnings are wagered this many times before they are cash. */
  wageringMultiple: z.number().int(),
  expiresAt: z.string(),
});
export type FreeSpinGrant = z.infer<typeof freeSpinGrantSchema>;

const gameSessionSchema = z.string().min(1).max(200);

export const builtinFreeSpinsCall = defineCall({
  ...routes.builtinFreeSpins,
  summary: "The member's open free spins on the session's game",
  tags: ['builtin games'],
  secret: true,
  body: z.object({ gameSession: gameSessionSchema }).strict(),
  value: z.object({ list: z.array(freeSpinGrantSchema) }),
});

export const builtinPlayFreeSpinCall = defineCall({
  ...routes.builtinPlayFreeSpin,
  summary:
    'Play one free spin of a grant: no cash is taken, a win goes to the bonus wallet with wagering',
  tags: ['builtin games'],
  secret: true,
  body: z
    .object({
      gameSession: gameSessionSchema,
      grantId: z.string().regex(/^\d{1,18}$/),
      /** Chosen by the client per spin: a retry with the same id replays the first answer. */
      clientRoundId: z.string().min(1).max(BUILTIN_CLIENT_ROUND_ID_MAX_LENGTH),
    })
    .strict(),
  value: z.object({
    round: builtinRoundSchema,
    /** The member's cash, which a free spin does not touch. */
    balance: z.number(),
    grant: freeSpinGrantSchema,
    /** The bonus this spin's win was credited as; null without a win. */
    bonusId: z.string().nullable(),
  }),
});
