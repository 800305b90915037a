/**
 * The realtime push protocol (WebSocket at `REALTIME_PATH`), shared by the server hub and the
 * web client. Topics are public and per merchant: a socket only ever receives events of the
 * merchant it connected for. No zod here: the web imports this at run time.
 */

/** Where a browser opens the socket: `GET /ws?merchant=CODE` (browsers cannot set headers). */
export const REALTIME_PATH = '/ws';
/** The query parameter naming the merchant (the `Merchant` header of HTTP calls). */
export const REALTIME_MERCHANT_PARAM = 'merchant';

/** Topics one socket may hold at once (the server refuses more with REALTIME_TOPICS_LIMIT). */
export const REALTIME_TOPICS_PER_CONNECTION_MAX = 20;
/** Longest topic name, in characters. */
export const REALTIME_TOPIC_MAX_LENGTH = 120;
/**
 * A topic: a lowercase domain, then one to four dot-separated parts of letters, digits, `_` or
 * `-` (e.g. `lottery.draws.VN_NORTH_FAST_1`).
 */
export const REALTIME_TOPIC_PATTERN = /^[a-z][a-z0-9-]*(?:\.[A-Za-z0-9_-]+){1,4}$/;

export function isRealtimeTopic(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= REALTIME_TOPIC_MAX_LENGTH &&
    REALTIME_TOPIC_PATTERN.test(value)
  );
}

/** Longest session token an `auth` message may carry (tokens are 43 characters). */
export const REALTIME_AUTH_TOKEN_MAX_LENGTH = 128;

/**
 * The signed-in member's own balance topic. The name carries no member id: the server maps it
 * to the member the socket authenticated as, so no name can reach another member's pushes.
 * Its events say only that the balance changed (`{reason}`); the page refetches the amount.
 */
export const MEMBER_BALANCE_TOPIC = 'member.balance';

/** Why a balance push was sent (the event type that moved the money). */
export interface MemberBalanceChanged {
  reason: string;
}

/**
 * What a client sends. `auth` presents the member's session token after the socket opened
 * (never in the address, which ends up in logs); member topics need it first.
 */
export type RealtimeClientMessage =
  | { op: 'subscribe' | 'unsubscribe'; topics: string[] }
  | { op: 'auth'; token: string };

/** An event of a topic the socket subscribed to. */
export interface RealtimeEventMessage {
  topic: string;
  data: unknown;
}

/** The answer to a subscribe, sent once the server listens for those topics' events. */
export interface RealtimeSubscribedMessage {
  op: 'subscribed';
  topics: string[];
}

/** A refused message (the socket stays open unless the code says it was closed). */
export interface RealtimeErrorMessage {
  op: 'error';
  errorCode: RealtimeErrorCode;
}

/** The answer to an accepted `auth`: member topics may be subscribed from now on. */
export interface RealtimeAuthenticatedMessage {
  op: 'authenticated';
}

export type RealtimeServerMessage =
  | RealtimeEventMessage
  | RealtimeSubscribedMessage
  | RealtimeAuthenticatedMessage
  | RealtimeErrorMessage;

/** Error codes of the socket; each is also in `errors.ts` with its translated text. */
export const realtimeErrorCodes = [
  'REALTIME_MESSAGE_INVALID',
  'REALTIME_MESSAGE_TOO_LARGE',
  'REALTIME_TOPIC_INVALID',
  'REALTIME_TOPIC_FORBIDDEN',
  'REALTIME_AUTH_FAILED',
  'REALTIME_TOPICS_LIMIT',
  'REALTIME_RATE_LIMITED',
  'REALTIME_CONNECTIONS_LIMIT',
  'MERCHANT_UNKNOWN',
  'MERCHANT_REQUIRED',
] as const;
export type RealtimeErrorCode = (typeof realtimeErrorCodes)[number];

/**
 * WebSocket close codes the server uses (4000-4999 are the application's). A client does not
 * reconnect after `policy` closes caused by its own misuse of the protocol.
 */
export const realtimeCloseCodes = {
  /** Too many messages or too large a message: the client misbehaves. */
  policy: 1008,
  /** The peer did not answer pings in time. */
  deadPeer: 4000,
  /** The server is stopping; reconnect (another instance answers). */
  goingAway: 1001,
  /** The server lost its event feed and may have missed events: reconnect and refetch. */
  restart: 1012,
} as const;

/**
 * The signed-in member's own messages topic (issue 21): a platform message to this member
 * arrived. Like the balance topic it names no id and carries no text; the page refetches.
 */
export const MEMBER_MESSAGES_TOPIC = 'member.messages';
/** A message to many members (a label, a rank or everyone) arrived: signed-in sockets refetch. */
export const MESSAGES_BROADCAST_TOPIC = 'messages.broadcast';
/** The merchant's chat room: posts and deletions, for signed-in sockets only. */
export const CHAT_ROOM_TOPIC = 'chat.room';
/**
 * Topics shared by every signed-in member of a merchant (not one member's own): the socket must
 * have authenticated, but the topic name is the same for all of them.
 */
export const SIGNED_IN_TOPICS: readonly string[] = [MESSAGES_BROADCAST_TOPIC, CHAT_ROOM_TOPIC];

/**
 * The signed-in member's own missions topic (issue 20): the member's mission progress changed,
 * so the claimable count (the menu badge) may have. Carries no figures; the page refetches.
 */
export const MEMBER_MISSIONS_TOPIC = 'member.missions';
