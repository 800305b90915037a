import type { Announcement } from '@app/contract/client';
import { ActionIcon } from '@mantine/core';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../features/session/hooks/use-session';
import { callApi } from '../../lib/api-client';

const AnnouncementModal = lazy(
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

function BellIcon() {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.9 1.9 0 0 0 3.4 0" />
    </svg>
  );
}

/**
 * The header's announcements icon and the notice modal (a lazy chunk). After a login the
 * newest popup announcement opens once per session.
 */
export function AnnouncementsButton() {
  const { t } = useTranslation('content');
  const opened = useSyncExternalStore(subscribe, () => noticeOpened);
  const [loaded, setLoaded] = useState(false);
  const [initial, setInitial] = useState<Announcement | undefined>();
  const { token, isLoggedIn } = useSession();

  useEffect(() => {
    if (opened) setLoaded(true);
  }, [opened]);

  useEffect(() => {
    if (!isLoggedIn || !token || popupShownFor(token)) return;
    let active = true;
    callApi('announcements', { query: { pageNo: 1, pageSize: 1, types: 'PU' } })
      .then(({ popup }) => {
        if (active && popup[0]) {
          setInitial(popup[0]);
          openAnnouncements();
        }
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [isLoggedIn, token]);

  return (
    <>
      <ActionIcon
        variant="default"
        size="lg"
        radius="md"
        aria-label={t('announcements')}
        onClick={openAnnouncements}
      >
        <BellIcon />
      </ActionIcon>
      {loaded && (
        <Suspense fallback={null}>
          <AnnouncementModal
            opened={opened}
            onClose={() => setNoticeOpened(false)}
            initial={initial}
          />
        </Suspense>
      )}
    </>
  );
}
