import type { Db } from './database.js';
import {
  createPgNotifyTransport,
  type NotifyListener,
  type NotifyRetry,
} from './notify-channel.js';

/** What a watch drives: the cache's answer switch and its forgetting (see notified-cache.ts). */
export interface WatchedCache {
  setListening(listening: boolean): void;
  forget(payload: string): void;
}

/** Waits between attempts to reopen a cache's LISTEN connection after a loss. */
export const CACHE_LISTEN_RETRY: NotifyRetry = { baseMs: 500, maxMs: 15_000 };

/**
 * Keeps a cache correct across instances: LISTENs on `channel`, hands every payload to the
 * cache's `forget`, and lets the cache answer only while LISTEN is in place (a lost connection
 * empties and silences it until LISTEN is back, since notifications may have been missed).
 * Null when the database has no connection string.
 */
export function watchNotifiedCache(
  db: Db,
  channel: string,
  cache: WatchedCache,
  logError: (details: object, message: string) => void,
): NotifyListener | null {
  const transport = createPgNotifyTransport(db, { channel, retry: CACHE_LISTEN_RETRY });
  let listener: NotifyListener | null = null;
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
