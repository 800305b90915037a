import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { defineCall } from '../call.js';
import { operatorRoles } from '../operator-roles.js';
import { OPERATOR_PASSWORD_MIN_LENGTH } from './admin-console.js';

/** Most platform operators the list shows: a platform team, never thousands. */
export const PLATFORM_OPERATORS_LIST_MAX = 200;

export const platformOperatorRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(operatorRoles),
  /** The merchant the operator belongs to and signs in at. */
  homeMerchantCode: z.string(),
  locked: z.boolean(),
  totpEnrolled: z.boolean(),
  lastLoginAtMs: z.number().int().nullable(),
});
export type PlatformOperatorRow = z.infer<typeof platformOperatorRowSchema>;

export const adminPlatformOperatorsCall = defineCall({
  ...adminRoutes.adminPlatformOperators,
  summary:
    'Every platform operator, by home merchant and username (platform admins only; anyone else gets 404)',
  tags: ['admin'],
  value: z.object({ list: z.array(platformOperatorRowSchema) }),
});

export const adminCreatePlatformOperatorCall = defineCall({
  ...adminRoutes.adminCreatePlatformOperator,
  summary:
    "Adds a platform operator at the acting admin's home merchant; they sign in there with this password and must enrol TOTP first (platform admins only, audited)",
  tags: ['admin'],
  secret: true,
  body: z.object({
    username: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9_.-]{3,40}$/),
    password: z.string().min(OPERATOR_PASSWORD_MIN_LENGTH).max(255),
    role: z.enum(operatorRoles),
  }),
  value: platformOperatorRowSchema,
});

export const adminLockPlatformOperatorCall = defineCall({
  ...adminRoutes.adminLockPlatformOperator,
  summary:
    'Locks a platform operator (their sessions end, sign-in is refused) or unlocks them; never oneself (platform admins only, audited)',
  tags: ['admin'],
  body: z.object({
    operatorId: z.number().int().positive(),
    locked: z.boolean(),
  }),
  value: platformOperatorRowSchema,
});
