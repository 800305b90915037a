import {
  type RealtimeClientMessage,
  type RealtimeErrorCode,
  type RealtimeServerMessage,
  realtimeCloseCodes,
} from '@app/contract';
import type { NotifyListener, NotifyTransport } from '../db/notify-channel.js';
import {
  REALTIME_CONNECTIONS_MAX,
  REALTIME_CONNECTIONS_PER_IP_MAX,
  REALTIME_DEAD_PEER_TIMEOUT_MS,
  REALTIME_PING_INTERVAL_MS,
  REALTIME_SEND_BUFFER_MAX_BYTES,
  REALTIME_TOPICS_PER_CONNECTION_MAX,
} from './limits.js';
import { type RealtimeEvent, realtimeNotifyPayload } from './notify-payload.js';
import { countWithinRate, indexKeyOf, newPeer, type Peer, type RealtimeSocket } from './peer.js';
import { type NotifyEnvelope, parseClientMessage, parseNotifyEnvelope } from './protocol.js';
import { SubscriberIndex } from './subscriber-index.js';
import {
  memberTopicOfKey,
  needsMember,
  publicAndOwnMemberTopics,
  type TopicAuthorizer,
} from './topic-access.js';

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

/** Everything one hub holds; the functions below each do one thing with it. */
interface HubState {
  transport: NotifyTransport;
  now: () => number;
  logError: (details: object, message: string) => void;
  canRead: TopicAuthorizer;
  authenticate: RealtimeHubDeps['authenticate'];
  pingIntervalMs: number | null;
  index: SubscriberIndex<Peer>;
  peers: Set<Peer>;
  perIp: Map<string, number>;
  listener: NotifyListener | null;
  pingTimer: NodeJS.Timeout | null;
  closed: boolean;
}

const NO_CONNECTION: RealtimeConnection = { receive() {}, alive() {}, detach() {} };

function frame(message: RealtimeServerMessage): string {
  return JSON.stringify(message);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function send(hub: HubState, peer: Peer, text: string): void {
  // A socket that cannot keep up would grow this process's memory without bound.
  if (peer.socket.bufferedAmount > REALTIME_SEND_BUFFER_MAX_BYTES) {
    drop(hub, peer);
    peer.socket.terminate();
    return;
  }
  peer.socket.send(text);
}

function sendError(hub: HubState, peer: Peer, errorCode: RealtimeErrorCode): void {
  send(hub, peer, frame({ op: 'error', errorCode }));
}

function deliver(hub: HubState, envelope: NotifyEnvelope): void {
  const subscribers = hub.index.subscribersOf(envelope.m, envelope.t);
  if (subscribers.length === 0) return;
  // A member topic reaches its member under the name the client subscribed with.
  const text = frame({ topic: memberTopicOfKey(envelope.t) ?? envelope.t, data: envelope.d });
  for (const peer of subscribers) send(hub, peer, text);
}

function openListener(hub: HubState): NotifyListener {
  return hub.transport.listen({
    onNotify: (payload) => {
      const envelope = parseNotifyEnvelope(payload);
      if (envelope) deliver(hub, envelope);
    },
    // Events may have been missed: clients reconnect, resubscribe and refetch.
    onLost: (error) => {
      hub.logError({ err: error?.message }, 'realtime LISTEN connection lost; closing sockets');
      for (const peer of [...hub.peers]) {
        drop(hub, peer);
        peer.socket.close(realtimeCloseCodes.restart, 'restart');
      }
    },
    logError: hub.logError,
  });
}

function ensureListening(hub: HubState): Promise<void> {
  try {
    hub.listener ??= openListener(hub);
  } catch (error) {
    hub.logError({ err: errorText(error) }, 'realtime cannot listen');
    return Promise.reject(error);
  }
  return hub.listener.ready();
}

function unindex(hub: HubState, peer: Peer, topic: string): void {
  hub.index.remove(peer.merchantCode, indexKeyOf(peer, topic), peer);
}

function drop(hub: HubState, peer: Peer): void {
  if (!hub.peers.delete(peer)) return;
  for (const topic of peer.topics) unindex(hub, peer, topic);
  peer.topics.clear();
  const left = (hub.perIp.get(peer.ip) ?? 1) - 1;
  if (left <= 0) hub.perIp.delete(peer.ip);
  else hub.perIp.set(peer.ip, left);
}

/** Ends the peer's member identity and its member topics (a failed or another member's auth). */
function forgetMember(hub: HubState, peer: Peer): void {
  for (const topic of [...peer.topics]) {
    if (!needsMember(topic)) continue;
    unindex(hub, peer, topic);
    peer.topics.delete(topic);
  }
  peer.memberId = null;
  peer.token = null;
}

/** The member of a token, or null; a failure of the check itself is logged and refuses. */
async function memberOfToken(hub: HubState, peer: Peer, token: string): Promise<string | null> {
  if (!hub.authenticate) return null;
  try {
    return await hub.authenticate(token, peer.merchantCode);
  } catch (error) {
    hub.logError({ err: errorText(error) }, 'realtime session check failed');
    return null;
  }
}

async function authenticate(hub: HubState, peer: Peer, token: string): Promise<void> {
  const memberId = await memberOfToken(hub, peer, token);
  if (!hub.peers.has(peer)) return;
  if (memberId === null || memberId !== peer.memberId) forgetMember(hub, peer);
  if (memberId === null) {
    sendError(hub, peer, 'REALTIME_AUTH_FAILED');
    return;
  }
  peer.memberId = memberId;
  peer.token = token;
  send(hub, peer, frame({ op: 'authenticated' }));
}

/** A member topic needs the session still valid (not logged out, not expired) right now. */
async function sessionStillValid(hub: HubState, peer: Peer): Promise<boolean> {
  if (peer.token === null || peer.memberId === null) return false;
  const memberId = await memberOfToken(hub, peer, peer.token);
  return memberId !== null && memberId === peer.memberId;
}

/** Why a subscribe is refused, or null; all or nothing: one bad topic refuses the message. */
function subscribeRefusal(hub: HubState, peer: Peer, topics: string[]): RealtimeErrorCode | null {
  if (!topics.every((topic) => hub.canRead(peer, topic))) return 'REALTIME_TOPIC_FORBIDDEN';
  const added = topics.filter((topic) => !peer.topics.has(topic));
  if (peer.topics.size + added.length > REALTIME_TOPICS_PER_CONNECTION_MAX) {
    return 'REALTIME_TOPICS_LIMIT';
  }
  return null;
}

async function subscribe(hub: HubState, peer: Peer, topics: string[]): Promise<void> {
  if (topics.some(needsMember)) {
    const valid = await sessionStillValid(hub, peer);
    if (!hub.peers.has(peer)) return;
    if (!valid) {
      forgetMember(hub, peer);
      sendError(hub, peer, 'REALTIME_AUTH_FAILED');
      return;
    }
  }
  const refusal = subscribeRefusal(hub, peer, topics);
  if (refusal) {
    sendError(hub, peer, refusal);
    return;
  }
  for (const topic of topics) {
    if (peer.topics.has(topic)) continue;
    peer.topics.add(topic);
    hub.index.add(peer.merchantCode, indexKeyOf(peer, topic), peer);
  }
  // The answer comes once LISTEN is in place: from then on no event of these topics is missed.
  ensureListening(hub).then(
    () => {
      if (hub.peers.has(peer)) send(hub, peer, frame({ op: 'subscribed', topics }));
    },
    () => {},
  );
}

function unsubscribe(hub: HubState, peer: Peer, topics: string[]): void {
  for (const topic of topics) {
    if (peer.topics.has(topic)) unindex(hub, peer, topic);
    peer.topics.delete(topic);
  }
}

function handle(hub: HubState, peer: Peer, message: RealtimeClientMessage): Promise<void> {
  if (message.op === 'auth') return authenticate(hub, peer, message.token);
  if (message.op === 'subscribe') return subscribe(hub, peer, message.topics);
  unsubscribe(hub, peer, message.topics);
  return Promise.resolve();
}

function receive(hub: HubState, peer: Peer, raw: string | Buffer, isBinary: boolean): void {
  if (!hub.peers.has(peer)) return;
  peer.lastSeenMs = hub.now();
  if (!countWithinRate(peer, peer.lastSeenMs)) {
    // One answer per window: refusing must not cost more than the flood.
    if (!peer.windowRefused) sendError(hub, peer, 'REALTIME_RATE_LIMITED');
    peer.windowRefused = true;
    return;
  }
  const parsed = parseClientMessage(raw, isBinary);
  if (!parsed.ok) {
    sendError(hub, peer, parsed.errorCode);
    return;
  }
  const message = parsed.message;
  // In order: a subscribe sent right after an auth waits for the auth's answer.
  peer.queue = peer.queue
    .then(() => (hub.peers.has(peer) ? handle(hub, peer, message) : undefined))
    .catch((error: unknown) => {
      hub.logError({ err: errorText(error) }, 'realtime message failed');
    });
}

function checkPeers(hub: HubState): void {
  const nowMs = hub.now();
  for (const peer of [...hub.peers]) {
    if (nowMs - peer.lastSeenMs > REALTIME_DEAD_PEER_TIMEOUT_MS) {
      drop(hub, peer);
      peer.socket.terminate();
    } else {
      peer.socket.ping();
    }
  }
}

function startPinging(hub: HubState): void {
  if (hub.pingTimer || hub.pingIntervalMs === null) return;
  hub.pingTimer = setInterval(() => checkPeers(hub), hub.pingIntervalMs);
  hub.pingTimer.unref();
}

function canAccept(hub: HubState, ip: string): RealtimeErrorCode | null {
  if (hub.closed || hub.peers.size >= REALTIME_CONNECTIONS_MAX) return 'REALTIME_CONNECTIONS_LIMIT';
  if ((hub.perIp.get(ip) ?? 0) >= REALTIME_CONNECTIONS_PER_IP_MAX) {
    return 'REALTIME_CONNECTIONS_LIMIT';
  }
  return null;
}

function attach(
  hub: HubState,
  input: { socket: RealtimeSocket; merchantCode: string; ip: string },
): RealtimeConnection {
  const { socket, ip } = input;
  // Checked again here: several upgrades of one address may pass the early check at once.
  const refusal = canAccept(hub, ip);
  if (refusal) {
    socket.send(frame({ op: 'error', errorCode: refusal }));
    socket.close(realtimeCloseCodes.policy, refusal);
    return NO_CONNECTION;
  }
  const peer = newPeer({ ...input, nowMs: hub.now() });
  hub.peers.add(peer);
  hub.perIp.set(ip, (hub.perIp.get(ip) ?? 0) + 1);
  startPinging(hub);
  return {
    receive: (raw, isBinary) => receive(hub, peer, raw, isBinary),
    alive: () => {
      peer.lastSeenMs = hub.now();
    },
    detach: () => drop(hub, peer),
  };
}

async function close(hub: HubState): Promise<void> {
  hub.closed = true;
  if (hub.pingTimer) clearInterval(hub.pingTimer);
  hub.pingTimer = null;
  for (const peer of [...hub.peers]) {
    drop(hub, peer);
    peer.socket.close(realtimeCloseCodes.goingAway, 'server stopping');
  }
  await hub.listener?.close();
  hub.listener = null;
}

export function createRealtimeHub(
  deps: RealtimeHubDeps,
): RealtimeHub & { checkPeers(): void; deliver(envelope: NotifyEnvelope): void } {
  const hub: HubState = {
    transport: deps.transport,
    now: deps.nowMs ?? Date.now,
    logError: deps.logError ?? (() => {}),
    canRead: deps.canRead ?? publicAndOwnMemberTopics,
    authenticate: deps.authenticate,
    pingIntervalMs:
      deps.pingIntervalMs === undefined ? REALTIME_PING_INTERVAL_MS : deps.pingIntervalMs,
    index: new SubscriberIndex<Peer>(),
    peers: new Set(),
    perIp: new Map(),
    listener: null,
    pingTimer: null,
    closed: false,
  };
  return {
    publish: async (event) => {
      await hub.transport.notify(realtimeNotifyPayload(event));
    },
    canAccept: (ip) => canAccept(hub, ip),
    attach: (input) => attach(hub, input),
    subscriberCounts: (merchantCode) => hub.index.counts(merchantCode),
    connectionCount: () => hub.peers.size,
    close: () => close(hub),
    checkPeers: () => checkPeers(hub),
    deliver: (envelope) => deliver(hub, envelope),
  };
}
