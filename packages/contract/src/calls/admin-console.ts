import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { defineCall } from '../call.js';
import { operatorRoles } from '../operator-roles.js';
import { consoleSessionSchema, totpCodeSchema } from './admin.js';

export const adminSessionCall = defineCall({
  ...adminRoutes.adminSession,
  summary: "The signed-in operator's console session (401 SESSION_REQUIRED when there is none)",
  tags: ['admin'],
  value: consoleSessionSchema,
});

export const adminLogoutCall = defineCall({
  ...adminRoutes.adminLogout,
  summary: 'Signs the operator out: the session is revoked and its cookie cleared',
  tags: ['admin'],
  value: z.object({}),
});

export const adminTotpStartCall = defineCall({
  ...adminRoutes.adminTotpStart,
  summary:
    'Starts TOTP enrolment (RFC 6238, SHA-1, 30 s, 6 digits): a new secret to scan (QR as SVG) or type; nothing changes until it is confirmed with a code',
  tags: ['admin'],
  secret: true,
  value: z.object({ otpauthUri: z.string(), qrSvg: z.string(), secretBase32: z.string() }),
});

export const adminTotpConfirmCall = defineCall({
  ...adminRoutes.adminTotpConfirm,
  summary:
    'Confirms TOTP enrolment with a code from the app: the operator is enrolled and gets 10 one-use recovery codes, shown this once',
  tags: ['admin'],
  secret: true,
  body: z.object({ code: totpCodeSchema }),
  value: z.object({ recoveryCodes: z.array(z.string()) }),
});

/** Addresses (IPv4/IPv6, or CIDR blocks) an operator may sign in from; empty means any. */
export const OPERATOR_ALLOWED_IPS_MAX = 20;
const allowedIpsSchema = z.array(z.string().trim().min(2).max(49)).max(OPERATOR_ALLOWED_IPS_MAX);

export const operatorRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(operatorRoles),
  disabled: z.boolean(),
  totpEnrolled: z.boolean(),
  lastLoginAtMs: z.number().int().nullable(),
  allowedIps: z.array(z.string()),
});
export type OperatorRow = z.infer<typeof operatorRowSchema>;

export const adminOperatorsCall = defineCall({
  ...adminRoutes.adminOperators,
  summary: "The merchant's operators, by username",
  tags: ['admin'],
  value: z.object({ list: z.array(operatorRowSchema) }),
});

/** Shortest operator password (operators guard money: longer than a member's minimum). */
export const OPERATOR_PASSWORD_MIN_LENGTH = 10;

export const adminCreateOperatorCall = defineCall({
  ...adminRoutes.adminCreateOperator,
  summary: 'Adds an operator; they sign in with this password and must enrol TOTP first',
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
    allowedIps: allowedIpsSchema.optional(),
  }),
  value: operatorRowSchema,
});

export const adminUpdateOperatorCall = defineCall({
  ...adminRoutes.adminUpdateOperator,
  summary:
    "Changes an operator's role, disables or enables them (their sessions end), resets their TOTP (they enrol again at next sign-in) or sets their allowed addresses. Not on oneself.",
  tags: ['admin'],
  body: z.object({
    operatorId: z.number().int().positive(),
    role: z.enum(operatorRoles).optional(),
    disabled: z.boolean().optional(),
    resetTotp: z.literal(true).optional(),
    allowedIps: allowedIpsSchema.optional(),
  }),
  value: operatorRowSchema,
});

/** Longest period the dashboard sums over. */
export const DASHBOARD_RANGE_MAX_MS = 366 * 24 * 60 * 60 * 1000;

/** Amounts in major units (at most two decimals), in the merchant's currency. */
const dashboardMoney = {
  bets: z.number(),
  wins: z.number(),
  /** Bets minus wins. */
  ggr: z.number(),
};

export const adminDashboardCall = defineCall({
  ...adminRoutes.adminDashboard,
  summary:
    "The merchant's figures over [fromMs, toMs): deposits, withdrawals, bets, wins, GGR (bets - wins), NGR (GGR - bonuses), new and active players, per game category; and the pending queues now",
  tags: ['admin'],
  query: z.object({
    fromMs: z.coerce.number().int().nonnegative(),
    toMs: z.coerce.number().int().positive(),
  }),
  value: z.object({
    currency: z.string(),
    totals: z.object({
      deposits: z.number(),
      withdrawals: z.number(),
      ...dashboardMoney,
      /** Bonuses granted (0 until promotions exist). */
      bonuses: z.number(),
      /** GGR minus bonuses. */
      ngr: z.number(),
      newPlayers: z.number().int(),
      /** Members who placed at least one bet in the period. */
      activePlayers: z.number().int(),
    }),
    categories: z.array(
      z.object({ category: z.string(), ...dashboardMoney, betCount: z.number().int() }),
    ),
    pending: z.object({
      deposits: z.number().int(),
      withdrawals: z.number().int(),
      withdrawalCases: z.number().int(),
    }),
  }),
});
