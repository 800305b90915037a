import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { defineCall } from '../call.js';
import { memberIdSchema } from './admin-members.js';

/** Failed logins a page of the member's Logins tab (keyset, newest first). */
export const MEMBER_LOGIN_FAILURES_PAGE_SIZE = 20;

export const loginFailureReasons = [
  'wrong-password',
  'account-locked',
  'throttled',
  'captcha',
] as const;

export const memberLoginFailureSchema = z.object({
  id: z.string(),
  atMs: z.number().int(),
  ip: z.string().nullable(),
  device: z.string().nullable(),
  result: z.enum(['failure']),
  reason: z.enum(loginFailureReasons),
});
export type MemberLoginFailure = z.infer<typeof memberLoginFailureSchema>;

export const adminMemberLoginFailuresCall = defineCall({
  ...adminRoutes.adminMemberLoginFailures,
  summary:
    "A member's failed password logins (time, address, device, reason), newest first, keyset paged",
  tags: ['admin'],
  query: z.object({ memberId: memberIdSchema, afterId: memberIdSchema.optional() }),
  value: z.object({
    list: z.array(memberLoginFailureSchema),
    nextAfterId: z.string().nullable(),
  }),
});
