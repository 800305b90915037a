/**
 * Realtime push: a WebSocket hub per instance, fanned out between instances through PostgreSQL
 * LISTEN/NOTIFY. Modules publish with `services.realtime.publish({merchantCode, topic, data})`
 * (take it as a dependency typed `RealtimePublisher`); browsers subscribe at `GET /ws`.
 */
import type { Db } from '../db/database.js';
import { createPgNotifyTransport } from '../db/notify-channel.js';
import { createRealtimeHub as createHub, type RealtimeHub } from './hub.js';
import {
  REALTIME_LISTEN_RETRY_BASE_MS,
  REALTIME_LISTEN_RETRY_MAX_MS,
  REALTIME_NOTIFY_CHANNEL,
} from './limits.js';

export type { RealtimeConnection, RealtimeHub, RealtimeHubDeps } from './hub.js';
export * from './limits.js';
export type { RealtimeEvent } from './notify-payload.js';
export { realtimeNotifyPayload } from './notify-payload.js';
export type { RealtimeSocket } from './peer.js';
export { type RealtimeRouteDeps, registerRealtimeRoutes } from './routes.js';
export {
  isMemberTopic,
  isSignedInTopic,
  MEMBER_TOPICS,
  memberTopicKey,
  memberTopicOfKey,
  needsMember,
  PUBLIC_TOPIC_PATTERNS,
  publicAndOwnMemberTopics,
  publicTopicsOnly,
  type RealtimeReader,
  type TopicAuthorizer,
} from './topic-access.js';

/** What a publishing module needs: only `publish`. */
export type RealtimePublisher = Pick<RealtimeHub, 'publish'>;

export interface CreateRealtimeHubDeps {
  db: Db;
  logError?: (details: object, message: string) => void;
  /** Another NOTIFY channel (tests isolating hubs on one database). */
  channel?: string;
  /** Ping and dead-peer checks by interval; `null` lets tests call them. */
  pingIntervalMs?: number | null;
  /** The member id of a session token for a merchant, null if none (see `RealtimeHubDeps`). */
  authenticate?: (token: string, merchantCode: string) => Promise<string | null>;
}

/** The hub on this database: NOTIFY through the pool, LISTEN on a connection of its own. */
export function createRealtimeHub(deps: CreateRealtimeHubDeps): RealtimeHub {
  return createHub({
    transport: createPgNotifyTransport(deps.db, {
      channel: deps.channel ?? REALTIME_NOTIFY_CHANNEL,
      retry: { baseMs: REALTIME_LISTEN_RETRY_BASE_MS, maxMs: REALTIME_LISTEN_RETRY_MAX_MS },
    }),
    ...(deps.logError ? { logError: deps.logError } : {}),
    ...(deps.pingIntervalMs !== undefined ? { pingIntervalMs: deps.pingIntervalMs } : {}),
    ...(deps.authenticate ? { authenticate: deps.authenticate } : {}),
  });
}
