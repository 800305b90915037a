/**
 * Every limit of the realtime hub, by name (ARCHITECTURE.md §4 rule 6). Counts are per server
 * instance: each instance guards its own sockets.
 */

/** Topics one socket may hold at once (shared with the web client). */
export { REALTIME_TOPICS_PER_CONNECTION_MAX } from '@app/contract';
/** Largest client message, in bytes (a subscribe of the maximum topics fits easily). */
export const REALTIME_CLIENT_MESSAGE_MAX_BYTES = 4 * 1024;
/**
 * Frames above this are cut by the WebSocket library itself (close 1009) before being read;
 * between the two limits the hub answers REALTIME_MESSAGE_TOO_LARGE and keeps the socket.
 */
export const REALTIME_FRAME_MAX_BYTES = 16 * 1024;
/** Client messages per second per socket; more are refused (one error per second at most). */
export const REALTIME_MESSAGES_PER_SECOND = 10;
/** The window of that count. */
export const REALTIME_RATE_WINDOW_MS = 1_000;
/** Open sockets per client address on one instance (tabs behind one NAT share it). */
export const REALTIME_CONNECTIONS_PER_IP_MAX = 30;
/** Open sockets on one instance in all. */
export const REALTIME_CONNECTIONS_MAX = 10_000;
/** How often the server pings every socket. */
export const REALTIME_PING_INTERVAL_MS = 25_000;
/** A socket that answered no ping for this long is cut (half-open TCP, sleeping laptops). */
export const REALTIME_DEAD_PEER_TIMEOUT_MS = 60_000;
/** Bytes queued for one socket beyond which it is dropped as a slow consumer. */
export const REALTIME_SEND_BUFFER_MAX_BYTES = 256 * 1024;
/**
 * Largest NOTIFY payload PostgreSQL accepts is 8000 bytes (default build); events whose
 * envelope is bigger are refused at publish: publishers send small events, pages refetch.
 */
export const REALTIME_NOTIFY_PAYLOAD_MAX_BYTES = 7_999;
/** The one PostgreSQL channel every instance listens on. */
export const REALTIME_NOTIFY_CHANNEL = 'realtime_events';
/** First wait before the LISTEN connection is opened again after a loss. */
export const REALTIME_LISTEN_RETRY_BASE_MS = 500;
/** Longest wait between attempts to reopen the LISTEN connection. */
export const REALTIME_LISTEN_RETRY_MAX_MS = 15_000;
