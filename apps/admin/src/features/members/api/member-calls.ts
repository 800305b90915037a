import {
  adminAddMemberNoteCall,
  adminAdjustBalanceCall,
  adminApproveAdjustmentCall,
  adminCreateMemberLabelCall,
  adminLockMemberCall,
  adminMemberCall,
  adminMemberGameRecordsCall,
  adminMemberLabelsCall,
  adminMemberLoginsCall,
  adminMemberLotteryBetsCall,
  adminMemberNotesCall,
  adminMemberStatementCall,
  adminMembersCall,
  adminPendingAdjustmentsCall,
  adminRejectAdjustmentCall,
  adminResetMemberPasswordCall,
  adminSetMemberLabelCall,
  type CallQuery,
  type CallValue,
} from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../../lib/api-client';

export type MemberSearch = Omit<NonNullable<CallQuery<typeof adminMembersCall>>, 'afterId'>;
export type MemberRow = CallValue<typeof adminMembersCall>['list'][number];
export type MemberProfile = CallValue<typeof adminMemberCall>;
export type PendingAdjustment = CallValue<typeof adminPendingAdjustmentsCall>['list'][number];

const MEMBERS_KEY = 'members';
const PENDING_KEY = 'pending-adjustments';

/**
 * The DataTable's source of a member search: keyset paged, the cursor is the reply's
 * `nextAfterId`.
 */
export function memberSearchPages(search: MemberSearch) {
  return {
    queryKey: [MEMBERS_KEY, 'search', search] as const,
    fetchPage: async (cursor: string | undefined, signal: AbortSignal) => {
      const page = await callAdmin(adminMembersCall, {
        query: { ...search, afterId: cursor },
        signal,
      });
      return { items: page.list, nextCursor: page.nextAfterId };
    },
  };
}

export function useMemberProfile(memberId: string) {
  return useQuery({
    queryKey: [MEMBERS_KEY, 'profile', memberId],
    queryFn: ({ signal }) => callAdmin(adminMemberCall, { query: { memberId }, signal }),
  });
}

export function useMemberStatement(memberId: string, pageNo: number) {
  return useQuery({
    queryKey: [MEMBERS_KEY, 'statement', memberId, pageNo],
    queryFn: ({ signal }) =>
      callAdmin(adminMemberStatementCall, { query: { memberId, pageNo }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMemberGameRecords(memberId: string, pageNo: number) {
  return useQuery({
    queryKey: [MEMBERS_KEY, 'games', memberId, pageNo],
    queryFn: ({ signal }) =>
      callAdmin(adminMemberGameRecordsCall, { query: { memberId, pageNo }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMemberLotteryBets(memberId: string, pageNo: number) {
  return useQuery({
    queryKey: [MEMBERS_KEY, 'lottery', memberId, pageNo],
    queryFn: ({ signal }) =>
      callAdmin(adminMemberLotteryBetsCall, { query: { memberId, pageNo }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMemberLogins(memberId: string, afterId: string | undefined) {
  return useQuery({
    queryKey: [MEMBERS_KEY, 'logins', memberId, afterId],
    queryFn: ({ signal }) =>
      callAdmin(adminMemberLoginsCall, { query: { memberId, afterId }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMemberNotes(memberId: string, afterId: string | undefined) {
  return useQuery({
    queryKey: [MEMBERS_KEY, 'notes', memberId, afterId],
    queryFn: ({ signal }) =>
      callAdmin(adminMemberNotesCall, { query: { memberId, afterId }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMemberLabels() {
  return useQuery({
    queryKey: [MEMBERS_KEY, 'labels'],
    queryFn: ({ signal }) => callAdmin(adminMemberLabelsCall, { signal }),
  });
}

export function usePendingAdjustments(afterId: string | undefined) {
  return useQuery({
    queryKey: [PENDING_KEY, afterId],
    queryFn: ({ signal }) => callAdmin(adminPendingAdjustmentsCall, { query: { afterId }, signal }),
  });
}

/** After any change on a member, what the pages show of members and adjustments is stale. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [MEMBERS_KEY] });
    void queryClient.invalidateQueries({ queryKey: [PENDING_KEY] });
  };
}

export function useAddNote(memberId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: string) => callAdmin(adminAddMemberNoteCall, { body: { memberId, body } }),
    onSuccess: refresh,
  });
}

export function useSetLocked(memberId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { locked: boolean; reason: string }) =>
      callAdmin(adminLockMemberCall, { body: { memberId, ...input } }),
    onSuccess: refresh,
  });
}

export function useResetPassword(memberId: string) {
  return useMutation({
    mutationFn: () => callAdmin(adminResetMemberPasswordCall, { body: { memberId } }),
  });
}

export function useCreateLabel() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (name: string) => callAdmin(adminCreateMemberLabelCall, { body: { name } }),
    onSuccess: refresh,
  });
}

export function useSetLabel(memberId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { labelId: string; present: boolean }) =>
      callAdmin(adminSetMemberLabelCall, { body: { memberId, ...input } }),
    onSuccess: refresh,
  });
}

export function useAdjust() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: {
      account: string;
      amount: number;
      reason: string;
      idempotencyKey: string;
    }) =>
      callAdmin(adminAdjustBalanceCall, {
        body: { account: input.account, amount: input.amount, reason: input.reason },
        idempotencyKey: input.idempotencyKey,
      }),
    onSuccess: refresh,
  });
}

export function useDecideAdjustment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { requestId: string; approve: boolean; reason?: string }) =>
      input.approve
        ? callAdmin(adminApproveAdjustmentCall, { body: { requestId: input.requestId } })
        : callAdmin(adminRejectAdjustmentCall, {
            body: { requestId: input.requestId, reason: input.reason ?? '' },
          }),
    onSuccess: refresh,
  });
}
