import { sql } from 'kysely';
import pg from 'pg';
import { connectionStringOf, DATABASE_CONNECT_TIMEOUT_MS, type Db } from './database.js';

/**
 * PostgreSQL LISTEN/NOTIFY on one channel: `notify` goes through the pool, `listen` keeps a
 * dedicated connection (a pooled one would be handed to other queries) and reopens it after a
 * loss with exponential backoff and jitter.
 */
export interface NotifyTransport {
  notify(payload: string): Promise<void>;
  listen(handlers: NotifyHandlers): NotifyListener;
}

export interface NotifyHandlers {
  onNotify(payload: string): void;
  /** The connection was lost: notifications until it is back are missed. */
  onLost(error: Error | undefined): void;
  logError?(details: object, message: string): void;
}

export interface NotifyListener {
  /** Resolves once LISTEN is in place, opening the connection when needed; rejects after close. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface NotifyRetry {
  baseMs: number;
  maxMs: number;
}

/** Full jitter between half and all of the doubled wait, capped. */
export function retryDelayMs(attempt: number, retry: NotifyRetry, random = Math.random): number {
  const ceiling = Math.min(retry.maxMs, retry.baseMs * 2 ** Math.min(attempt, 20));
  return Math.round(ceiling * (0.5 + random() / 2));
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function createPgNotifyTransport(
  db: Db,
  options: { channel: string; retry: NotifyRetry; connectionString?: string },
): NotifyTransport {
  const { channel, retry } = options;
  return {
    async notify(payload) {
      await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db);
    },
    listen(handlers) {
      const connectionString = options.connectionString ?? connectionStringOf(db);
      if (!connectionString) throw new Error('listen needs a database made by createDatabase');
      return createListener(connectionString, channel, retry, handlers);
    },
  };
}

function createListener(
  connectionString: string,
  channel: string,
  retry: NotifyRetry,
  handlers: NotifyHandlers,
): NotifyListener {
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let wake: (() => void) | null = null;
  let retryTimer: NodeJS.Timeout | null = null;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      retryTimer = setTimeout(resolve, ms);
      retryTimer.unref();
    });

  const lost = (lostClient: pg.Client, error?: Error) => {
    if (client !== lostClient) return;
    client = null;
    lostClient.removeAllListeners('notification');
    void lostClient.end().catch(() => {});
    handlers.onLost(error);
    if (!closed) void ready().catch(() => {});
  };

  const connectOnce = async () => {
    const next = new pg.Client({
      connectionString,
      connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
      application_name: 'betting-platform-realtime',
      keepAlive: true,
    });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) {
        handlers.onNotify(message.payload);
      }
    });
    // Until it is in use, connect() itself reports failures; afterwards they mean "lost".
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${quoteIdentifier(channel)}`);
    } catch (error) {
      void next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      throw new Error('notify listener closed');
    }
    client = next;
  };

  const connectLoop = async () => {
    for (let attempt = 0; ; attempt += 1) {
      if (closed) throw new Error('notify listener closed');
      try {
        await connectOnce();
        return;
      } catch (error) {
        if (closed) throw new Error('notify listener closed');
        handlers.logError?.(
          { attempt, err: error instanceof Error ? error.message : String(error) },
          'realtime LISTEN connection failed; retrying',
        );
        await sleep(retryDelayMs(attempt, retry));
      }
    }
  };

  function ready(): Promise<void> {
    if (closed) return Promise.reject(new Error('notify listener closed'));
    if (client) return Promise.resolve();
    if (!connecting) {
      connecting = connectLoop().finally(() => {
        connecting = null;
      });
    }
    return connecting;
  }

  return {
    ready,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      wake?.();
      const current = client;
      client = null;
      await current?.end().catch(() => {});
      await connecting?.catch(() => {});
    },
  };
}
