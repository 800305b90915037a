import {
  adminContentAnnouncementsCall,
  adminContentBannersCall,
  adminContentDeleteCall,
  adminContentHelpArticlesCall,
  adminContentReorderCall,
  adminContentSaveAnnouncementCall,
  adminContentSaveBannerCall,
  adminContentSaveHelpArticleCall,
  adminContentSetEnabledCall,
  adminContentUploadImageCall,
  adminSaveSiteLinksCall,
  adminSiteLinksCall,
  type CallBody,
  type ContentKind,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callAdmin } from '../../../lib/api-client';

/** Rows a page of the console's content lists shows (the server allows up to 100). */
export const CONTENT_PAGE_SIZE = 50;
const CONTENT_KEY = 'content';

/** Keyset paging: the cursors of the pages seen, so "Newer" walks back the way it came. */
export function useCursor() {
  const [cursors, setCursors] = useState<string[]>([]);
  const afterId = cursors[cursors.length - 1];
  return {
    afterId,
    hasNewer: cursors.length > 0,
    older: (nextAfterId: string) => setCursors((seen) => [...seen, nextAfterId]),
    newer: () => setCursors((seen) => seen.slice(0, -1)),
    reset: () => setCursors([]),
  };
}

export function useBanners(filter: { groupName?: string; language?: string }, afterId?: string) {
  return useQuery({
    queryKey: [CONTENT_KEY, 'banners', filter, afterId],
    queryFn: ({ signal }) =>
      callAdmin(adminContentBannersCall, {
        query: { ...filter, afterId, pageSize: CONTENT_PAGE_SIZE } as never,
        signal,
      }),
  });
}

export function useAnnouncements(filter: { type?: string; language?: string }, afterId?: string) {
  return useQuery({
    queryKey: [CONTENT_KEY, 'announcements', filter, afterId],
    queryFn: ({ signal }) =>
      callAdmin(adminContentAnnouncementsCall, {
        query: { ...filter, afterId, pageSize: CONTENT_PAGE_SIZE } as never,
        signal,
      }),
  });
}

export function useHelpArticles(filter: { language?: string }, afterId?: string) {
  return useQuery({
    queryKey: [CONTENT_KEY, 'help', filter, afterId],
    queryFn: ({ signal }) =>
      callAdmin(adminContentHelpArticlesCall, {
        query: { ...filter, afterId, pageSize: CONTENT_PAGE_SIZE } as never,
        signal,
      }),
  });
}

export function useSiteLinks() {
  return useQuery({
    queryKey: [CONTENT_KEY, 'site-links'],
    queryFn: ({ signal }) => callAdmin(adminSiteLinksCall, { signal }),
  });
}

/** A change of any content row makes every content list stale. */
function useContentMutation<T, R>(call: (input: T) => Promise<R>, onDone?: (result: R) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: [CONTENT_KEY] });
      onDone?.(result);
    },
  });
}

export const useSaveBanner = (onDone?: () => void) =>
  useContentMutation(
    (body: CallBody<typeof adminContentSaveBannerCall>) =>
      callAdmin(adminContentSaveBannerCall, { body }),
    onDone,
  );

export const useUploadImage = () =>
  useMutation({
    mutationFn: (imageBase64: string) =>
      callAdmin(adminContentUploadImageCall, { body: { imageBase64 } }),
  });

export const useSaveAnnouncement = (onDone?: () => void) =>
  useContentMutation(
    (body: CallBody<typeof adminContentSaveAnnouncementCall>) =>
      callAdmin(adminContentSaveAnnouncementCall, { body }),
    onDone,
  );

export const useSaveHelpArticle = (onDone?: () => void) =>
  useContentMutation(
    (body: CallBody<typeof adminContentSaveHelpArticleCall>) =>
      callAdmin(adminContentSaveHelpArticleCall, { body }),
    onDone,
  );

export const useSetEnabled = () =>
  useContentMutation((body: { kind: ContentKind; id: string; enabled: boolean }) =>
    callAdmin(adminContentSetEnabledCall, { body }),
  );

export const useReorder = () =>
  useContentMutation((body: { kind: 'banner' | 'help'; ids: string[] }) =>
    callAdmin(adminContentReorderCall, { body }),
  );

export const useDeleteContent = (onDone?: () => void) =>
  useContentMutation(
    (body: { kind: ContentKind; id: string }) => callAdmin(adminContentDeleteCall, { body }),
    onDone,
  );

export const useSaveSiteLinks = () =>
  useContentMutation((body: CallBody<typeof adminSaveSiteLinksCall>) =>
    callAdmin(adminSaveSiteLinksCall, { body }),
  );
