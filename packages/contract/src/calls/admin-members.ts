import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { defineCall } from '../call.js';
import { cursorSchema } from '../cursor-paging.js';
import { pageNoTotalsShape, pageQueryParams } from '../paging.js';
import { bettingRecordsCall } from './game-records.js';
import { lotteryMyBetsCall } from './lottery.js';

/** Rows of a member search page when the caller names no size, and the most it may ask for. */
export const MEMBERS_PAGE_SIZE_DEFAULT = 20;
export const MEMBERS_PAGE_SIZE_MAX = 100;
/** Logins, notes and pending adjustments a page (keyset, newest first). */
export const MEMBER_LOGINS_PAGE_SIZE = 20;
export const MEMBER_NOTES_PAGE_SIZE = 50;
export const PENDING_ADJUSTMENTS_PAGE_SIZE = 50;
/** Statement lines a page, and the most a caller may ask for. */
export const MEMBER_STATEMENT_PAGE_SIZE_DEFAULT = 20;
export const MEMBER_STATEMENT_PAGE_SIZE_MAX = 100;
/** A statement covers at most this many days (the ledger reads by date range). */
export const MEMBER_STATEMENT_RANGE_DAYS_MAX = 366;
export const MEMBER_NOTE_MAX_LENGTH = 2000;
export const MEMBER_LABEL_NAME_MAX_LENGTH = 40;
/** A merchant's label list is short by design: labels are picked from a menu. */
export const MEMBER_LABELS_PER_MERCHANT_MAX = 200;
export const MEMBER_LOCK_REASON_MAX_LENGTH = 500;
/**
 * Adjustments above this many minor units (1,000.00) wait for a second operator, unless the
 * merchant has a limit of its own (`adjustment_settings`).
 */
export const ADJUSTMENT_SECOND_APPROVAL_ABOVE_MINOR = 100_000;

/** Member ids travel as decimal strings (bigint in the database). */
export const memberIdSchema = z.string().regex(/^[1-9][0-9]{0,18}$/);
export const memberKinds = ['member', 'agent', 'trial'] as const;
export const memberStatuses = ['active', 'locked'] as const;

/** A call's query schema, which these calls extend with the member's id. */
function queryOf<Q>(call: { readonly query?: Q }): Q {
  if (call.query === undefined) throw new Error('the call has no query schema');
  return call.query;
}

const keysetQuery = { afterId: memberIdSchema.optional() };

export const memberSummarySchema = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string(),
  kind: z.enum(memberKinds),
  type: z.number().int(),
  status: z.enum(memberStatuses),
  registeredAtMs: z.number().int(),
  lastLoginAtMs: z.number().int().nullable(),
  email: z.string().nullable(),
  mobileNum: z.string().nullable(),
  realName: z.string().nullable(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;

export const memberSearchOrders = [
  'newest',
  'oldest',
  'lastLoginNewest',
  'lastLoginOldest',
] as const;
export type MemberSearchOrder = (typeof memberSearchOrders)[number];

/** The member search's filters: the list's query and its CSV export's (issue 17). */
export const memberSearchFilters = {
  /** A prefix of the account name (case-insensitive). */
  account: z.string().trim().min(1).max(64).optional(),
  memberId: memberIdSchema.optional(),
  phone: z.string().trim().min(3).max(32).optional(),
  email: z.string().trim().min(3).max(254).optional(),
  realName: z.string().trim().min(1).max(100).optional(),
  /** The address of the member's last login. */
  lastLoginIp: z.union([z.ipv4(), z.ipv6()]).optional(),
  labelId: memberIdSchema.optional(),
  status: z.enum(memberStatuses).optional(),
  kind: z.enum(memberKinds).optional(),
  registeredFromMs: z.coerce.number().int().nonnegative().optional(),
  registeredToMs: z.coerce.number().int().positive().optional(),
  /**
   * Registration order (by member id, the primary key: cheap both ways), newest by default;
   * or by last login, most or least recent first (a member who never logged in is the least).
   */
  order: z.enum(memberSearchOrders).optional(),
};

export const adminMembersCall = defineCall({
  ...adminRoutes.adminMembers,
  summary:
    "Search the merchant's members by any field, in the chosen order, keyset paged (`cursor` = the reply's `nextCursor`; `afterId`/`nextAfterId` serve the registration orders only)",
  tags: ['admin'],
  query: z.object({
    ...memberSearchFilters,
    ...keysetQuery,
    /** The previous page's `nextCursor`, for every order. */
    cursor: cursorSchema.optional(),
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .max(MEMBERS_PAGE_SIZE_MAX)
      .default(MEMBERS_PAGE_SIZE_DEFAULT),
  }),
  value: z.object({
    list: z.array(memberSummarySchema),
    nextAfterId: z.string().nullable(),
    nextCursor: z.string().nullable(),
  }),
});

export const memberLabelSchema = z.object({ id: z.string(), name: z.string() });
export const memberLoginSchema = z.object({
  id: z.string(),
  atMs: z.number().int(),
  ip: z.string().nullable(),
  device: z.string().nullable(),
  /** Sessions are made by successful logins only: `ended` says the session was ended since. */
  result: z.enum(['success']),
  endedAtMs: z.number().int().nullable(),
});

export const memberProfileSchema = memberSummarySchema.extend({
  upline: z.object({ id: z.string(), account: z.string() }).nullable(),
  registerIp: z.string().nullable(),
  registerMethod: z.string().nullable(),
  /** The registration fields the member filled in (e-mail, phone, names, messengers). */
  fields: z.record(z.string(), z.string()),
  labels: z.array(memberLabelSchema),
  balances: z.array(
    z.object({
      asset: z.string(),
      wallet: z.string(),
      currency: z.string(),
      available: z.number(),
    }),
  ),
  recentLogins: z.array(memberLoginSchema),
  /** A mobile proven by an SMS code: a reset link may go there. */
  mobileVerified: z.boolean(),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

const memberQuery = z.object({ memberId: memberIdSchema });

export const adminMemberCall = defineCall({
  ...adminRoutes.adminMember,
  summary: "One member's profile: fields, type, upline, status, labels, balances, last logins",
  tags: ['admin'],
  query: memberQuery,
  value: memberProfileSchema,
});

export const memberStatementLineSchema = z.object({
  id: z.string(),
  atMs: z.number().int(),
  code: z.string(),
  wallet: z.string(),
  asset: z.string(),
  currency: z.string(),
  amount: z.number(),
  balanceAfter: z.number(),
});

/** A member's statement's filters: the list's query and its CSV export's (issue 17). */
export const memberStatementFilters = {
  memberId: memberIdSchema,
  fromMs: z.coerce.number().int().nonnegative().optional(),
  toMs: z.coerce.number().int().positive().optional(),
};

export const adminMemberStatementCall = defineCall({
  ...adminRoutes.adminMemberStatement,
  summary: "A member's ledger statement, newest first, by date range (default the last 30 days)",
  tags: ['admin'],
  query: memberQuery.extend({
    ...memberStatementFilters,
    ...pageQueryParams({
      defaultPageSize: MEMBER_STATEMENT_PAGE_SIZE_DEFAULT,
      maxPageSize: MEMBER_STATEMENT_PAGE_SIZE_MAX,
    }),
  }),
  value: z.object({ list: z.array(memberStatementLineSchema), ...pageNoTotalsShape }),
});

export const adminMemberGameRecordsCall = defineCall({
  ...adminRoutes.adminMemberGameRecords,
  summary: "A member's game rounds: the member's own betting record, read for an operator",
  tags: ['admin'],
  query: queryOf(bettingRecordsCall).extend({ memberId: memberIdSchema }),
  value: bettingRecordsCall.value,
});

export const adminMemberLotteryBetsCall = defineCall({
  ...adminRoutes.adminMemberLotteryBets,
  summary: "A member's lottery bets: the member's own list, read for an operator",
  tags: ['admin'],
  query: queryOf(lotteryMyBetsCall).extend({ memberId: memberIdSchema }),
  value: lotteryMyBetsCall.value,
});

export const adminMemberLoginsCall = defineCall({
  ...adminRoutes.adminMemberLogins,
  summary: "A member's logins (time, address, device), newest first, keyset paged",
  tags: ['admin'],
  query: memberQuery.extend(keysetQuery),
  value: z.object({ list: z.array(memberLoginSchema), nextAfterId: z.string().nullable() }),
});

export const memberNoteSchema = z.object({
  id: z.string(),
  atMs: z.number().int(),
  operatorId: z.string(),
  operatorUsername: z.string(),
  body: z.string(),
});
export type MemberNote = z.infer<typeof memberNoteSchema>;

export const adminMemberNotesCall = defineCall({
  ...adminRoutes.adminMemberNotes,
  summary: "Operators' notes on a member, newest first, keyset paged",
  tags: ['admin'],
  query: memberQuery.extend(keysetQuery),
  value: z.object({ list: z.array(memberNoteSchema), nextAfterId: z.string().nullable() }),
});

export const adminAddMemberNoteCall = defineCall({
  ...adminRoutes.adminAddMemberNote,
  summary: 'Adds a note on a member (append-only: notes are never edited or deleted)',
  tags: ['admin'],
  body: z.object({
    memberId: memberIdSchema,
    body: z.string().trim().min(1).max(MEMBER_NOTE_MAX_LENGTH),
  }),
  value: memberNoteSchema,
});

export const adminLockMemberCall = defineCall({
  ...adminRoutes.adminLockMember,
  summary:
    'Locks a member (no login; every live session and remember-me cookie ends) or unlocks one',
  tags: ['admin'],
  body: z.object({
    memberId: memberIdSchema,
    locked: z.boolean(),
    reason: z.string().trim().min(1).max(MEMBER_LOCK_REASON_MAX_LENGTH),
  }),
  value: z.object({ status: z.enum(memberStatuses), sessionsEnded: z.number().int() }),
});

export const memberResetChannels = ['email', 'sms'] as const;

export const adminResetMemberPasswordCall = defineCall({
  ...adminRoutes.adminResetMemberPassword,
  summary:
    'Sends the member a password-reset link to their e-mail, or by SMS to their verified mobile; the operator never sees the link',
  tags: ['admin'],
  body: z.object({
    memberId: memberIdSchema,
    /** E-mail when absent, as before the SMS path existed. */
    channel: z.enum(memberResetChannels).default('email'),
  }),
  value: z.object({ channel: z.enum(memberResetChannels), sentTo: z.string() }),
});

export const adminMemberLabelsCall = defineCall({
  ...adminRoutes.adminMemberLabels,
  summary: "The merchant's member labels, by name",
  tags: ['admin'],
  value: z.object({ list: z.array(memberLabelSchema) }),
});

export const memberLabelNameSchema = z.string().trim().min(1).max(MEMBER_LABEL_NAME_MAX_LENGTH);

export const adminCreateMemberLabelCall = defineCall({
  ...adminRoutes.adminCreateMemberLabel,
  summary: "Adds a label to the merchant's list (an existing name answers that label)",
  tags: ['admin'],
  body: z.object({ name: memberLabelNameSchema }),
  value: memberLabelSchema,
});

export const adminSetMemberLabelCall = defineCall({
  ...adminRoutes.adminSetMemberLabel,
  summary: "Puts a label of the merchant's list on a member, or takes it off",
  tags: ['admin'],
  body: z.object({ memberId: memberIdSchema, labelId: memberIdSchema, present: z.boolean() }),
  value: z.object({ labels: z.array(memberLabelSchema) }),
});

export const adjustmentRequestSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  account: z.string(),
  amount: z.number(),
  currency: z.string(),
  reason: z.string(),
  requestedBy: z.string(),
  requestedByUsername: z.string(),
  requestedAtMs: z.number().int(),
  status: z.enum(['pending', 'approved', 'rejected']),
  decidedByUsername: z.string().nullable(),
  rejectReason: z.string().nullable(),
});
export type AdjustmentRequest = z.infer<typeof adjustmentRequestSchema>;

export const adminPendingAdjustmentsCall = defineCall({
  ...adminRoutes.adminPendingAdjustments,
  summary:
    'Balance adjustments waiting for a second operator, oldest first, keyset paged; with the limit above which they wait',
  tags: ['admin'],
  query: z.object(keysetQuery),
  value: z.object({
    list: z.array(adjustmentRequestSchema),
    nextAfterId: z.string().nullable(),
    secondApprovalAbove: z.number(),
  }),
});

export const adminApproveAdjustmentCall = defineCall({
  ...adminRoutes.adminApproveAdjustment,
  summary:
    'A second operator (not the one who asked) approves a pending adjustment: the money moves once',
  tags: ['admin'],
  body: z.object({ requestId: memberIdSchema }),
  value: adjustmentRequestSchema.extend({ balanceAfter: z.number() }),
});

export const adminRejectAdjustmentCall = defineCall({
  ...adminRoutes.adminRejectAdjustment,
  summary: 'A second operator rejects a pending adjustment: nothing moves',
  tags: ['admin'],
  body: z.object({ requestId: memberIdSchema, reason: z.string().trim().min(1).max(500) }),
  value: adjustmentRequestSchema,
});
