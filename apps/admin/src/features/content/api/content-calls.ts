import {
  type AdminBanner,
  type AdminHelpArticleRow,
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
import { callAdmin } from '../../../lib/api-client';

/** Rows a page of the console's content lists shows (the server allows up to 100). */
export const CONTENT_PAGE_SIZE = 50;
const CONTENT_KEY = 'content';

/**
 * A DataTable source over one of the content lists (keyset, newest first: the cursor is the
 * reply's `nextAfterId`). `arrange` orders the rows of one page for display.
 */
function contentPages<F extends object, Item, Row>(
  list: string,
  filter: F,
  fetch: (
    query: F & { afterId?: string; pageSize: number },
    signal: AbortSignal,
  ) => Promise<{ list: readonly Item[]; nextAfterId: string | null }>,
  arrange: (rows: Item[]) => Row[],
) {
  return {
    queryKey: [CONTENT_KEY, list, filter] as const,
    fetchPage: async (cursor: string | undefined, signal: AbortSignal) => {
      const page = await fetch(
        {
          ...filter,
          ...(cursor === undefined ? {} : { afterId: cursor }),
          pageSize: CONTENT_PAGE_SIZE,
        },
        signal,
      );
      return { items: arrange([...page.list]), nextCursor: page.nextAfterId };
    },
  };
}

export function bannerPages<Row>(
  filter: { groupName?: string; language?: string },
  arrange: (rows: AdminBanner[]) => Row[],
) {
  return contentPages(
    'banners',
    filter,
    (query, signal) => callAdmin(adminContentBannersCall, { query: query as never, signal }),
    arrange,
  );
}

export function announcementPages(filter: { type?: string; language?: string }) {
  return contentPages(
    'announcements',
    filter,
    (query, signal) => callAdmin(adminContentAnnouncementsCall, { query: query as never, signal }),
    (rows) => rows,
  );
}

export function helpArticlePages<Row>(
  filter: { language?: string },
  arrange: (rows: AdminHelpArticleRow[]) => Row[],
) {
  return contentPages(
    'help',
    filter,
    (query, signal) => callAdmin(adminContentHelpArticlesCall, { query: query as never, signal }),
    arrange,
  );
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
