import { MESSAGE_PAGE_LIMIT_DEFAULT } from '@app/contract/client';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { currentLanguageCode } from '../../../lib/i18n';

/** The member's platform messages, by page (keyset: each page after the previous one's cursor). */
export const messagesKey = ['messages', 'list'] as const;

export function useMessagePages() {
  const lang = currentLanguageCode();
  return useInfiniteQuery({
    queryKey: [...messagesKey, lang],
    queryFn: ({ pageParam, signal }) =>
      callApi('messages', {
        query: {
          limit: MESSAGE_PAGE_LIMIT_DEFAULT,
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    meta: { private: true },
  });
}

export const readMessage = (id: string) => callApi('readMessage', { body: { id } });
export const deleteMessage = (id: string) => callApi('deleteMessage', { body: { id } });
