import { z } from 'zod';
import { defineCall } from '../call.js';
import { cursorPageOf, cursorPageQuery } from '../cursor-paging.js';
import { routes } from '../routes.js';
import { registerRequestSchema } from './member.js';

/**
 * The agent centre's calls (issue 18, SPEC §2 agent centre). Every call is an agent's
 * (NOT_AGENT for members, TRIAL_ACCOUNT for trial accounts, SESSION_REQUIRED for guests), and
 * every member id it takes must be in the caller's downline: a member of another team and a
 * member that does not exist both answer DOWNLINE_NOT_FOUND.
 */

/** The longest period one report covers, in days (a quarter). */
export const AGENT_REPORT_RANGE_DAYS_MAX = 92;
/** The deepest level a team report breaks down (deeper levels are summed into this one). */
export const AGENT_LEVELS_SHOWN_MAX = 20;
/** Invitation codes one agent may hold. */
export const AGENT_INVITATION_CODES_MAX = 50;

const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const memberIdSchema = z.string().regex(/^[1-9][0-9]{0,18}$/);

/** A period of whole UTC days, both included. */
export const agentPeriodQuery = z.object({ fromDay: daySchema, toDay: daySchema });
export type AgentPeriod = z.infer<typeof agentPeriodQuery>;

/** Sums of play and money of a group of members over a period; amounts in the site's money. */
export const teamFiguresSchema = z.object({
  rounds: z.number().int(),
  betAmount: z.number(),
  validBetAmount: z.number(),
  winAmount: z.number(),
  /** The players' result: wins less bets (negative when the team lost). */
  profitLoss: z.number(),
  depositAmount: z.number(),
  depositCount: z.number().int(),
  withdrawalAmount: z.number(),
  withdrawalCount: z.number().int(),
});
export type TeamFigures = z.infer<typeof teamFiguresSchema>;

export const agentTeamOverviewSchema = z.object({
  account: z.string(),
  currency: z.string(),
  period: agentPeriodQuery,
  downlineTotal: z.number().int(),
  /** Registered since midnight UTC today. */
  newToday: z.number().int(),
  /** Members of the team who played at least one round in the period. */
  activeMembers: z.number().int(),
  levels: z
    .array(
      z.object({ level: z.number().int(), total: z.number().int(), newToday: z.number().int() }),
    )
    .max(AGENT_LEVELS_SHOWN_MAX),
  figures: teamFiguresSchema,
});
export type AgentTeamOverview = z.infer<typeof agentTeamOverviewSchema>;

export const agentTeamOverviewCall = defineCall({
  ...routes.agentTeamOverview,
  summary:
    "Team overview: the agent's downline by level, new today, active members and the period's figures",
  tags: ['agent'],
  query: agentPeriodQuery,
  value: agentTeamOverviewSchema,
});

export const downlineMemberSchema = z.object({
  memberId: z.string(),
  account: z.string(),
  type: z.number().int(),
  status: z.enum(['active', 'locked']),
  /** Levels below the agent: 1 for a direct downline. */
  level: z.number().int(),
  directDownlineCount: z.number().int(),
  balance: z.number(),
  registeredAtMs: z.number(),
  lastLoginAtMs: z.number().nullable(),
});
export type DownlineMember = z.infer<typeof downlineMemberSchema>;

export const agentDownlineQuery = cursorPageQuery.extend({
  /** Only the direct downline of this member (drill down); the agent's own when absent. */
  parentId: memberIdSchema.optional(),
  /** All levels instead of the direct downline of `parentId` (search across the team). */
  allLevels: z.enum(['true', 'false']).optional(),
  level: z.coerce.number().int().min(1).max(1000).optional(),
  account: z.string().trim().min(1).max(64).optional(),
  status: z.enum(['active', 'locked']).optional(),
  /** Registered on or after this UTC day. */
  fromDay: daySchema.optional(),
  /** Registered on or before this UTC day. */
  toDay: daySchema.optional(),
});

export type AgentDownlineQuery = z.output<typeof agentDownlineQuery>;

export const agentDownlineCall = defineCall({
  ...routes.agentDownline,
  summary:
    "Team management: a page of the agent's downline (newest first), with balances; drill down by parentId",
  tags: ['agent'],
  query: agentDownlineQuery,
  value: cursorPageOf(downlineMemberSchema),
});

export const agentSetDownlineTypeCall = defineCall({
  ...routes.agentSetDownlineType,
  summary:
    "Makes a direct downline an agent of the caller's own type, or a member again (only one without a downline of their own); their sessions end",
  tags: ['agent'],
  body: z.object({ memberId: memberIdSchema, type: z.number().int() }),
  value: z.object({ memberId: z.string(), type: z.number().int() }),
});

export const agentRegisterDownlineCall = defineCall({
  ...routes.agentRegisterDownline,
  secret: true,
  summary:
    "registerCenter: the agent creates a downline account under the merchant's field rules (no captcha, SMS or invitation code)",
  tags: ['agent'],
  body: registerRequestSchema.omit({
    captcha: true,
    captchaId: true,
    challengeToken: true,
    verificationCode: true,
    affiliateCode: true,
    login: true,
    termsAccepted: true,
    registerUrl: true,
    registerMethod: true,
  }),
  value: z.object({ memberId: z.string(), account: z.string() }),
});

export const invitationCodeSchema = z.object({
  code: z.string(),
  active: z.boolean(),
  registeredCount: z.number().int(),
});
export type InvitationCode = z.infer<typeof invitationCodeSchema>;

export const agentInvitationCodesCall = defineCall({
  ...routes.agentInvitationCodes,
  summary: "The agent's invitation codes, newest first, with how many members each brought",
  tags: ['agent'],
  value: z.object({ codes: z.array(invitationCodeSchema).max(AGENT_INVITATION_CODES_MAX) }),
});

export const agentSaveInvitationCodeCall = defineCall({
  ...routes.agentSaveInvitationCode,
  summary:
    "Creates an invitation code (a random one when `code` is absent) or switches one of the agent's own on or off",
  tags: ['agent'],
  body: z.object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{4,16}$/)
      .optional(),
    active: z.boolean().default(true),
  }),
  value: invitationCodeSchema,
});

export const teamBettingRowSchema = teamFiguresSchema
  .pick({ rounds: true, betAmount: true, validBetAmount: true, winAmount: true, profitLoss: true })
  .extend({ gameCategory: z.string() });

export const agentTeamBettingCall = defineCall({
  ...routes.agentTeamBetting,
  summary:
    "Team betting by game category over a period: the whole team's, or one downline member's (memberId)",
  tags: ['agent'],
  query: agentPeriodQuery.extend({ memberId: memberIdSchema.optional() }),
  value: z.object({ rows: z.array(teamBettingRowSchema), total: teamBettingRowSchema }),
});

export const memberProfitRowSchema = teamFiguresSchema.extend({
  memberId: z.string(),
  account: z.string(),
  level: z.number().int(),
});
export type MemberProfitRow = z.infer<typeof memberProfitRowSchema>;

export const agentUserProfitQuery = agentDownlineQuery
  .omit({ fromDay: true, toDay: true, status: true })
  .extend(agentPeriodQuery.shape);
export type AgentUserProfitQuery = z.output<typeof agentUserProfitQuery>;

export const agentUserProfitCall = defineCall({
  ...routes.agentUserProfit,
  summary:
    'User profit and loss: a page of downline members (one level under parentId, or the search) with their period figures',
  tags: ['agent'],
  query: agentUserProfitQuery,
  value: cursorPageOf(memberProfitRowSchema),
});

export const downlineTransactionKinds = ['deposit', 'withdrawal', 'transfer'] as const;

export const downlineTransactionSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  account: z.string(),
  kind: z.enum(downlineTransactionKinds),
  /** Positive: into the member's wallet; negative: out of it. */
  amount: z.number(),
  currency: z.string(),
  atMs: z.number(),
});
export type DownlineTransaction = z.infer<typeof downlineTransactionSchema>;

export const agentTransactionsQuery = cursorPageQuery.extend(agentPeriodQuery.shape).extend({
  kind: z.enum(downlineTransactionKinds).optional(),
  memberId: memberIdSchema.optional(),
});
export type AgentTransactionsQuery = z.output<typeof agentTransactionsQuery>;

export const agentDownlineTransactionsCall = defineCall({
  ...routes.agentDownlineTransactions,
  summary:
    "Transaction details of the downline: deposits, withdrawals and transfers of the team's members, newest first",
  tags: ['agent'],
  query: agentTransactionsQuery,
  value: cursorPageOf(downlineTransactionSchema),
});

export const agentInvitationQrCall = defineCall({
  ...routes.agentInvitationQr,
  summary:
    "An invitation code's link (this site's registration page with the code) and its QR code; only the agent's own codes",
  tags: ['agent'],
  query: z.object({ code: z.string().trim().min(1).max(64) }),
  value: z.object({ code: z.string(), link: z.string(), image: z.string() }),
});
