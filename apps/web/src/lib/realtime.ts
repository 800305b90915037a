import {
  isRealtimeTopic,
  REALTIME_MERCHANT_PARAM,
  REALTIME_PATH,
  REALTIME_TOPICS_PER_CONNECTION_MAX,
  type RealtimeClientMessage,
  SIGNED_IN_TOPICS,
} from '@app/contract/client';
import { localKeys, readLocal } from './storage';

/**
 * One shared WebSocket per tab for realtime topics: opened at the first subscription, closed
 * a moment after the last one ends, reopened after a loss with exponential backoff and jitter,
 * resubscribing every topic and telling each subscriber (`onReconnect`) so that its page can
 * refetch what it may have missed. Hidden tabs keep their socket: events are small and a page
 * that comes back must be current at once (browsers already slow hidden tabs' timers).
 */

/** First wait before reconnecting after a loss. */
export const REALTIME_RECONNECT_BASE_MS = 1_000;
/** Longest wait between reconnect attempts. */
export const REALTIME_RECONNECT_MAX_MS = 30_000;
/** The socket stays this long after the last unsubscribe (route changes, React re-mounts). */
export const REALTIME_IDLE_CLOSE_MS = 2_000;

/** What this client needs of a WebSocket (the browser's, or a fake in tests). */
export interface RealtimeSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

const SOCKET_OPEN = 1;
/** Closed by this side on purpose (the last subscriber left). */
const NORMAL_CLOSE = 1000;

export type RealtimeListener<T = unknown> = (data: T) => void;

export interface SubscribeOptions {
  /** Called once the socket is back after a loss and the topic is subscribed again. */
  onReconnect?: () => void;
}

export interface RealtimeClientOptions {
  url: () => string;
  createSocket: (url: string) => RealtimeSocketLike;
  random?: () => number;
  /** The member's session token, presented before member topics are subscribed. */
  token?: () => string | null;
}

/** Member topics (`member.balance`) and shared signed-in ones (`chat.room`) need the socket authenticated first. */
const isMemberTopic = (topic: string) =>
  topic.startsWith('member.') || SIGNED_IN_TOPICS.includes(topic);

interface Subscriber {
  listener: RealtimeListener;
  onReconnect: (() => void) | undefined;
}

/** Backoff before reconnect attempt `attempt` (0-based): half to all of the doubled wait. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(
    REALTIME_RECONNECT_MAX_MS,
    REALTIME_RECONNECT_BASE_MS * 2 ** Math.min(attempt, 20),
  );
  return Math.round(ceiling * (0.5 + random() / 2));
}

export function createRealtimeClient(options: RealtimeClientOptions) {
  const random = options.random ?? Math.random;
  const topics = new Map<string, Set<Subscriber>>();
  let socket: RealtimeSocketLike | null = null;
  let attempt = 0;
  let everOpened = false;
  let reconnectPending = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;

  const send = (message: RealtimeClientMessage) => {
    if (socket && socket.readyState === SOCKET_OPEN) socket.send(JSON.stringify(message));
  };

  /**
   * A subscribe that includes member topics is preceded by an `auth` with the current token:
   * the server handles messages in order, so the subscribe sees the auth's outcome, and a token
   * that changed (another login in this tab) replaces the socket's member.
   */
  const sendSubscribe = (list: string[]) => {
    const token = list.some(isMemberTopic) ? options.token?.() : null;
    if (token) send({ op: 'auth', token });
    send({ op: 'subscribe', topics: list });
  };

  const dispatch = (raw: unknown) => {
    if (typeof raw !== 'string') return;
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    const { topic, op } = message as { topic?: unknown; op?: unknown };
    if (typeof topic === 'string' && 'data' in message) {
      for (const subscriber of [...(topics.get(topic) ?? [])]) {
        try {
          subscriber.listener((message as { data: unknown }).data);
        } catch (error) {
          // One page's failing handler must not starve the others.
          console.error(error);
        }
      }
    } else if (op === 'subscribed' && reconnectPending) {
      reconnectPending = false;
      attempt = 0;
      for (const subscribers of topics.values()) {
        for (const subscriber of [...subscribers]) subscriber.onReconnect?.();
      }
    } else if (op === 'subscribed') {
      attempt = 0;
    } else if (op === 'error') {
      // A refusal is a bug of this site (bad topic, too many topics), not something to show.
      console.warn('realtime:', (message as { errorCode?: unknown }).errorCode);
    }
  };

  const scheduleReconnect = () => {
    if (reconnectTimer || topics.size === 0) return;
    const delay = reconnectDelayMs(attempt, random);
    attempt += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      if (topics.size > 0) connect();
    }, delay);
  };

  function connect() {
    let next: RealtimeSocketLike;
    try {
      next = options.createSocket(options.url());
    } catch {
      scheduleReconnect();
      return;
    }
    socket = next;
    next.onopen = () => {
      if (socket !== next) return;
      if (everOpened) reconnectPending = true;
      everOpened = true;
      if (topics.size > 0) sendSubscribe([...topics.keys()]);
    };
    next.onmessage = (event) => {
      if (socket === next) dispatch(event.data);
    };
    next.onerror = () => {};
    next.onclose = () => {
      if (socket !== next) return;
      socket = null;
      // A loss: whatever happened meanwhile is for `onReconnect` to refetch once back.
      scheduleReconnect();
    };
  }

  const closeIdle = () => {
    idleTimer = null;
    if (topics.size > 0) return;
    if (reconnectTimer) clearTimeout(reconnectTimer);
    reconnectTimer = null;
    const current = socket;
    socket = null;
    attempt = 0;
    // A later first subscription starts afresh: nothing to refetch for pages that were gone.
    everOpened = false;
    reconnectPending = false;
    current?.close(NORMAL_CLOSE, 'idle');
  };

  return {
    /** Listens to one topic; the returned function stops listening. */
    subscribe<T = unknown>(
      topic: string,
      listener: RealtimeListener<T>,
      subscribeOptions: SubscribeOptions = {},
    ): () => void {
      if (!isRealtimeTopic(topic)) {
        console.error(`realtime: invalid topic ${topic}`);
        return () => {};
      }
      const subscriber: Subscriber = {
        listener: listener as RealtimeListener,
        onReconnect: subscribeOptions.onReconnect,
      };
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      let subscribers = topics.get(topic);
      if (!subscribers && topics.size >= REALTIME_TOPICS_PER_CONNECTION_MAX) {
        console.error(
          `realtime: more than ${REALTIME_TOPICS_PER_CONNECTION_MAX} topics in one tab`,
        );
        return () => {};
      }
      if (!subscribers) {
        subscribers = new Set();
        topics.set(topic, subscribers);
        sendSubscribe([topic]);
      }
      subscribers.add(subscriber);
      if (!socket && !reconnectTimer) connect();

      let active = true;
      return () => {
        if (!active) return;
        active = false;
        const current = topics.get(topic);
        if (!current) return;
        current.delete(subscriber);
        if (current.size > 0) return;
        topics.delete(topic);
        send({ op: 'unsubscribe', topics: [topic] });
        if (topics.size === 0 && !idleTimer)
          idleTimer = setTimeout(closeIdle, REALTIME_IDLE_CLOSE_MS);
      };
    },
    /** Topics with at least one listener (tests, diagnostics). */
    topics: () => [...topics.keys()],
  };
}

export type RealtimeClient = ReturnType<typeof createRealtimeClient>;

/** `ws(s)://<this host>/ws?merchant=CODE`; without a known code the server goes by host name. */
export function realtimeUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const merchantCode = readLocal(localKeys.merchantCode);
  const query = merchantCode
    ? `?${REALTIME_MERCHANT_PARAM}=${encodeURIComponent(merchantCode)}`
    : '';
  return `${scheme}//${window.location.host}${REALTIME_PATH}${query}`;
}

let shared: RealtimeClient | null = null;
/** The member's session token for member topics (set by whoever follows one). */
let memberToken: string | null = null;

/**
 * Sets the session token the shared socket presents before subscribing member topics (and on
 * every reconnect). Passed in rather than read here: importing the token store would pull this
 * client into the initial JavaScript.
 */
export function setRealtimeToken(token: string | null): void {
  memberToken = token;
}

/** Listens to one topic over the tab's shared socket; the returned function stops listening. */
export function subscribeTopic<T = unknown>(
  topic: string,
  listener: RealtimeListener<T>,
  options: SubscribeOptions = {},
): () => void {
  shared ??= createRealtimeClient({
    url: realtimeUrl,
    createSocket: (url) => new WebSocket(url) as unknown as RealtimeSocketLike,
    token: () => memberToken,
  });
  return shared.subscribe(topic, listener, options);
}
