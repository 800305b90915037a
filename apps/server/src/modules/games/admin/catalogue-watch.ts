import type { Db } from '../../../db/database.js';
import { createPgNotifyTransport, type NotifyListener } from '../../../db/notify-channel.js';
import { GAMES_CATALOGUE_CHANNEL } from './repository.js';

/** Waits between attempts to reopen the catalogue LISTEN connection after a loss. */
export const GAMES_CATALOGUE_LISTEN_RETRY = { baseMs: 500, maxMs: 15_000 } as const;

/**
 * Runs `forget` whenever any instance's console changes the catalogue, and after the LISTEN
 * connection was lost (notifications may have been missed). Null when the database has no
 * connection string to listen on (then the caches' time to live alone applies).
 */
export function watchCatalogueChanges(
  db: Db,
  forget: () => void,
  logError: (details: object, message: string) => void,
): NotifyListener | null {
  const transport = createPgNotifyTransport(db, {
    channel: GAMES_CATALOGUE_CHANNEL,
    retry: GAMES_CATALOGUE_LISTEN_RETRY,
  });
  let listener: NotifyListener;
  try {
    listener = transport.listen({ onNotify: forget, onLost: forget, logError });
  } catch {
    return null;
  }
  void listener.ready().catch(() => {});
  return listener;
}
