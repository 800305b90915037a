import type { Announcement } from '@app/contract/client';
import { ActionIcon, Box } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fetchPopupAnnouncement,
  markAnnouncementRead,
  unreadCountKey,
  useUnreadCount,
} from '../../features/content/api/content-api';
import { useMessagesPush } from '../../features/messages/hooks/use-messages-push';
import { useSession } from '../../features/session/hooks/use-session';
import { lazyWithRetry } from '../../lib/lazy-with-retry';
import {
  finishAutoDialog,
  requestAutoDialog,
  useAutoDialogTurn,
} from '../auto-dialogs/auto-dialog-queue';
import { openMemberCentre } from '../member-centre/member-centre-store';
import { BellIcon } from './layout-icons';

/** Above this the badge shows "99+". */
const UNREAD_BADGE_MAX = 99;

const AnnouncementModal = lazyWithRetry(
  () => import('../../features/content/components/announcement-modal'),
);

/** Session storage (SPEC §3 `index_notice`): the token whose login popup was already shown. */
const POPUP_SHOWN_KEY = 'index_notice';

// One notice modal for the page; the header icon and the side menu both open it.
let noticeOpened = false;
const listeners = new Set<() => void>();
function setNoticeOpened(value: boolean) {
  noticeOpened = value;
  for (const listener of listeners) listener();
}
export const openAnnouncements = () => setNoticeOpened(true);
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function popupShownFor(token: string): boolean {
  try {
    if (window.sessionStorage.getItem(POPUP_SHOWN_KEY) === token) return true;
    window.sessionStorage.setItem(POPUP_SHOWN_KEY, token);
  } catch {
    // Without storage the popup may show again after a reload; nothing worse.
  }
  return false;
}

/**
 * The header's bell and the notice modal (a lazy chunk). After a login the newest popup
 * announcement opens once per session, when the auto-dialog queue gives it its turn. A member's bell shows how many platform messages they
 * have not read (CSP_unreadCount, live over the realtime socket) and opens them in the member
 * centre; a guest's bell opens the announcements. Each announcement the modal shows is still
 * marked read on the server.
 */
export function AnnouncementsButton() {
  const { t } = useTranslation('content');
  const opened = useSyncExternalStore(
    subscribe,
    () => noticeOpened,
    () => false,
  );
  const [loaded, setLoaded] = useState(false);
  const [initial, setInitial] = useState<Announcement | undefined>();
  const { token, isLoggedIn } = useSession();
  const queryClient = useQueryClient();
  const { data: unread } = useUnreadCount(isLoggedIn);
  const unreadCount = isLoggedIn ? (unread?.unReadCount ?? 0) : 0;
  const { t: tl } = useTranslation('layout');
  useMessagesPush(
    token,
    useCallback(() => {
      void queryClient.invalidateQueries({ queryKey: unreadCountKey });
      // The messages page (member centre), if open, shows the new message too.
      void queryClient.invalidateQueries({ queryKey: ['messages'] });
    }, [queryClient]),
  );

  // The popup waits its turn in the auto-dialog queue; its closing lets the next one come.
  const popupTurn = useAutoDialogTurn('popup');
  useEffect(() => {
    if (popupTurn) openAnnouncements();
  }, [popupTurn]);
  const closeNotice = () => {
    setNoticeOpened(false);
    if (popupTurn) finishAutoDialog('popup');
  };

  const markShown = useCallback(
    (id: string) => {
      if (isLoggedIn) markAnnouncementRead(id).catch(() => undefined);
    },
    [isLoggedIn],
  );

  useEffect(() => {
    if (opened) setLoaded(true);
  }, [opened]);

  useEffect(() => {
    if (!isLoggedIn || !token || popupShownFor(token)) return;
    let active = true;
    fetchPopupAnnouncement()
      .then(({ popup }) => {
        if (active && popup[0]) {
          setInitial(popup[0]);
          requestAutoDialog('popup');
        }
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [isLoggedIn, token]);

  return (
    <>
      <Box pos="relative">
        <ActionIcon
          variant="default"
          size="lg"
          radius="md"
          aria-label={
            unreadCount > 0
              ? tl('messages_unread', { count: unreadCount })
              : isLoggedIn
                ? tl('platform_messages')
                : t('announcements')
          }
          onClick={isLoggedIn ? () => openMemberCentre('messageV2') : openAnnouncements}
          data-testid="announcements-button"
        >
          <BellIcon size={20} />
        </ActionIcon>
        {unreadCount > 0 && (
          <Box
            component="span"
            aria-hidden="true"
            data-testid="unread-badge"
            style={{
              position: 'absolute',
              top: -6,
              right: -6,
              minWidth: 18,
              height: 18,
              padding: '0 5px',
              borderRadius: 9,
              background: 'var(--mantine-color-red-filled)',
              color: 'var(--mantine-color-white)',
              fontSize: 11,
              fontWeight: 700,
              lineHeight: '18px',
              textAlign: 'center',
              pointerEvents: 'none',
            }}
          >
            {unreadCount > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : unreadCount}
          </Box>
        )}
      </Box>
      {loaded && (
        <Suspense fallback={null}>
          <AnnouncementModal
            opened={opened}
            onClose={closeNotice}
            initial={initial}
            onShown={markShown}
          />
        </Suspense>
      )}
    </>
  );
}
