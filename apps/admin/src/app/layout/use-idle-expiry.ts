import type { ConsoleSession } from '@app/contract';
import { useEffect } from 'react';
import { callAdmin, lastActivityMs } from '../../lib/api-client';
import { setSignOutNotice, useAdoptSession, useConsoleSession } from '../../lib/console-session';
import { logoutRoute } from '../../lib/shell-calls';

/** How often the console compares the clock with the session's expiries. */
export const IDLE_CHECK_INTERVAL_MS = 5_000;

/**
 * When the session ends by the clock: the idle window (as long as it was when the session was
 * issued) after the last answered call, or the absolute expiry, whichever comes first.
 */
export function sessionDeadlineMs(
  session: ConsoleSession,
  receivedAtMs: number,
  lastActivityAtMs: number,
): number {
  const idleWindowMs = Math.max(0, session.idleExpiresAtMs - receivedAtMs);
  return Math.min(
    Math.max(receivedAtMs, lastActivityAtMs) + idleWindowMs,
    session.absoluteExpiresAtMs,
  );
}

/**
 * Idle expiry without a click: an operator who walks away comes back to the sign-in page with a
 * message, not to a page whose next click fails. The server decides for real (its 401 also ends
 * the session here); this only makes the screen follow it.
 */
export function useIdleExpiry(): void {
  const { data: session, dataUpdatedAt } = useConsoleSession();
  const adopt = useAdoptSession();
  useEffect(() => {
    if (!session) return;
    const timer = setInterval(() => {
      if (Date.now() < sessionDeadlineMs(session, dataUpdatedAt, lastActivityMs())) return;
      clearInterval(timer);
      // The server has ended it already; the call only clears the cookie.
      void callAdmin(logoutRoute).catch(() => undefined);
      setSignOutNotice('expired');
      adopt(null);
    }, IDLE_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [session, dataUpdatedAt, adopt]);
}
