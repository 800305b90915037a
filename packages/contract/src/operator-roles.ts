import type { adminRoutes } from './admin-routes.js';

/**
 * Operator roles and what each may do. The server checks every admin call against
 * `adminRoutePermissions`; the console reads the same tables to hide what a role cannot do.
 * This file has no zod, so the console can import it on its first screen.
 */
export const operatorRoles = [
  'admin',
  'finance',
  'content',
  'support',
  'risk',
  'read-only',
] as const;
export type OperatorRole = (typeof operatorRoles)[number];

const everyRole = operatorRoles;
const readers = ['admin', 'finance', 'support', 'risk', 'read-only'] as const;

/** Which roles hold each permission (`area:action`). */
export const operatorPermissions = {
  'dashboard:read': everyRole,
  'withdrawals:read': readers,
  'withdrawals:decide': ['admin', 'finance'],
  'withdrawal-cases:resolve': ['admin', 'finance', 'support'],
  'deposits:read': readers,
  'deposits:decide': ['admin', 'finance'],
  'payments:edit': ['admin', 'finance'],
  'members:read': readers,
  'members:lock': ['admin', 'support', 'risk'],
  'members:notes': ['admin', 'finance', 'support', 'risk'],
  'members:labels': ['admin', 'support', 'risk'],
  'members:reset-password': ['admin', 'support'],
  'members:adjust': ['admin', 'finance'],
  'members:approve-adjustment': ['admin', 'finance'],
  'content:read': everyRole,
  'content:edit': ['admin', 'content'],
  'settings:read': ['admin', 'content', 'support', 'risk', 'read-only'],
  'settings:edit': ['admin'],
  'games:read': everyRole,
  'games:edit': ['admin', 'content'],
  'lottery:read': everyRole,
  'lottery:results': ['admin', 'content'],
  'lottery:void': ['admin'],
  'lottery:configure': ['admin'],
  'operators:manage': ['admin'],
  'audit:read': ['admin', 'risk'],
  'messages:read': everyRole,
  'messages:send': ['admin', 'content', 'support'],
  'chat:read': everyRole,
  'chat:moderate': ['admin', 'content', 'support'],
  'chat:configure': ['admin'],
  'promotions:read': everyRole,
  'promotions:edit': ['admin', 'content'],
  'promotions:review': ['admin', 'finance', 'support'],
  'bonuses:read': readers,
  'bonuses:grant': ['admin', 'finance'],
  // Content operators run the point mall's catalogue, rules and ranks (marketing), so they read it.
  'loyalty:read': [...readers, 'content'],
  'loyalty:configure': ['admin', 'content'],
  'loyalty:decide': ['admin', 'finance', 'support'],
  'missions:read': everyRole,
  'missions:edit': ['admin', 'finance'],
  'referrals:edit': ['admin', 'finance'],
  'members:move-upline': ['admin', 'risk'],
  'agents:read': readers,
  'agents:manage': ['admin', 'finance'],
  // Held by admins; the server also requires a platform operator (a merchant admin gets 404).
  'platform-operators:manage': ['admin'],
  // Field speed figures (Web Vitals) hold no member data: every role may read them.
  'reports:read': everyRole,
} as const satisfies Record<string, readonly OperatorRole[]>;

export type Permission = keyof typeof operatorPermissions;
export const permissionNames = Object.keys(operatorPermissions) as Permission[];

export function roleAllows(role: OperatorRole, permission: Permission): boolean {
  return (operatorPermissions[permission] as readonly OperatorRole[]).includes(role);
}

/** Every permission `role` holds, in the matrix's order. */
export function permissionsOf(role: OperatorRole): Permission[] {
  return permissionNames.filter((permission) => roleAllows(role, permission));
}

/**
 * What an admin route needs: `public` (no session: the login), `session` (any signed-in
 * operator, even one who has not enrolled TOTP yet: session, TOTP enrolment, logout), or a
 * permission (a signed-in operator with TOTP enrolled whose role holds it).
 */
export type AdminRouteAccess = 'public' | 'session' | Permission;

export const adminRoutePermissions = {
  adminLogin: 'public',
  adminSession: 'session',
  adminLogout: 'session',
  adminTotpStart: 'session',
  adminTotpConfirm: 'session',
  adminWithdrawals: 'withdrawals:read',
  adminApproveWithdrawal: 'withdrawals:decide',
  adminRejectWithdrawal: 'withdrawals:decide',
  adminAuditLog: 'audit:read',
  adminAuditVerify: 'audit:read',
  adminWithdrawalCases: 'withdrawals:read',
  adminResolveWithdrawalCase: 'withdrawal-cases:resolve',
  adminDeposits: 'deposits:read',
  adminApproveDeposit: 'deposits:decide',
  adminRejectDeposit: 'deposits:decide',
  adminAdjustBalance: 'members:adjust',
  adminLotteryDraws: 'lottery:read',
  adminLotteryEnterResult: 'lottery:results',
  adminLotteryConfirmResult: 'lottery:results',
  adminLotteryVoidDraw: 'lottery:void',
  adminLotteryGames: 'lottery:read',
  adminLotteryConfigureGame: 'lottery:configure',
  adminOperators: 'operators:manage',
  adminCreateOperator: 'operators:manage',
  adminUpdateOperator: 'operators:manage',
  adminDashboard: 'dashboard:read',
  adminContentBanners: 'content:read',
  adminContentSaveBanner: 'content:edit',
  adminContentUploadImage: 'content:edit',
  adminContentAnnouncements: 'content:read',
  adminContentSaveAnnouncement: 'content:edit',
  adminContentHelpArticles: 'content:read',
  adminContentSaveHelpArticle: 'content:edit',
  adminContentSetEnabled: 'content:edit',
  adminContentReorder: 'content:edit',
  adminContentDelete: 'content:edit',
  adminSiteLinks: 'content:read',
  adminSaveSiteLinks: 'content:edit',
  adminSettings: 'settings:read',
  adminUpdateWhiteLabel: 'settings:edit',
  adminUpdateRegisterSettings: 'settings:edit',
  adminUpdateLanguages: 'settings:edit',
  adminUpdateSiteAccess: 'settings:edit',
  adminUpdateBuiltinGames: 'settings:edit',
  adminMembers: 'members:read',
  adminMember: 'members:read',
  adminMemberStatement: 'members:read',
  adminMemberGameRecords: 'members:read',
  adminMemberLotteryBets: 'members:read',
  adminMemberLogins: 'members:read',
  adminMemberNotes: 'members:read',
  adminAddMemberNote: 'members:notes',
  adminLockMember: 'members:lock',
  adminResetMemberPassword: 'members:reset-password',
  adminMemberLabels: 'members:read',
  adminCreateMemberLabel: 'members:labels',
  adminSetMemberLabel: 'members:labels',
  adminPendingAdjustments: 'members:read',
  adminApproveAdjustment: 'members:approve-adjustment',
  adminRejectAdjustment: 'members:approve-adjustment',
  adminGameVendors: 'games:read',
  adminGames: 'games:read',
  adminUpdateGameVendor: 'games:edit',
  adminUpdateGame: 'games:edit',
  adminPaymentMethods: 'deposits:read',
  adminUpdatePaymentMethod: 'payments:edit',
  adminSendMessage: 'messages:send',
  adminSentMessages: 'messages:read',
  adminWithdrawMessage: 'messages:send',
  adminChatMessages: 'chat:read',
  adminChatDeleteMessage: 'chat:moderate',
  adminChatPost: 'chat:moderate',
  adminChatMute: 'chat:moderate',
  adminChatRoom: 'chat:read',
  adminUpdateChatRoom: 'chat:configure',
  adminPromotions: 'promotions:read',
  adminSavePromotion: 'promotions:edit',
  adminSetPromotionState: 'promotions:edit',
  adminPromotionReport: 'promotions:read',
  adminPromotionApplications: 'promotions:read',
  adminPromotionApplicationImage: 'promotions:read',
  adminDecideApplication: 'promotions:review',
  adminBonuses: 'bonuses:read',
  adminGrantBonus: 'bonuses:grant',
  adminPointRules: 'loyalty:read',
  adminSavePointRules: 'loyalty:configure',
  adminPointRewards: 'loyalty:read',
  adminSavePointReward: 'loyalty:configure',
  adminPointRedemptions: 'loyalty:read',
  adminApprovePointRedemption: 'loyalty:decide',
  adminRejectPointRedemption: 'loyalty:decide',
  adminVipRanks: 'loyalty:read',
  adminSaveVipRanks: 'loyalty:configure',
  adminMissions: 'missions:read',
  adminSaveMission: 'missions:edit',
  adminSetMissionStatus: 'missions:edit',
  adminReferralRule: 'missions:read',
  adminSaveReferralRule: 'referrals:edit',
  adminMoveMemberUpline: 'members:move-upline',
  adminSessionMerchants: 'session',
  adminSwitchMerchant: 'session',
  adminAdjustmentSettings: 'settings:edit',
  adminSaveAdjustmentSettings: 'settings:edit',
  adminForfeitBonus: 'bonuses:grant',
  adminUploadGameIcon: 'games:edit',
  adminCreateGame: 'games:edit',
  adminPvpRooms: 'games:read',
  adminUpdatePvpRoom: 'games:edit',
  adminWithdrawalLimits: 'withdrawals:read',
  adminUpdateWithdrawalLimits: 'payments:edit',
  adminUpdateBankDetails: 'payments:edit',
  adminMemberLabelColours: 'loyalty:read',
  adminSaveMemberLabelColours: 'loyalty:configure',
  adminMemberLoginFailures: 'members:read',
  adminAgents: 'agents:read',
  adminAgentContracts: 'agents:read',
  adminTerminateAgentContract: 'agents:manage',
  adminAgentSettlements: 'agents:read',
  adminRerunAgentSettlement: 'agents:manage',
  adminVoidAgentSettlement: 'agents:manage',
  adminAgentContractTemplates: 'agents:read',
  adminSaveAgentContractTemplate: 'agents:manage',
  adminOverrideAgentContract: 'agents:manage',
  adminAgentContractHistory: 'agents:read',
  adminSetHouseContract: 'agents:manage',
  adminPromotionParticipants: 'promotions:read',
  adminPromotionPreview: 'promotions:edit',
  adminPlatformOperators: 'platform-operators:manage',
  adminCreatePlatformOperator: 'platform-operators:manage',
  adminLockPlatformOperator: 'platform-operators:manage',
  adminWithdrawalBanks: 'withdrawals:read',
  adminAddWithdrawalBank: 'payments:edit',
  adminUpdateWithdrawalBank: 'payments:edit',
  adminWebVitals: 'reports:read',
} as const satisfies Record<keyof typeof adminRoutes, AdminRouteAccess>;

export type AdminRouteName = keyof typeof adminRoutePermissions;

/** Header that carries the session's CSRF token on every non-GET call made with the cookie. */
export const CSRF_HEADER = 'X-CSRF-Token';
/** The operator session cookie (HttpOnly, SameSite=Strict, Path=/admin). */
export const OPERATOR_SESSION_COOKIE = 'operator_session';
/** Idle expiry: each call slides it. */
export const OPERATOR_SESSION_IDLE_MS = 30 * 60 * 1000;
/** Absolute expiry from sign-in, whatever the activity. */
export const OPERATOR_SESSION_ABSOLUTE_MS = 8 * 60 * 60 * 1000;
/** Recovery codes given at TOTP enrolment (each works once). */
export const TOTP_RECOVERY_CODE_COUNT = 10;
