import type { Config } from '../config.js';
import { createDatabase, type Db } from './database.js';
import { type EmbeddedDatabaseServer, startEmbeddedDatabase } from './embedded.js';

export interface OpenedDatabase {
  db: Db;
  /** The pool for reports and long lists: DATABASE_READ_URL's, or `db` itself when unset. */
  readDb: Db;
  /** Connection string, for parts that open their own connections (the job runner). */
  url: string;
  /** Closes the pool and, when the app started it, stops the embedded server. */
  close(): Promise<void>;
  embedded: EmbeddedDatabaseServer | null;
}

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL under DATA_DIR. `log` gets
 * PostgreSQL's own output, `notice` what the start did on its own (a left-over server stopped).
 */
export async function openDatabase(
  config: Config,
  log: (message: string) => void,
  notice?: (message: string) => void,
  /** Where a lost idle connection is reported (the server's logger). */
  logError?: (details: object, message: string) => void,
): Promise<OpenedDatabase> {
  const embedded = config.DATABASE_URL
    ? null
    : await startEmbeddedDatabase({
        dataDir: config.DATA_DIR,
        port: config.EMBEDDED_PG_PORT,
        log: (message) => {
          if (message) log(message);
        },
        notice,
      });
  const url = config.DATABASE_URL ?? (embedded as EmbeddedDatabaseServer).url;
  const db = createDatabase(url, logError ? { logError } : {});
  const readDb = config.DATABASE_READ_URL
    ? createDatabase(config.DATABASE_READ_URL, logError ? { logError } : {})
    : db;
  return {
    db,
    readDb,
    url,
    embedded,
    close: async () => {
      if (readDb !== db) await readDb.destroy();
      await db.destroy();
      await embedded?.stop();
    },
  };
}
