import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api-client';
import { currentLanguageCode } from '../../../lib/i18n';

/** SPEC §9: the notice modal shows 9 titles a page. */
export const NOTICE_PAGE_SIZE = 9;
const CONTENT_STALE_MS = 5 * 60 * 1000;

/** The current language, re-read whenever it changes (the keys below carry it). */
function useContentLanguage() {
  useTranslation();
  return currentLanguageCode();
}

export function useBanners(groupName: string) {
  const lang = useContentLanguage();
  return useQuery({
    queryKey: ['content', 'banners', groupName, lang],
    queryFn: ({ signal }) => callApi('banners', { query: { groupName }, signal }),
    staleTime: CONTENT_STALE_MS,
  });
}

export function useAnnouncements(pageNo: number, enabled = true) {
  const lang = useContentLanguage();
  return useQuery({
    queryKey: ['content', 'announcements', pageNo, lang],
    queryFn: ({ signal }) =>
      callApi('announcements', {
        query: { pageNo, pageSize: NOTICE_PAGE_SIZE, execution: 'B', platform: 'W' },
        signal,
      }),
    staleTime: CONTENT_STALE_MS,
    placeholderData: (previous) => previous,
    enabled,
  });
}

/** SPEC §7: help centre in the current language, device WEB; reloaded on language change. */
export function useHelpCenter() {
  const lang = useContentLanguage();
  return useQuery({
    queryKey: ['content', 'help', lang],
    queryFn: ({ signal }) => callApi('helpCenter', { query: { lang, device: 'WEB' }, signal }),
    staleTime: CONTENT_STALE_MS,
  });
}

export const unreadCountKey = ['content', 'unread'] as const;

/** The header badge: announcements the member has not opened (CSP_unreadCount). */
export function useUnreadCount(enabled: boolean) {
  const lang = useContentLanguage();
  return useQuery({
    queryKey: [...unreadCountKey, lang],
    queryFn: ({ signal }) => callApi('unreadCount', { signal }),
    staleTime: CONTENT_STALE_MS,
    enabled,
    meta: { private: true },
  });
}

/** Marks an announcement read; answers the new unread count. */
export const markAnnouncementRead = (id: string) =>
  callApi('markAnnouncementRead', { body: { id } });

/** The newest popup announcement (SPEC §3: shown once per session after a login). */
export const fetchPopupAnnouncement = () =>
  callApi('announcements', { query: { pageNo: 1, pageSize: 1, types: 'PU' } });
