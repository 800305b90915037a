import type { Route } from './routes.js';

/**
 * The security centre's calls (issue 21). Kept out of `routes`, which the player site's first
 * screen carries whole: only the security centre's lazy page needs these paths.
 */
export const securityRoutes = {
  securityProfile: { method: 'GET', path: '/wps/member/security', auth: true },
  securityEmailCode: { method: 'POST', path: '/wps/member/security/email/code', auth: true },
  securityBindEmail: { method: 'POST', path: '/wps/member/security/email', auth: true },
  securityMobileCode: { method: 'POST', path: '/wps/member/security/mobile/code', auth: true },
  securityBindMobile: { method: 'POST', path: '/wps/member/security/mobile', auth: true },
  securityPaymentPasswordCode: {
    method: 'POST',
    path: '/wps/member/security/payment-password/code',
    auth: true,
  },
  securityPaymentPassword: {
    method: 'POST',
    path: '/wps/member/security/payment-password',
    auth: true,
  },
  securityLogins: { method: 'GET', path: '/wps/member/security/logins', auth: true },
  securitySessions: { method: 'GET', path: '/wps/member/security/sessions', auth: true },
  securitySignOutSession: {
    method: 'POST',
    path: '/wps/member/security/sessions/sign-out',
    auth: true,
  },
  securitySignOutOthers: {
    method: 'POST',
    path: '/wps/member/security/sessions/sign-out-others',
    auth: true,
  },
  updateLanguage: { method: 'POST', path: '/wps/member/language', auth: true },
} as const satisfies Record<string, Route>;
