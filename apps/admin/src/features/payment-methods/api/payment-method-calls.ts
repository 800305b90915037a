import {
  type AdminPaymentMethod,
  type AdminWithdrawalBank,
  type AdminWithdrawalLimits,
  adminAddWithdrawalBankCall,
  adminPaymentMethodsCall,
  adminUpdateBankDetailsCall,
  adminUpdatePaymentMethodCall,
  adminUpdateWithdrawalBankCall,
  adminUpdateWithdrawalLimitsCall,
  adminWithdrawalBanksCall,
  adminWithdrawalLimitsCall,
  type CallBody,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../../lib/api-client';

export type { AdminPaymentMethod, AdminWithdrawalBank, AdminWithdrawalLimits };

const METHODS_KEY = 'payment-methods';

/** The DataTable's source of the deposit methods: one page (a merchant has a few). */
export const methodPages = {
  queryKey: [METHODS_KEY] as const,
  fetchPage: async (_cursor: string | undefined, signal: AbortSignal) => ({
    items: (await callAdmin(adminPaymentMethodsCall, { signal })).list,
    nextCursor: null,
  }),
};

export function useUpdatePaymentMethod(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof adminUpdatePaymentMethodCall>) =>
      callAdmin(adminUpdatePaymentMethodCall, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [METHODS_KEY] });
      onDone();
    },
  });
}

const LIMITS_KEY = 'withdrawal-limits';

/** The merchant's withdrawal limits (per request, and per member in 24 hours). */
export function useWithdrawalLimits() {
  return useQuery({
    queryKey: [LIMITS_KEY],
    queryFn: ({ signal }) => callAdmin(adminWithdrawalLimitsCall, { signal }),
  });
}

export function useUpdateWithdrawalLimits(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof adminUpdateWithdrawalLimitsCall>) =>
      callAdmin(adminUpdateWithdrawalLimitsCall, { body }),
    onSuccess: (limits) => {
      queryClient.setQueryData([LIMITS_KEY], limits);
      onDone();
    },
  });
}

export function useUpdateBankDetails(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof adminUpdateBankDetailsCall>) =>
      callAdmin(adminUpdateBankDetailsCall, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [METHODS_KEY] });
      onDone();
    },
  });
}

const BANKS_KEY = 'withdrawal-banks';

/** The DataTable's source of the withdrawal bank list: one page (bounded by WITHDRAWAL_BANKS_MAX). */
export const withdrawalBankPages = {
  queryKey: [BANKS_KEY] as const,
  fetchPage: async (_cursor: string | undefined, signal: AbortSignal) => ({
    items: (await callAdmin(adminWithdrawalBanksCall, { signal })).list,
    nextCursor: null,
  }),
};

/** Adds a bank (`id` absent) or renames, enables or disables one. */
export function useSaveWithdrawalBank(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id?: string; name: string; enabled: boolean }) =>
      body.id === undefined
        ? callAdmin(adminAddWithdrawalBankCall, { body: { name: body.name } })
        : callAdmin(adminUpdateWithdrawalBankCall, { body: { ...body, id: body.id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [BANKS_KEY] });
      onDone();
    },
  });
}
