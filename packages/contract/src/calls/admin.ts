import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { defineCall } from '../call.js';
import { pageQueryParams, pageTotalsShape } from '../paging.js';
import { loginResponseSchema } from './session.js';
import { withdrawalSchema } from './withdrawals.js';

export const operatorRoles = ['admin', 'finance', 'support'] as const;

export const adminLoginCall = defineCall({
  ...adminRoutes.adminLogin,
  summary: "An operator's login (separate from members); answers an operator session token",
  tags: ['admin'],
  secret: true,
  body: z.object({
    username: z.string().trim().min(1).max(40),
    password: z.string().min(1).max(255),
  }),
  value: loginResponseSchema.pick({ token: true }).extend({ role: z.enum(operatorRoles) }),
});

export const adminWithdrawalSchema = withdrawalSchema.extend({ memberAccount: z.string() });

/** Most withdrawals one page of the operator's list may hold. */
export const ADMIN_WITHDRAWAL_PAGE_SIZE_MAX = 100;
export const ADMIN_WITHDRAWAL_PAGE_SIZE_DEFAULT = 20;

export const adminWithdrawalsCall = defineCall({
  ...adminRoutes.adminWithdrawals,
  summary: 'Withdrawals of the merchant, oldest first, by status, a page at a time',
  tags: ['admin'],
  query: z.object({
    status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
    ...pageQueryParams({
      defaultPageSize: ADMIN_WITHDRAWAL_PAGE_SIZE_DEFAULT,
      maxPageSize: ADMIN_WITHDRAWAL_PAGE_SIZE_MAX,
    }),
  }),
  value: z.object({ list: z.array(adminWithdrawalSchema), ...pageTotalsShape }),
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
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});

/** Most audit entries one page of the log may hold. */
export const AUDIT_LOG_PAGE_SIZE_MAX = 100;
export const AUDIT_LOG_PAGE_SIZE_DEFAULT = 20;

export const adminAuditLogCall = defineCall({
  ...adminRoutes.adminAuditLog,
  summary: "The merchant's audit log, newest first",
  tags: ['admin'],
  query: z.object(
    pageQueryParams({
      defaultPageSize: AUDIT_LOG_PAGE_SIZE_DEFAULT,
      maxPageSize: AUDIT_LOG_PAGE_SIZE_MAX,
    }),
  ),
  value: z.object({ list: z.array(auditEntrySchema), ...pageTotalsShape }),
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
  summary: 'Withdrawals the player said they did not receive, oldest first, by case status',
  tags: ['admin'],
  query: z.object({ status: z.enum(['open', 'resolved']).default('open') }),
  value: z.array(withdrawalCaseSchema),
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
