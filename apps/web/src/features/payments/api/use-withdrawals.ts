import { type RouteBody, securityRoutes, withdrawalBankRoutes } from '@app/contract/client';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const withdrawalsKey = ['payments', 'withdrawals'] as const;
export const bankAccountsKey = ['payments', 'bank-accounts'] as const;

/** The member's recent withdrawals; asked again on every mount (an operator may have answered). */
export function useWithdrawals(enabled: boolean) {
  return useQuery({
    queryKey: withdrawalsKey,
    queryFn: ({ signal }) => callApi('withdrawals', { signal }),
    enabled,
    refetchOnMount: 'always',
    meta: { private: true },
  });
}

export function useBankAccounts() {
  return useQuery({
    queryKey: bankAccountsKey,
    queryFn: ({ signal }) => callApi('bankAccounts', { signal }),
    meta: { private: true },
  });
}

export function addBankAccount(body: RouteBody<'addBankAccount'>) {
  return callApi('addBankAccount', { body });
}

export function savePaymentPassword(body: RouteBody<'setPaymentPassword'>) {
  return callApi('setPaymentPassword', { body });
}

/** The code a withdrawal to a new address asks for, sent by SMS or e-mail. */
export function sendWithdrawalCode() {
  return callApi('sendWithdrawalCode', {});
}

/** One Idempotency-Key per intended withdrawal, so a retry holds the money once. */
export function createWithdrawal(body: RouteBody<'createWithdrawal'>, idempotencyKey: string) {
  return callApi('createWithdrawal', { body, idempotencyKey });
}

/** The member's answer to an approved withdrawal: received or not. */
export function confirmWithdrawal(body: RouteBody<'confirmWithdrawal'>) {
  return callApi('confirmWithdrawal', { body });
}

/** The merchant's banks a member may bind; empty: any bank name (lazy route, off the first screen). */
export function useWithdrawalBanks() {
  return useQuery({
    queryKey: ['payments', 'withdrawal-banks'],
    queryFn: ({ signal }) =>
      callApi('withdrawalBanks', { signal }, withdrawalBankRoutes.withdrawalBanks),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { private: true },
  });
}

/** The security centre's profile query (same key): whether a payment password is set. */
export function usePaymentPasswordSet() {
  return useQuery({
    queryKey: ['security-centre', 'profile'],
    queryFn: ({ signal }) => callApi('securityProfile', { signal }, securityRoutes.securityProfile),
    meta: { private: true },
    select: (profile) => profile.paymentPasswordSet,
  });
}
