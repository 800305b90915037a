/**
 * Limits of platform messages and the chat room (issue 21), shared by server, site and console.
 * No zod here: the site imports these at run time.
 */

/** Platform messages one page of the member centre shows (keyset paged, newest first). */
export const MESSAGE_PAGE_LIMIT_DEFAULT = 10;
export const MESSAGE_PAGE_LIMIT_MAX = 50;
/** The unread badge counts up to this and no further: counting costs what it counts. */
export const MESSAGE_UNREAD_COUNT_CAP = 999;
/** A message title, after trimming (plain text). */
export const MESSAGE_TITLE_MAX_LENGTH = 200;
/** A message body as the editor sends it, before sanitizing (the announcements' bound). */
export const MESSAGE_HTML_MAX_LENGTH = 100_000;
/** Languages one message may carry (each of the site's languages at most once). */
export const MESSAGE_LANGUAGES_MAX = 8;
/** The highest rank a message may be addressed to (ranks 0..this; the loyalty issue's scale). */
export const MESSAGE_RANK_MAX = 100;

/** The longest chat post, in characters (after trimming). */
export const CHAT_MESSAGE_MAX_LENGTH = 300;
/** Posts per member in one rate window, and the window. */
export const CHAT_POSTS_PER_WINDOW = 5;
export const CHAT_POST_WINDOW_MS = 10_000;
/** Messages the room shows when it opens, and per older page on scroll. */
export const CHAT_HISTORY_PAGE_SIZE = 50;
/** The most messages one history call answers (a reconnect's catch-up pages by this). */
export const CHAT_HISTORY_LIMIT_MAX = 100;
/** The longest mute an operator may give, in minutes (30 days). */
export const CHAT_MUTE_MINUTES_MAX = 30 * 24 * 60;
/** Host names a merchant may allow as clickable links in the room. */
export const CHAT_LINK_HOSTS_MAX = 20;
/** How the room shows member names: in full, partly hidden (`ab***yz`), or not at all. */
export const chatNameMasks = ['none', 'partial', 'hidden'] as const;
export type ChatNameMask = (typeof chatNameMasks)[number];
/** Who a platform message goes to. */
export const messageAudiences = ['member', 'label', 'rank', 'all'] as const;
export type MessageAudience = (typeof messageAudiences)[number];

/** A chat room push (`chat.room`): a new message, or one an operator removed. */
export type ChatRoomPush =
  | { type: 'posted'; message: ChatMessageView }
  | { type: 'deleted'; id: string };

/** A chat message as the room shows it: the name is already masked as the merchant set. */
export interface ChatMessageView {
  id: string;
  name: string;
  rankLabel: string | null;
  house: boolean;
  text: string;
  /** Milliseconds since the epoch. */
  sentAt: number;
}
