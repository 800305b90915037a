import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { defineCall } from '../call.js';
import { cursorPageOf, cursorPageQuery } from '../cursor-paging.js';
import { operatorRoles, type Permission, permissionNames } from '../operator-roles.js';
import { withdrawalSchema } from './withdrawals.js';

/** A TOTP code: six digits. */
export const totpCodeSchema = z.string().regex(/^\d{6}$/);
/** A recovery code as shown at enrolment (`xxxxx-xxxxx`, case and dash forgiven). */
export const recoveryCodeSchema = z.string().trim().min(10).max(20);

export const consoleSessionSchema = z.object({
  operator: z.object({
    id: z.number().int(),
    username: z.string(),
    role: z.enum(operatorRoles),
    /** The merchant every call of the session runs for. */
    merchantCode: z.string(),
    totpEnrolled: z.boolean(),
    /** `platform`: may choose the merchant it acts on (`POST /admin/session/merchant`). */
    kind: z.enum(['merchant', 'platform']),
    /** The merchant the operator belongs to and signs in at. */
    homeMerchantCode: z.string(),
  }),
  permissions: z.array(z.enum(permissionNames as [Permission, ...Permission[]])),
  /** Send as header `X-CSRF-Token` on every non-GET call made with the session cookie. */
  csrfToken: z.string(),
  idleExpiresAtMs: z.number().int(),
  absoluteExpiresAtMs: z.number().int(),
});
export type ConsoleSession = z.infer<typeof consoleSessionSchema>;

export const adminLoginCall = defineCall({
  ...adminRoutes.adminLogin,
  summary:
    "An operator's sign-in (separate from members). Password, then the TOTP code (or a recovery code) when enrolled: `totp-required` means the password was right and nothing was issued. The session travels in the `operator_session` cookie; API clients (no `Sec-Fetch-Site` header) also get it as `token`, for the Authorization header.",
  tags: ['admin'],
  secret: true,
  body: z.object({
    username: z.string().trim().min(1).max(40),
    password: z.string().min(1).max(255),
    totpCode: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  }),
  value: z.discriminatedUnion('status', [
    z.object({
      status: z.literal('signed-in'),
      session: consoleSessionSchema,
      /** Only for API clients: browsers keep the session in the HttpOnly cookie alone. */
      token: z.string().optional(),
      /** The operator's role (kept for API clients written before the console). */
      role: z.enum(operatorRoles),
    }),
    z.object({ status: z.literal('totp-required') }),
  ]),
});

export const adminWithdrawalSchema = withdrawalSchema.extend({ memberAccount: z.string() });

/** The withdrawal queue's filters, shared by its page and its CSV export. */
export const withdrawalListFilters = {
  status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
};

export const adminWithdrawalsCall = defineCall({
  ...adminRoutes.adminWithdrawals,
  summary:
    "Withdrawals of the merchant by status, a page at a time: pending oldest first (the queue), approved and rejected newest first; keyset paging, pass the reply's `nextCursor` as `cursor` for the next page",
  tags: ['admin'],
  query: cursorPageQuery.extend(withdrawalListFilters),
  value: cursorPageOf(adminWithdrawalSchema),
});

/** Largest proof image an operator may attach (decoded bytes). */
export const PROOF_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Base64 of the largest image, and room for the rest of the JSON body. */
const PROOF_BASE64_MAX_LENGTH = Math.ceil(PROOF_IMAGE_MAX_BYTES / 3) * 4;
const PROOF_BODY_LIMIT_BYTES = PROOF_BASE64_MAX_LENGTH + 4 * 1024;

export const adminApproveWithdrawalCall = defineCall({
  ...adminRoutes.adminApproveWithdrawal,
  summary:
    'Approve a pending withdrawal with the proof of payment (PNG or JPEG, base64): the held amount is paid out',
  tags: ['admin'],
  bodyLimitBytes: PROOF_BODY_LIMIT_BYTES,
  body: z.object({
    withdrawalId: z.uuid(),
    proofImageBase64: z
      .string()
      .min(1)
      .max(PROOF_BASE64_MAX_LENGTH)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/),
  }),
  value: adminWithdrawalSchema,
});

export const adminRejectWithdrawalCall = defineCall({
  ...adminRoutes.adminRejectWithdrawal,
  summary: 'Reject a pending withdrawal: the hold is released to the member',
  tags: ['admin'],
  body: z.object({ withdrawalId: z.uuid(), reason: z.string().trim().min(1).max(500) }),
  value: adminWithdrawalSchema,
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  operatorId: z.number().int().nullable(),
  /** The operator's username and role when the action was taken (null for system entries). */
  operatorUsername: z.string().nullable(),
  role: z.string().nullable(),
  ip: z.string().nullable(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
  createdAtMs: z.number().int(),
});
export type AuditLogEntry = z.infer<typeof auditEntrySchema>;

/** The audit log's filters, shared by its page and its CSV export. */
export const auditLogFilters = {
  action: z.string().trim().min(1).max(80).optional(),
  operatorId: z.coerce.number().int().positive().optional(),
  subjectId: z.string().trim().min(1).max(100).optional(),
  fromMs: z.coerce.number().int().nonnegative().optional(),
  toMs: z.coerce.number().int().nonnegative().optional(),
};

export const adminAuditLogCall = defineCall({
  ...adminRoutes.adminAuditLog,
  summary:
    "The merchant's audit log, newest first, filtered; keyset paging: pass the reply's `nextCursor` as `cursor` for the next (older) page",
  tags: ['admin'],
  query: cursorPageQuery.extend(auditLogFilters),
  value: cursorPageOf(auditEntrySchema),
});

export const adminAuditVerifyCall = defineCall({
  ...adminRoutes.adminAuditVerify,
  summary:
    "Checks the merchant's audit hash chain: every entry's hash and its link to the one before; the first entry that does not match (edited, or after a deleted one) is named",
  tags: ['admin'],
  value: z.object({
    valid: z.boolean(),
    checkedCount: z.number().int(),
    firstBrokenId: z.string().nullable(),
  }),
});

export const withdrawalCaseSchema = z.object({
  caseId: z.number().int(),
  withdrawal: adminWithdrawalSchema,
  status: z.enum(['open', 'resolved']),
  note: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});

export const adminWithdrawalCasesCall = defineCall({
  ...adminRoutes.adminWithdrawalCases,
  summary:
    "Withdrawals the player said they did not receive, oldest first, by case status: keyset paging, pass the reply's `nextCursor` as `cursor` for the next page",
  tags: ['admin'],
  query: cursorPageQuery.extend({ status: z.enum(['open', 'resolved']).default('open') }),
  value: cursorPageOf(withdrawalCaseSchema),
});

export const adminResolveWithdrawalCaseCall = defineCall({
  ...adminRoutes.adminResolveWithdrawalCase,
  summary: "Close a 'not received' case with a note (what was found or done)",
  tags: ['admin'],
  body: z.object({
    caseId: z.number().int().positive(),
    note: z.string().trim().min(1).max(1000),
  }),
  value: withdrawalCaseSchema,
});
