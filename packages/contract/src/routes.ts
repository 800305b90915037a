import type { HttpMethod } from './call.js';

export interface Route {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: boolean;
}

/**
 * Where every call lives, without its schemas: clients that only send requests import this
 * (and the types of `call-types.ts`), not zod. The call definitions spread these.
 */
export const routes = {
  systemStatus: { method: 'GET', path: '/wps/system/status', auth: false },
  whiteLabel: { method: 'GET', path: '/wps/system/whitelabel', auth: false },
  registerSettings: { method: 'GET', path: '/wps/system/setting/register', auth: false },
  login: { method: 'POST', path: '/wps/session/login', auth: false },
  logout: { method: 'POST', path: '/wps/session/logout', auth: true },
  freePlayLogin: { method: 'POST', path: '/wps/session/login/freeplay', auth: false },
  rememberedLogin: { method: 'POST', path: '/wps/session/login/remembered', auth: false },
  forgetRemembered: { method: 'POST', path: '/wps/session/login/remembered/forget', auth: false },
  memberIcon: { method: 'GET', path: '/wps/member/info/icon', auth: true },
  socialProviders: { method: 'GET', path: '/wps/session/social/providers', auth: false },
  socialExchange: { method: 'POST', path: '/wps/session/social/exchange', auth: false },
  register: { method: 'PUT', path: '/wps/member/register', auth: false },
  memberInfo: { method: 'GET', path: '/wps/member/info', auth: true },
  changePassword: { method: 'POST', path: '/wps/member/password', auth: true },
  captcha: { method: 'GET', path: '/wps/captcha', auth: false },
  sliderPuzzle: { method: 'GET', path: '/wps/verification/slider', auth: false },
  sliderVerify: { method: 'POST', path: '/wps/verification/slider', auth: false },
  smsRegister: { method: 'POST', path: '/wps/verification/sms/register', auth: false },
  smsNoLogin: { method: 'POST', path: '/wps/verification/sms/noLogin', auth: false },
  registerMobile: { method: 'PUT', path: '/wps/member/register/mobile', auth: false },
  affiliateCheck: { method: 'GET', path: '/wps/agent/affiliate', auth: false },
  agentOverview: { method: 'GET', path: '/wps/agent/overview', auth: true },
  resetPasswordByPhone: { method: 'POST', path: '/wps/member/password/verification', auth: false },
  forgotPasswordByEmail: { method: 'POST', path: '/wps/member/password/email', auth: false },
  resetPasswordByEmail: { method: 'POST', path: '/wps/member/password/reset', auth: false },
  balance: { method: 'GET', path: '/wps/v2/wallets/balance', auth: true },
  consolidatedFunds: { method: 'GET', path: '/wps/member/info/funds/consolidated', auth: true },
  merchantWallet: { method: 'GET', path: '/wps/relay/GCS_merchantWallet', auth: true },
  walletTransfer: { method: 'POST', path: '/wps/relay/GCS_walletTransfer', auth: true },
  transactions: { method: 'GET', path: '/wps/member/transactions', auth: true },
  bonusDetails: { method: 'GET', path: '/wps/member/bonus-details', auth: true },
  paymentMethods: { method: 'GET', path: '/wps/payments/methods', auth: true },
  createDeposit: { method: 'POST', path: '/wps/payments/deposits', auth: true },
  deposit: { method: 'GET', path: '/wps/payments/deposit', auth: true },
  announcements: { method: 'GET', path: '/wps/relay/MCSFE_getListAnnouncements', auth: false },
  helpCenter: { method: 'GET', path: '/wps/system/helpCenter', auth: false },
  banners: { method: 'GET', path: '/wps/system/banners', auth: false },
  feedback: { method: 'PUT', path: '/wps/feedback', auth: true },
  bankAccounts: { method: 'GET', path: '/wps/member/bank-accounts', auth: true },
  addBankAccount: { method: 'POST', path: '/wps/member/bank-accounts', auth: true },
  setPaymentPassword: { method: 'POST', path: '/wps/member/password/payment', auth: true },
  createWithdrawal: { method: 'POST', path: '/wps/payments/withdrawals', auth: true },
  withdrawals: { method: 'GET', path: '/wps/payments/withdrawals', auth: true },
  sendWithdrawalCode: {
    method: 'POST',
    path: '/wps/payments/withdrawals/verification/send',
    auth: true,
  },
  confirmWithdrawal: { method: 'POST', path: '/wps/payments/withdrawals/confirm', auth: true },
  adminLogin: { method: 'POST', path: '/admin/session/login', auth: false },
  adminWithdrawals: { method: 'GET', path: '/admin/withdrawals', auth: true },
  adminApproveWithdrawal: { method: 'POST', path: '/admin/withdrawals/approve', auth: true },
  adminRejectWithdrawal: { method: 'POST', path: '/admin/withdrawals/reject', auth: true },
  adminAuditLog: { method: 'GET', path: '/admin/audit-log', auth: true },
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
  transferUplineInfo: { method: 'GET', path: '/wps/member/transfer/upline', auth: true },
  transferUpline: { method: 'POST', path: '/wps/member/transfer/upline', auth: true },
  transferDownline: { method: 'POST', path: '/wps/agent/transfer/downline', auth: true },
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof routes;
