import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { defineCall } from '../call.js';

/** The longest reason an operator gives for moving a member between uplines. */
export const UPLINE_MOVE_REASON_MAX_LENGTH = 500;

export const adminMoveMemberUplineCall = defineCall({
  ...adminRoutes.adminMoveMemberUpline,
  summary:
    "Moves a member and their whole downline under another agent (or to no upline); refuses a move under the member's own downline. Audited",
  tags: ['admin'],
  body: z.object({
    memberId: z.string().regex(/^[1-9][0-9]{0,18}$/),
    /** The new upline's account; null takes the member out of every tree. */
    uplineAccount: z.string().trim().min(1).max(64).nullable(),
    reason: z.string().trim().min(1).max(UPLINE_MOVE_REASON_MAX_LENGTH),
  }),
  value: z.object({
    memberId: z.string(),
    account: z.string(),
    fromUplineId: z.string().nullable(),
    toUplineId: z.string().nullable(),
  }),
});
