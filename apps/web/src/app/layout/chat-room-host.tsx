import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { lazyWithRetry } from '../../lib/lazy-with-retry';
import { useSessionToken } from '../../lib/session-token';

const ChatRoomPanel = lazyWithRetry(
  () => import('../../features/chat-room/components/chat-room-panel'),
);

// Whether the chat room is open; the left bar's entry opens it, logging out closes it.
let opened = false;
const listeners = new Set<() => void>();
export function setChatRoomOpened(value: boolean): void {
  opened = value;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chat room panel (a lazy chunk), for a signed-in member who opened it. */
export function ChatRoomHost() {
  const isOpen = useSyncExternalStore(
    subscribe,
    () => opened,
    () => false,
  );
  const token = useSessionToken();
  // SPEC §4: logging out closes the chat; the next login does not reopen it.
  useEffect(() => {
    if (!token) opened = false;
  }, [token]);
  if (!isOpen || !token) return null;
  return (
    <Suspense fallback={null}>
      <ChatRoomPanel key={token} token={token} onClose={() => setChatRoomOpened(false)} />
    </Suspense>
  );
}
