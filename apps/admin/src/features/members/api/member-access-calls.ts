import { adminMemberLoginFailuresCall, type CallValue } from '@app/contract';
import { callAdmin } from '../../../lib/api-client';

export type MemberLoginFailureRow = CallValue<typeof adminMemberLoginFailuresCall>['list'][number];

/** A member's failed logins, newest first; keyset, the cursor is the reply's `nextAfterId`. */
export function memberLoginFailurePages(memberId: string) {
  return {
    queryKey: ['members', 'login-failures', memberId] as const,
    fetchPage: async (cursor: string | undefined, signal: AbortSignal) => {
      const page = await callAdmin(adminMemberLoginFailuresCall, {
        query: { memberId, afterId: cursor },
        signal,
      });
      return { items: page.list, nextCursor: page.nextAfterId };
    },
  };
}
