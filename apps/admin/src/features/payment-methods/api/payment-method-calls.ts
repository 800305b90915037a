import {
  type AdminPaymentMethod,
  adminPaymentMethodsCall,
  adminUpdatePaymentMethodCall,
  type CallBody,
} from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../../lib/api-client';

export type { AdminPaymentMethod };

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
