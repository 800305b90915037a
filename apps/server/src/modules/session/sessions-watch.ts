import type { Db } from '../../db/database.js';
import { createPgNotifyTransport, type NotifyListener } from '../../db/notify-channel.js';
import { SESSIONS_CHANGED_CHANNEL, type SessionCache } from './session-cache.js';

/** Waits between attempts to reopen the sessions LISTEN connection after a loss. */
export const SESSIONS_LISTEN_RETRY = { baseMs: 500, maxMs: 15_000 } as const;

/**
 * Drops cached sessions whenever any instance revokes them (sign-out, password change, an
 * operator's lock), and every cached session after the LISTEN connection was lost
 * (notifications may have been missed). Null when the database has no connection string.
 */
export function watchSessionChanges(
  db: Db,
  cache: SessionCache,
  logError: (details: object, message: string) => void,
): NotifyListener | null {
  const transport = createPgNotifyTransport(db, {
    channel: SESSIONS_CHANGED_CHANNEL,
    retry: SESSIONS_LISTEN_RETRY,
  });
  let listener: NotifyListener | null = null;
  // The cache serves only while LISTEN is in place; the listener reconnects by itself.
  const serveWhenListening = () =>
    void listener?.ready().then(
      () => cache.setListening(true),
      () => {},
    );
  try {
    listener = transport.listen({
      onNotify: (payload) => cache.forget(payload),
      onLost: () => {
        cache.setListening(false);
        serveWhenListening();
      },
      logError,
    });
  } catch {
    return null;
  }
  serveWhenListening();
  const opened = listener;
  return {
    ready: () => opened.ready(),
    close: async () => {
      cache.setListening(false);
      await opened.close();
    },
  };
}
