import type { Route } from './routes.js';

/**
 * The operator API's routes (`/admin/...`). They live apart from `routes.ts` because the player
 * site never calls them: the web bundle imports `routes` and should not carry these paths.
 */
export const adminRoutes = {
  adminLogin: { method: 'POST', path: '/admin/session/login', auth: false },
  adminSession: { method: 'GET', path: '/admin/session', auth: true },
  adminLogout: { method: 'POST', path: '/admin/session/logout', auth: true },
  adminTotpStart: { method: 'POST', path: '/admin/session/totp/start', auth: true },
  adminTotpConfirm: { method: 'POST', path: '/admin/session/totp/confirm', auth: true },
  adminWithdrawals: { method: 'GET', path: '/admin/withdrawals', auth: true },
  adminApproveWithdrawal: { method: 'POST', path: '/admin/withdrawals/approve', auth: true },
  adminRejectWithdrawal: { method: 'POST', path: '/admin/withdrawals/reject', auth: true },
  adminAuditLog: { method: 'GET', path: '/admin/audit-log', auth: true },
  adminAuditVerify: { method: 'GET', path: '/admin/audit-log/verify', auth: true },
  adminWithdrawalCases: { method: 'GET', path: '/admin/withdrawal-cases', auth: true },
  adminResolveWithdrawalCase: {
    method: 'POST',
    path: '/admin/withdrawal-cases/resolve',
    auth: true,
  },
  adminDeposits: { method: 'GET', path: '/admin/deposits', auth: true },
  adminApproveDeposit: { method: 'POST', path: '/admin/deposits/approve', auth: true },
  adminRejectDeposit: { method: 'POST', path: '/admin/deposits/reject', auth: true },
  adminAdjustBalance: { method: 'POST', path: '/admin/members/adjust-balance', auth: true },
  adminLotteryDraws: { method: 'GET', path: '/admin/lottery/draws', auth: true },
  adminLotteryEnterResult: { method: 'POST', path: '/admin/lottery/draws/result', auth: true },
  adminLotteryConfirmResult: { method: 'POST', path: '/admin/lottery/draws/confirm', auth: true },
  adminLotteryVoidDraw: { method: 'POST', path: '/admin/lottery/draws/void', auth: true },
  adminOperators: { method: 'GET', path: '/admin/operators', auth: true },
  adminCreateOperator: { method: 'POST', path: '/admin/operators', auth: true },
  adminUpdateOperator: { method: 'POST', path: '/admin/operators/update', auth: true },
  adminDashboard: { method: 'GET', path: '/admin/dashboard', auth: true },
  adminSettings: { method: 'GET', path: '/admin/settings', auth: true },
  adminUpdateWhiteLabel: { method: 'POST', path: '/admin/settings/white-label', auth: true },
  adminUpdateRegisterSettings: {
    method: 'POST',
    path: '/admin/settings/registration',
    auth: true,
  },
  adminUpdateLanguages: { method: 'POST', path: '/admin/settings/languages', auth: true },
  adminUpdateSiteAccess: { method: 'POST', path: '/admin/settings/site-access', auth: true },
  adminUpdateBuiltinGames: { method: 'POST', path: '/admin/settings/builtin-games', auth: true },
} as const satisfies Record<string, Route>;
