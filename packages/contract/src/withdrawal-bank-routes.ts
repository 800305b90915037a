import type { Route } from './routes.js';

/**
 * The merchant's bank list for withdrawals (issue 22). Kept out of `routes`, which the player
 * site's first screen carries whole: only the lazy withdrawal form needs this path.
 */
export const withdrawalBankRoutes = {
  withdrawalBanks: { method: 'GET', path: '/wps/member/bank-accounts/banks', auth: true },
} as const satisfies Record<string, Route>;
