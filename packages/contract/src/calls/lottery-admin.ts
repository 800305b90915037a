import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { defineCall } from '../call.js';
import { LOTTERY_PAGE_SIZE_MAX, LOTTERY_VOID_REASON_MAX_LENGTH } from '../lottery-constants.js';
import { pageNoTotalsShape, pageQueryParams } from '../paging.js';
import {
  lotteryDrawSchema,
  lotteryDrawStatusSchema,
  lotteryFormatSchema,
  lotteryGameCodeSchema,
  lotteryResultSchema,
} from './lottery.js';

/** A draw as operators see it: who entered and confirmed its result, and why it was voided. */
export const adminLotteryDrawSchema = lotteryDrawSchema.extend({
  source: z.enum(['house', 'real']),
  /** The game's result format: which result form the console shows for entering this draw's. */
  format: lotteryFormatSchema,
  enteredByOperatorId: z.number().int().nullable(),
  confirmedByOperatorId: z.number().int().nullable(),
  voidReason: z.string().nullable(),
  betCount: z.number().int(),
  /** Major units. */
  stakeTotal: z.number(),
});
export type AdminLotteryDraw = z.infer<typeof adminLotteryDrawSchema>;

/** The operator's draw list page size when none is asked for. */
export const ADMIN_LOTTERY_DRAWS_PAGE_SIZE_DEFAULT = 20;

export const adminLotteryDrawsCall = defineCall({
  ...adminRoutes.adminLotteryDraws,
  summary: 'Draws of the merchant, newest draw time first, by game and status, paged',
  tags: ['admin', 'lottery'],
  query: z.object({
    gameCode: lotteryGameCodeSchema.optional(),
    status: lotteryDrawStatusSchema.optional(),
    ...pageQueryParams({
      defaultPageSize: ADMIN_LOTTERY_DRAWS_PAGE_SIZE_DEFAULT,
      maxPageSize: LOTTERY_PAGE_SIZE_MAX,
    }),
  }),
  value: z.object({ list: z.array(adminLotteryDrawSchema), ...pageNoTotalsShape }),
});

export const adminLotteryEnterResultCall = defineCall({
  ...adminRoutes.adminLotteryEnterResult,
  summary:
    "Enter a real draw's result after it closed (validated against its format); a different operator confirms it",
  tags: ['admin', 'lottery'],
  body: z.object({ drawId: z.number().int().positive(), result: lotteryResultSchema }),
  value: adminLotteryDrawSchema,
});

export const adminLotteryConfirmResultCall = defineCall({
  ...adminRoutes.adminLotteryConfirmResult,
  summary:
    'Confirm an entered result (four eyes: not the operator who entered it); the draw is then settled',
  tags: ['admin', 'lottery'],
  body: z.object({ drawId: z.number().int().positive() }),
  value: adminLotteryDrawSchema,
});

export const adminLotteryVoidDrawCall = defineCall({
  ...adminRoutes.adminLotteryVoidDraw,
  summary: 'Void a draw that is not settled: every bet is refunded once',
  tags: ['admin', 'lottery'],
  body: z.object({
    drawId: z.number().int().positive(),
    reason: z.string().trim().min(1).max(LOTTERY_VOID_REASON_MAX_LENGTH),
  }),
  value: adminLotteryDrawSchema,
});
