import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { defineCall } from '../call.js';
import {
  LOTTERY_CLOSE_OFFSET_SECONDS_MAX,
  LOTTERY_GAMES_PAGE_SIZE_MAX,
  LOTTERY_INTERVAL_SECONDS_MAX,
  LOTTERY_INTERVAL_SECONDS_MIN,
  LOTTERY_LIABILITY_MAX,
  LOTTERY_STAKE_MAX,
} from '../lottery-constants.js';
import { lotteryAreaSchema, lotteryFormatSchema, lotteryGameCodeSchema } from './lottery.js';
import { amountSchema } from './payments.js';

/** A game's schedule: a draw every N seconds, or at a time of day (edited only as an interval). */
export const adminLotteryScheduleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('interval'), intervalSeconds: z.number().int() }),
  z.object({
    kind: z.literal('daily'),
    time: z.string(),
    timeZone: z.string(),
    daysOfMonth: z.array(z.number().int()).optional(),
  }),
]);

/** A lottery game's schedule and limits as operators see them; amounts in major units. */
export const adminLotteryGameSchema = z.object({
  id: z.number().int(),
  gameCode: lotteryGameCodeSchema,
  name: z.string(),
  area: lotteryAreaSchema,
  format: lotteryFormatSchema,
  source: z.enum(['house', 'real']),
  schedule: adminLotteryScheduleSchema,
  closeOffsetSeconds: z.number().int(),
  minStake: z.number(),
  maxStake: z.number(),
  /** Most the house may owe on one number of one draw. */
  maxLiability: z.number(),
  enabled: z.boolean(),
});
export type AdminLotteryGame = z.infer<typeof adminLotteryGameSchema>;

export const adminLotteryGamesCall = defineCall({
  ...adminRoutes.adminLotteryGames,
  summary: "The merchant's lottery games with their schedule and limits, by id, keyset paged",
  tags: ['admin', 'lottery'],
  query: z.object({
    afterId: z.coerce.number().int().nonnegative().optional(),
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .max(LOTTERY_GAMES_PAGE_SIZE_MAX)
      .default(LOTTERY_GAMES_PAGE_SIZE_MAX),
  }),
  value: z.object({
    list: z.array(adminLotteryGameSchema),
    nextAfterId: z.number().int().nullable(),
  }),
});

/** A daily draw's local time, `HH:MM` on the 24-hour clock (in the game's time zone). */
export const lotteryDailyTimeSchema = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/);

/** The editable part of a game; min ≤ max is checked by the server (LOTTERY_GAME_LIMITS_INVALID). */
export const adminLotteryGameSettingsSchema = z.object({
  /** Only for daily games (Vietnam, Thai): the draw's local time in the game's time zone. */
  dailyTime: lotteryDailyTimeSchema.optional(),
  /** Only for interval games. */
  intervalSeconds: z
    .number()
    .int()
    .min(LOTTERY_INTERVAL_SECONDS_MIN)
    .max(LOTTERY_INTERVAL_SECONDS_MAX)
    .optional(),
  closeOffsetSeconds: z.number().int().min(0).max(LOTTERY_CLOSE_OFFSET_SECONDS_MAX),
  minStake: amountSchema.max(LOTTERY_STAKE_MAX),
  maxStake: amountSchema.max(LOTTERY_STAKE_MAX),
  maxLiability: amountSchema.max(LOTTERY_LIABILITY_MAX),
  enabled: z.boolean(),
});
export type AdminLotteryGameSettings = z.infer<typeof adminLotteryGameSettingsSchema>;

export const adminLotteryConfigureGameCall = defineCall({
  ...adminRoutes.adminLotteryConfigureGame,
  summary:
    "Change a game's schedule (interval, or a daily game's time) and limits; draws already created keep their times and limits, the next ones created use the new values",
  tags: ['admin', 'lottery'],
  body: adminLotteryGameSettingsSchema.extend({ gameCode: lotteryGameCodeSchema }),
  value: adminLotteryGameSchema,
});
