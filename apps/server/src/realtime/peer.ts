import { REALTIME_MESSAGES_PER_SECOND, REALTIME_RATE_WINDOW_MS } from './limits.js';
import { isMemberTopic, memberTopicKey } from './topic-access.js';

/** What the hub needs of a WebSocket (the `ws` socket has all of it). */
export interface RealtimeSocket {
  readonly bufferedAmount: number;
  send(text: string): void;
  close(code: number, reason: string): void;
  terminate(): void;
  ping(): void;
}

/** One accepted socket and what the hub knows of it. */
export interface Peer {
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

export function newPeer(input: {
  socket: RealtimeSocket;
  merchantCode: string;
  ip: string;
  nowMs: number;
}): Peer {
  return {
    socket: input.socket,
    merchantCode: input.merchantCode,
    ip: input.ip,
    memberId: null,
    token: null,
    queue: Promise.resolve(),
    topics: new Set(),
    lastSeenMs: input.nowMs,
    windowStartMs: input.nowMs,
    windowCount: 0,
    windowRefused: false,
  };
}

/** Counts a message in the peer's rate window; false when it is over the limit. */
export function countWithinRate(peer: Peer, nowMs: number): boolean {
  if (nowMs - peer.windowStartMs >= REALTIME_RATE_WINDOW_MS) {
    peer.windowStartMs = nowMs;
    peer.windowCount = 0;
    peer.windowRefused = false;
  }
  peer.windowCount += 1;
  return peer.windowCount <= REALTIME_MESSAGES_PER_SECOND;
}

/** Where a peer's topic lives in the index: a member topic under its member's own key. */
export function indexKeyOf(peer: Peer, topic: string): string {
  return isMemberTopic(topic) && peer.memberId !== null
    ? memberTopicKey(peer.memberId, topic)
    : topic;
}
