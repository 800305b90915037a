import type { Db } from '../../db/database.js';
import type { NotifyListener } from '../../db/notify-channel.js';
import { watchNotifiedCache } from '../../db/watch-notified-cache.js';
import { SESSIONS_CHANGED_CHANNEL, type SessionCache } from './session-cache.js';

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
  return watchNotifiedCache(db, SESSIONS_CHANGED_CHANNEL, cache, logError);
}
