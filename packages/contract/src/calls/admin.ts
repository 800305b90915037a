import { z } from 'zod';
import { defineCall } from '../call.js';
import { routes } from '../routes.js';
import { loginResponseSchema } from './session.js';
import { withdrawalSchema } from './withdrawals.js';

export const operatorRoles = ['admin', 'finance', 'support'] as const;

export const adminLoginCall = defineCall({
  ...routes.adminLogin,
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

export const adminWithdrawalsCall = defineCall({
  ...routes.adminWithdrawals,
  summary: 'Withdrawals of the merchant, oldest first, by status',
  tags: ['admin'],
  query: z.object({ status: z.enum(['pending', 'approved', 'rejected']).default('pending') }),
  value: z.array(adminWithdrawalSchema),
});

export const adminApproveWithdrawalCall = defineCall({
  ...routes.adminApproveWithdrawal,
  summary: 'Approve a pending withdrawal: the held amount is paid out',
  tags: ['admin'],
  body: z.object({ withdrawalId: z.uuid() }),
  value: adminWithdrawalSchema,
});

export const adminRejectWithdrawalCall = defineCall({
  ...routes.adminRejectWithdrawal,
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

export const adminAuditLogCall = defineCall({
  ...routes.adminAuditLog,
  summary: "The merchant's audit log, newest first",
  tags: ['admin'],
  query: z.object({
    pageNo: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  }),
  value: z.object({
    list: z.array(auditEntrySchema),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  }),
});
