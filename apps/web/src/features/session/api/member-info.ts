import type { MemberInfo } from '@app/contract/client';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { sessionKeys, writeSession } from '../../../lib/storage';

/** Keeps the member's identity in session storage, as SPEC §3 lists it. */
function rememberMember(member: MemberInfo): void {
  writeSession(sessionKeys.account, member.account);
  writeSession(sessionKeys.username, member.account);
  writeSession(sessionKeys.nickname, member.nickname);
  writeSession(sessionKeys.customerId, String(member.id));
  writeSession(sessionKeys.isAgent, String(member.type));
  writeSession(sessionKeys.toUpline, String(member.toUpline));
}

/** Member info of one session; the token is part of the key so a new session loads anew. */
export function memberInfoQuery(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'info', token],
    queryFn: async ({ signal }) => {
      const member = await callApi('memberInfo', { signal });
      rememberMember(member);
      return member;
    },
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { private: true },
  });
}
