import {
  isRealtimeTopic,
  type RealtimeErrorCode,
  type RealtimeServerMessage,
  realtimeCloseCodes,
} from '@app/contract';
import type { NotifyListener, NotifyTransport } from '../db/notify-channel.js';
import { AppError } from '../http/app-error.js';
import {
  REALTIME_CONNECTIONS_MAX,
  REALTIME_CONNECTIONS_PER_IP_MAX,
  REALTIME_DEAD_PEER_TIMEOUT_MS,
  REALTIME_MESSAGES_PER_SECOND,
  REALTIME_NOTIFY_PAYLOAD_MAX_BYTES,
  REALTIME_PING_INTERVAL_MS,
  REALTIME_RATE_WINDOW_MS,
  REALTIME_SEND_BUFFER_MAX_BYTES,
  REALTIME_TOPICS_PER_CONNECTION_MAX,
} from './limits.js';
import { type NotifyEnvelope, parseClientMessage, parseNotifyEnvelope } from './protocol.js';
import {
  isMemberTopic,
  memberTopicKey,
  memberTopicOfKey,
  publicAndOwnMemberTopics,
  type TopicAuthorizer,
} from './topic-access.js';

/** One event for every subscriber of `topic` under `merchantCode`, on every instance. */
export interface RealtimeEvent {
  merchantCode: string;
  topic: string;
  data: unknown;
}

/** What the hub needs of a WebSocket (the `ws` socket has all of it). */
export interface RealtimeSocket {
  readonly bufferedAmount: number;
  send(text: string): void;
  close(code: number, reason: string): void;
  terminate(): void;
  ping(): void;
}

/** One accepted socket, as the route feeds it. */
export interface RealtimeConnection {
  receive(raw: string | Buffer, isBinary: boolean): void;
  /** A pong (or any frame) arrived: the peer is alive. */
  alive(): void;
  /** The socket closed; forget it. */
  detach(): void;
}

export interface RealtimeHub {
  /**
   * Sends an event to the topic's subscribers of that merchant on every instance (PostgreSQL
   * NOTIFY). Refuses a bad topic (`REALTIME_TOPIC_INVALID`) and an event whose envelope is over
   * `REALTIME_NOTIFY_PAYLOAD_MAX_BYTES` (`REALTIME_EVENT_TOO_LARGE`): send ids, pages refetch.
   * Works without any local socket (a jobs-only process publishes too).
   */
  publish(event: RealtimeEvent): Promise<void>;
  /** Whether one more socket from this address fits (checked before the upgrade). */
  canAccept(ip: string): RealtimeErrorCode | null;
  /** Takes an upgraded socket of a resolved merchant. */
  attach(input: { socket: RealtimeSocket; merchantCode: string; ip: string }): RealtimeConnection;
  /** Subscribers per topic of a merchant on this instance (a presence figure; used by nobody yet). */
  subscriberCounts(merchantCode: string): Record<string, number>;
  /** Open sockets on this instance. */
  connectionCount(): number;
  /** Closes every socket (going away) and the LISTEN connection; publish still works. */
  close(): Promise<void>;
}

export interface RealtimeHubDeps {
  transport: NotifyTransport;
  logError?: (details: object, message: string) => void;
  /** Clock, for tests of the rate window and dead peers. */
  nowMs?: () => number;
  /** Tests drive `checkPeers` themselves instead of the interval. */
  pingIntervalMs?: number | null;
  /** Which topics a socket may read; public ones and the authenticated member's own by default. */
  canRead?: TopicAuthorizer;
  /**
   * The member id of a session token for this merchant, or null when the token is no valid
   * session (the session module's authenticate). Without it every `auth` fails.
   */
  authenticate?: (token: string, merchantCode: string) => Promise<string | null>;
}

interface Peer {
  socket: RealtimeSocket;
  merchantCode: string;
  ip: string;
  /** The member fixed at `auth`, and the token to re-check its session on each subscribe. */
  memberId: string | null;
  token: string | null;
  /** Client messages are handled one after the other (auth is asynchronous). */
  queue: Promise<void>;
  topics: Set<string>;
  lastSeenMs: number;
  windowStartMs: number;
  windowCount: number;
  windowRefused: boolean;
}

/**
 * The NOTIFY payload of an event, checked (topic, merchant, size). A repository may send it
 * with `pg_notify(REALTIME_NOTIFY_CHANNEL, payload)` inside its own transaction, so that the
 * event goes out exactly when the data it announces is committed.
 */
export function realtimeNotifyPayload(event: RealtimeEvent): string {
  if (typeof event.merchantCode !== 'string' || event.merchantCode === '') {
    throw new AppError('MERCHANT_REQUIRED');
  }
  if (!isRealtimeTopic(event.topic))
    throw new AppError('REALTIME_TOPIC_INVALID', { field: 'topic' });
  const envelope: NotifyEnvelope = { m: event.merchantCode, t: event.topic, d: event.data };
  const payload = JSON.stringify(envelope);
  const bytes = Buffer.byteLength(payload);
  if (bytes > REALTIME_NOTIFY_PAYLOAD_MAX_BYTES) {
    // The topic and size go in the cause (logs); the details stay within the envelope's fields.
    throw new AppError(
      'REALTIME_EVENT_TOO_LARGE',
      { field: 'data', maxLength: REALTIME_NOTIFY_PAYLOAD_MAX_BYTES },
      { cause: new Error(`${event.topic}: ${bytes} bytes`) },
    );
  }
  return payload;
}

function frame(message: RealtimeServerMessage): string {
  return JSON.stringify(message);
}

export function createRealtimeHub(
  deps: RealtimeHubDeps,
): RealtimeHub & { checkPeers(): void; deliver(envelope: NotifyEnvelope): void } {
  const now = deps.nowMs ?? Date.now;
  const logError = deps.logError ?? (() => {});
  const canRead = deps.canRead ?? publicAndOwnMemberTopics;
  /** merchant code -> topic -> sockets. */
  const index = new Map<string, Map<string, Set<Peer>>>();
  const peers = new Set<Peer>();
  const perIp = new Map<string, number>();
  let listener: NotifyListener | null = null;
  let pingTimer: NodeJS.Timeout | null = null;
  let closed = false;

  const send = (peer: Peer, text: string) => {
    // A socket that cannot keep up would grow this process's memory without bound.
    if (peer.socket.bufferedAmount > REALTIME_SEND_BUFFER_MAX_BYTES) {
      drop(peer);
      peer.socket.terminate();
      return;
    }
    peer.socket.send(text);
  };

  const sendError = (peer: Peer, errorCode: RealtimeErrorCode) =>
    send(peer, frame({ op: 'error', errorCode }));

  const deliver = (envelope: NotifyEnvelope) => {
    const subscribers = index.get(envelope.m)?.get(envelope.t);
    if (!subscribers || subscribers.size === 0) return;
    // A member topic reaches its member under the name the client subscribed with.
    const text = frame({ topic: memberTopicOfKey(envelope.t) ?? envelope.t, data: envelope.d });
    for (const peer of [...subscribers]) send(peer, text);
  };

  const ensureListening = (): Promise<void> => {
    try {
      listener ??= openListener();
    } catch (error) {
      logError(
        { err: error instanceof Error ? error.message : String(error) },
        'realtime cannot listen',
      );
      return Promise.reject(error);
    }
    return listener.ready();
  };

  const openListener = (): NotifyListener =>
    deps.transport.listen({
      onNotify: (payload) => {
        const envelope = parseNotifyEnvelope(payload);
        if (envelope) deliver(envelope);
      },
      // Events may have been missed: clients reconnect, resubscribe and refetch.
      onLost: (error) => {
        logError({ err: error?.message }, 'realtime LISTEN connection lost; closing sockets');
        for (const peer of [...peers]) {
          drop(peer);
          peer.socket.close(realtimeCloseCodes.restart, 'restart');
        }
      },
      logError,
    });

  /** Where a peer's topic lives in the index: a member topic under its member's own key. */
  const keyOf = (peer: Peer, topic: string): string =>
    isMemberTopic(topic) && peer.memberId !== null ? memberTopicKey(peer.memberId, topic) : topic;

  const unindex = (peer: Peer, topic: string) => {
    const key = keyOf(peer, topic);
    const topics = index.get(peer.merchantCode);
    const subscribers = topics?.get(key);
    if (!topics || !subscribers) return;
    subscribers.delete(peer);
    if (subscribers.size === 0) topics.delete(key);
    if (topics.size === 0) index.delete(peer.merchantCode);
  };

  /** Ends the peer's member identity and its member topics (a failed or another member's auth). */
  const forgetMember = (peer: Peer) => {
    for (const topic of [...peer.topics]) {
      if (!isMemberTopic(topic)) continue;
      unindex(peer, topic);
      peer.topics.delete(topic);
    }
    peer.memberId = null;
    peer.token = null;
  };

  /** The member of a token, or null; a failure of the check itself is logged and refuses. */
  const memberOfToken = async (peer: Peer, token: string): Promise<string | null> => {
    if (!deps.authenticate) return null;
    try {
      return await deps.authenticate(token, peer.merchantCode);
    } catch (error) {
      logError(
        { err: error instanceof Error ? error.message : String(error) },
        'realtime session check failed',
      );
      return null;
    }
  };

  const authenticate = async (peer: Peer, token: string) => {
    const memberId = await memberOfToken(peer, token);
    if (!peers.has(peer)) return;
    if (memberId === null || memberId !== peer.memberId) forgetMember(peer);
    if (memberId === null) {
      sendError(peer, 'REALTIME_AUTH_FAILED');
      return;
    }
    peer.memberId = memberId;
    peer.token = token;
    send(peer, frame({ op: 'authenticated' }));
  };

  /** A member topic needs the session still valid (not logged out, not expired) right now. */
  const sessionStillValid = async (peer: Peer): Promise<boolean> => {
    if (peer.token === null || peer.memberId === null) return false;
    const memberId = await memberOfToken(peer, peer.token);
    return memberId !== null && memberId === peer.memberId;
  };

  function drop(peer: Peer) {
    if (!peers.delete(peer)) return;
    for (const topic of peer.topics) unindex(peer, topic);
    peer.topics.clear();
    const left = (perIp.get(peer.ip) ?? 1) - 1;
    if (left <= 0) perIp.delete(peer.ip);
    else perIp.set(peer.ip, left);
  }

  /** Counts a message in the peer's window; false when over the limit. */
  const withinRate = (peer: Peer): boolean => {
    const nowMs = now();
    if (nowMs - peer.windowStartMs >= REALTIME_RATE_WINDOW_MS) {
      peer.windowStartMs = nowMs;
      peer.windowCount = 0;
      peer.windowRefused = false;
    }
    peer.windowCount += 1;
    return peer.windowCount <= REALTIME_MESSAGES_PER_SECOND;
  };

  const subscribe = async (peer: Peer, topics: string[]) => {
    if (topics.some(isMemberTopic)) {
      const valid = await sessionStillValid(peer);
      if (!peers.has(peer)) return;
      if (!valid) {
        forgetMember(peer);
        sendError(peer, 'REALTIME_AUTH_FAILED');
        return;
      }
    }
    // All or nothing: one topic the socket may not read refuses the whole message.
    if (!topics.every((topic) => canRead(peer, topic))) {
      sendError(peer, 'REALTIME_TOPIC_FORBIDDEN');
      return;
    }
    const added = topics.filter((topic) => !peer.topics.has(topic));
    if (peer.topics.size + added.length > REALTIME_TOPICS_PER_CONNECTION_MAX) {
      sendError(peer, 'REALTIME_TOPICS_LIMIT');
      return;
    }
    let topicsOfMerchant = index.get(peer.merchantCode);
    if (!topicsOfMerchant) {
      topicsOfMerchant = new Map();
      index.set(peer.merchantCode, topicsOfMerchant);
    }
    for (const topic of added) {
      peer.topics.add(topic);
      const key = keyOf(peer, topic);
      let subscribers = topicsOfMerchant.get(key);
      if (!subscribers) {
        subscribers = new Set();
        topicsOfMerchant.set(key, subscribers);
      }
      subscribers.add(peer);
    }
    // The answer comes once LISTEN is in place: from then on no event of these topics is missed.
    ensureListening().then(
      () => {
        if (peers.has(peer)) send(peer, frame({ op: 'subscribed', topics }));
      },
      () => {},
    );
  };

  const checkPeers = () => {
    const nowMs = now();
    for (const peer of [...peers]) {
      if (nowMs - peer.lastSeenMs > REALTIME_DEAD_PEER_TIMEOUT_MS) {
        drop(peer);
        peer.socket.terminate();
      } else {
        peer.socket.ping();
      }
    }
  };

  const pingIntervalMs =
    deps.pingIntervalMs === undefined ? REALTIME_PING_INTERVAL_MS : deps.pingIntervalMs;
  const startPinging = () => {
    if (pingTimer || pingIntervalMs === null) return;
    pingTimer = setInterval(checkPeers, pingIntervalMs);
    pingTimer.unref();
  };

  const canAccept = (ip: string): RealtimeErrorCode | null => {
    if (closed || peers.size >= REALTIME_CONNECTIONS_MAX) return 'REALTIME_CONNECTIONS_LIMIT';
    if ((perIp.get(ip) ?? 0) >= REALTIME_CONNECTIONS_PER_IP_MAX) {
      return 'REALTIME_CONNECTIONS_LIMIT';
    }
    return null;
  };

  return {
    async publish(event) {
      await deps.transport.notify(realtimeNotifyPayload(event));
    },

    canAccept,

    attach({ socket, merchantCode, ip }) {
      const nowMs = now();
      const peer: Peer = {
        socket,
        merchantCode,
        ip,
        memberId: null,
        token: null,
        queue: Promise.resolve(),
        topics: new Set(),
        lastSeenMs: nowMs,
        windowStartMs: nowMs,
        windowCount: 0,
        windowRefused: false,
      };
      // Checked again here: several upgrades of one address may pass the early check at once.
      const refusal = canAccept(ip);
      if (refusal) {
        socket.send(frame({ op: 'error', errorCode: refusal }));
        socket.close(realtimeCloseCodes.policy, refusal);
        return { receive() {}, alive() {}, detach() {} };
      }
      peers.add(peer);
      perIp.set(ip, (perIp.get(ip) ?? 0) + 1);
      startPinging();
      return {
        receive(raw, isBinary) {
          if (!peers.has(peer)) return;
          peer.lastSeenMs = now();
          if (!withinRate(peer)) {
            // One answer per window: refusing must not cost more than the flood.
            if (!peer.windowRefused) sendError(peer, 'REALTIME_RATE_LIMITED');
            peer.windowRefused = true;
            return;
          }
          const parsed = parseClientMessage(raw, isBinary);
          if (!parsed.ok) {
            sendError(peer, parsed.errorCode);
            return;
          }
          const message = parsed.message;
          // In order: a subscribe sent right after an auth waits for the auth's answer.
          peer.queue = peer.queue
            .then(async () => {
              if (!peers.has(peer)) return;
              if (message.op === 'auth') await authenticate(peer, message.token);
              else if (message.op === 'subscribe') await subscribe(peer, message.topics);
              else
                for (const topic of message.topics) {
                  if (peer.topics.has(topic)) unindex(peer, topic);
                  peer.topics.delete(topic);
                }
            })
            .catch((error: unknown) => {
              logError(
                { err: error instanceof Error ? error.message : String(error) },
                'realtime message failed',
              );
            });
        },
        alive() {
          peer.lastSeenMs = now();
        },
        detach() {
          drop(peer);
        },
      };
    },

    subscriberCounts(merchantCode) {
      const counts: Record<string, number> = {};
      for (const [topic, subscribers] of index.get(merchantCode) ?? []) {
        counts[topic] = subscribers.size;
      }
      return counts;
    },

    connectionCount: () => peers.size,

    async close() {
      closed = true;
      if (pingTimer) clearInterval(pingTimer);
      pingTimer = null;
      for (const peer of [...peers]) {
        drop(peer);
        peer.socket.close(realtimeCloseCodes.goingAway, 'server stopping');
      }
      await listener?.close();
      listener = null;
    },

    checkPeers,
    deliver,
  };
}
