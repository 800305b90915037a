/**
 * Which topics a socket may subscribe to. Public topics are per merchant and listed below;
 * member topics (`member.balance`) are private: the socket must have authenticated as a member,
 * and the hub maps the name to that member's own key (`member.<memberId>.balance`), so no name
 * a client can send reaches another member's pushes. Anything else is refused with
 * REALTIME_TOPIC_FORBIDDEN and never subscribed, so a new topic family is closed until listed.
 */
import {
  MEMBER_BALANCE_TOPIC,
  MEMBER_MESSAGES_TOPIC,
  MEMBER_MISSIONS_TOPIC,
  SIGNED_IN_TOPICS,
} from '@app/contract';

/** Public, per-merchant topics: anyone on the merchant's site may read them. */
export const PUBLIC_TOPIC_PATTERNS: readonly RegExp[] = [
  /^lottery\.draws\.[A-Za-z0-9_-]+$/,
  /^lottery\.results\.[A-Za-z0-9_-]+$/,
];

/** Private topics as clients name them: each is the authenticated member's own. */
export const MEMBER_TOPICS: readonly string[] = [
  MEMBER_BALANCE_TOPIC,
  MEMBER_MESSAGES_TOPIC,
  MEMBER_MISSIONS_TOPIC,
];

const MEMBER_DOMAIN = 'member.';
const MEMBER_KEY_PATTERN = /^member\.(\d+)\.([a-z-]+)$/;

/**
 * Who is reading on one socket: `memberId` is the member whose session token the socket
 * presented (`{op: 'auth'}`), null for a guest.
 */
export interface RealtimeReader {
  merchantCode: string;
  ip: string;
  memberId: string | null;
}

/** Whether `reader` may subscribe to `topic`; asked for every topic of every subscribe. */
export type TopicAuthorizer = (reader: RealtimeReader, topic: string) => boolean;

export const publicTopicsOnly: TopicAuthorizer = (_reader, topic) =>
  PUBLIC_TOPIC_PATTERNS.some((pattern) => pattern.test(topic));

export function isMemberTopic(topic: string): boolean {
  return MEMBER_TOPICS.includes(topic);
}

/**
 * Shared topics of the signed-in (`chat.room`, `messages.broadcast`): one name for every member
 * of the merchant, but only a socket authenticated as a member may hold them.
 */
export function isSignedInTopic(topic: string): boolean {
  return SIGNED_IN_TOPICS.includes(topic);
}

/** Whether a topic needs the socket authenticated (and the session still valid at subscribe). */
export function needsMember(topic: string): boolean {
  return isMemberTopic(topic) || isSignedInTopic(topic);
}

/** Public topics to anyone; member and signed-in topics only to a socket authenticated as a member. */
export const publicAndOwnMemberTopics: TopicAuthorizer = (reader, topic) =>
  publicTopicsOnly(reader, topic) || (reader.memberId !== null && needsMember(topic));

/** The key a member topic is published and indexed under: `member.<memberId>.<name>`. */
export function memberTopicKey(memberId: string | bigint, topic: string): string {
  return `${MEMBER_DOMAIN}${memberId}.${topic.slice(MEMBER_DOMAIN.length)}`;
}

/** The client's name of a member topic key (`member.7.balance` -> `member.balance`), else null. */
export function memberTopicOfKey(key: string): string | null {
  const match = MEMBER_KEY_PATTERN.exec(key);
  return match ? `${MEMBER_DOMAIN}${match[2]}` : null;
}
