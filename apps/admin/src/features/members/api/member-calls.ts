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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../../lib/api-client';

export type MemberSearch = Omit<
  NonNullable<CallQuery<typeof adminMembersCall>>,
  'afterId' | 'cursor'
>;
export type MemberRow = CallValue<typeof adminMembersCall>['list'][number];
export type MemberProfile = CallValue<typeof adminMemberCall>;
export type PendingAdjustment = CallValue<typeof adminPendingAdjustmentsCall>['list'][number];

const MEMBERS_KEY = 'members';
const PENDING_KEY = 'pending-adjustments';

/**
 * The DataTable's source of a member search: keyset paged in any of its orders, the cursor is
 * the reply's `nextCursor`.
 */
export function memberSearchPages(search: MemberSearch) {
  return {
    queryKey: [MEMBERS_KEY, 'search', search] as const,
    fetchPage: async (cursor: string | undefined, signal: AbortSignal) => {
      const page = await callAdmin(adminMembersCall, {
        query: { ...search, cursor },
        signal,
      });
      return { items: page.list, nextCursor: page.nextCursor };
    },
  };
}

export function useMemberProfile(memberId: string) {
  return useQuery({
    queryKey: [MEMBERS_KEY, 'profile', memberId],
    queryFn: ({ signal }) => callAdmin(adminMemberCall, { query: { memberId }, signal }),
  });
}

/** The part of a page-numbered reply the table needs. */
interface PageNoReply<T> {
  list: readonly T[];
  totalPages: number;
}

/**
 * A DataTable source over a call paged by number: the cursor is the next page's number as text
 * (these calls count their rows, and a member's own history is small enough to).
 */
function pageNoPages<R extends PageNoReply<unknown>>(
  queryKey: readonly unknown[],
  fetch: (pageNo: number, signal: AbortSignal) => Promise<R>,
) {
  return {
    queryKey,
    fetchPage: async (cursor: string | undefined, signal: AbortSignal) => {
      const pageNo = cursor === undefined ? 1 : Number(cursor);
      const reply = await fetch(pageNo, signal);
      return {
        ...reply,
        items: reply.list as R['list'][number][],
        nextCursor: pageNo < reply.totalPages ? String(pageNo + 1) : null,
      };
    },
  };
}

export function memberStatementPages(memberId: string) {
  return pageNoPages([MEMBERS_KEY, 'statement', memberId], (pageNo, signal) =>
    callAdmin(adminMemberStatementCall, { query: { memberId, pageNo }, signal }),
  );
}

export function memberGameRecordPages(memberId: string) {
  return pageNoPages([MEMBERS_KEY, 'games', memberId], (pageNo, signal) =>
    callAdmin(adminMemberGameRecordsCall, { query: { memberId, pageNo }, signal }),
  );
}

export function memberLotteryBetPages(memberId: string) {
  return pageNoPages([MEMBERS_KEY, 'lottery', memberId], (pageNo, signal) =>
    callAdmin(adminMemberLotteryBetsCall, { query: { memberId, pageNo }, signal }),
  );
}

/** A member's logins, newest first; keyset, the cursor is the reply's `nextAfterId`. */
export function memberLoginPages(memberId: string) {
  return {
    queryKey: [MEMBERS_KEY, 'logins', memberId] as const,
    fetchPage: async (cursor: string | undefined, signal: AbortSignal) => {
      const page = await callAdmin(adminMemberLoginsCall, {
        query: { memberId, afterId: cursor },
        signal,
      });
      return { items: page.list, nextCursor: page.nextAfterId };
    },
  };
}

/** A member's notes, newest first; keyset, the cursor is the reply's `nextAfterId`. */
export function memberNotePages(memberId: string) {
  return {
    queryKey: [MEMBERS_KEY, 'notes', memberId] as const,
    fetchPage: async (cursor: string | undefined, signal: AbortSignal) => {
      const page = await callAdmin(adminMemberNotesCall, {
        query: { memberId, afterId: cursor },
        signal,
      });
      return { items: page.list, nextCursor: page.nextAfterId };
    },
  };
}

/**
 * The first page of a DataTable source, for what the page shows beside the rows (totals,
 * limits): the same query key as the table's own first page, so one request serves both.
 */
export function useFirstPage<P>(pages: {
  queryKey: readonly unknown[];
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<P>;
}) {
  return useQuery({
    queryKey: [...pages.queryKey, 'page', null],
    queryFn: ({ signal }) => pages.fetchPage(undefined, signal),
  });
}

export function useMemberLabels() {
  return useQuery({
    queryKey: [MEMBERS_KEY, 'labels'],
    queryFn: ({ signal }) => callAdmin(adminMemberLabelsCall, { signal }),
  });
}

/**
 * The DataTable's source of the adjustments awaiting a second operator, oldest first (keyset:
 * the cursor is the reply's `nextAfterId`). With `memberId`, the first page's requests of that
 * member only: the call does not filter by member, and a member rarely has more than a few.
 * Each page also carries the merchant's second-approval limit.
 */
export function pendingAdjustmentPages(memberId: string | undefined) {
  return {
    queryKey: [PENDING_KEY, memberId ?? null] as const,
    fetchPage: async (cursor: string | undefined, signal: AbortSignal) => {
      const page = await callAdmin(adminPendingAdjustmentsCall, {
        query: { afterId: cursor },
        signal,
      });
      const items =
        memberId === undefined ? page.list : page.list.filter((row) => row.memberId === memberId);
      return {
        items,
        nextCursor: memberId === undefined ? page.nextAfterId : null,
        secondApprovalAbove: page.secondApprovalAbove,
      };
    },
  };
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
    mutationFn: (channel: 'email' | 'sms') =>
      callAdmin(adminResetMemberPasswordCall, { body: { memberId, channel } }),
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
