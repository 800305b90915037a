/**
 * Which topics a socket may subscribe to. Today every topic is public per merchant, and only
 * the patterns below exist; anything else is refused with REALTIME_TOPIC_FORBIDDEN and never
 * subscribed, so that a private topic added later (a member's balance, a chat room) is closed
 * until it gets its own rule.
 */

/** Public, per-merchant topics: anyone on the merchant's site may read them. */
export const PUBLIC_TOPIC_PATTERNS: readonly RegExp[] = [
  /^lottery\.draws\.[A-Za-z0-9_-]+$/,
  /^lottery\.results\.[A-Za-z0-9_-]+$/,
];

/**
 * Who is reading on one socket. Private topics will add the reader's identity here (a member
 * id from the session presented at the upgrade) and a rule that compares it with the topic.
 */
export interface RealtimeReader {
  merchantCode: string;
  ip: string;
}

/** Whether `reader` may subscribe to `topic`; asked for every topic of every subscribe. */
export type TopicAuthorizer = (reader: RealtimeReader, topic: string) => boolean;

export const publicTopicsOnly: TopicAuthorizer = (_reader, topic) =>
  PUBLIC_TOPIC_PATTERNS.some((pattern) => pattern.test(topic));
