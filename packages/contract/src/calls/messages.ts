import { z } from 'zod';
import { defineCall } from '../call.js';
import { cursorSchema } from '../cursor-paging.js';
import {
  CHAT_HISTORY_LIMIT_MAX,
  CHAT_HISTORY_PAGE_SIZE,
  CHAT_MESSAGE_MAX_LENGTH,
  chatNameMasks,
  MESSAGE_PAGE_LIMIT_DEFAULT,
  MESSAGE_PAGE_LIMIT_MAX,
} from '../messages-chat-constants.js';
import { routes } from '../routes.js';

/** Platform messages (messageV2) and the chat room: the player site's calls (issue 21). */

const idSchema = z.string().regex(/^[1-9][0-9]{0,17}$/);

export const platformMessageSchema = z.object({
  id: z.string(),
  /** `operator` (sent from the console) or `system` (a withdrawal paid or rejected...). */
  kind: z.enum(['operator', 'system']),
  title: z.string(),
  /** Sanitized HTML: safe to render as it is. */
  content: z.string(),
  read: z.boolean(),
  /** Milliseconds since the epoch. */
  sentAt: z.number().int(),
});
export type PlatformMessage = z.infer<typeof platformMessageSchema>;

export const messagesCall = defineCall({
  ...routes.messages,
  summary: "The member's platform messages in the request language, newest first, keyset paged",
  tags: ['messages'],
  query: z.object({
    cursor: cursorSchema.optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(MESSAGE_PAGE_LIMIT_MAX)
      .default(MESSAGE_PAGE_LIMIT_DEFAULT),
  }),
  value: z.object({ items: z.array(platformMessageSchema), nextCursor: z.string().nullable() }),
});

const unreadValue = z.object({ unReadCount: z.number().int() });

export const readMessageCall = defineCall({
  ...routes.readMessage,
  summary: 'Marks a platform message read; answers the unread count',
  tags: ['messages'],
  body: z.object({ id: idSchema }),
  value: unreadValue,
});

export const deleteMessageCall = defineCall({
  ...routes.deleteMessage,
  summary: "Removes a platform message from the member's list; answers the unread count",
  tags: ['messages'],
  body: z.object({ id: idSchema }),
  value: unreadValue,
});

export const chatMessageSchema = z.object({
  id: z.string(),
  /** As the merchant shows names: full, partly hidden, or hidden. */
  name: z.string(),
  rankLabel: z.string().nullable(),
  /** Posted by an operator in the house's name. */
  house: z.boolean(),
  /** Plain text: never rendered as HTML. */
  text: z.string(),
  sentAt: z.number().int(),
});

export const chatRoomCall = defineCall({
  ...routes.chatRoom,
  summary: "The merchant's chat room: its state, the member's standing and the latest messages",
  tags: ['chat'],
  value: z.object({
    open: z.boolean(),
    /** False for trial accounts, muted members and a closed room. */
    canPost: z.boolean(),
    trial: z.boolean(),
    /** Milliseconds since the epoch; null when the member is not muted. */
    mutedUntil: z.number().int().nullable(),
    nameMask: z.enum(chatNameMasks),
    /** Host names whose links the room makes clickable. */
    linkHosts: z.array(z.string()),
    messageMaxLength: z.number().int(),
    /** The latest messages, oldest first. */
    messages: z.array(chatMessageSchema),
    hasOlder: z.boolean(),
  }),
});

export const chatHistoryCall = defineCall({
  ...routes.chatHistory,
  summary:
    'Chat messages before an id (older, on scroll) or after one (catching up after a reconnect), oldest first',
  tags: ['chat'],
  query: z
    .object({
      beforeId: idSchema.optional(),
      afterId: z
        .string()
        .regex(/^(0|[1-9][0-9]{0,17})$/)
        .optional(),
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(CHAT_HISTORY_LIMIT_MAX)
        .default(CHAT_HISTORY_PAGE_SIZE),
    })
    .refine((query) => (query.beforeId === undefined) !== (query.afterId === undefined), {
      message: 'Give beforeId or afterId',
      path: ['beforeId'],
    }),
  value: z.object({
    messages: z.array(chatMessageSchema),
    /** More messages lie beyond this page in the asked direction. */
    hasMore: z.boolean(),
  }),
});

export const chatPostCall = defineCall({
  ...routes.chatPost,
  summary: 'Posts a message to the chat room (plain text; members only, not trial accounts)',
  tags: ['chat'],
  bodyLimitBytes: 4 * 1024,
  body: z.object({ text: z.string().trim().min(1).max(CHAT_MESSAGE_MAX_LENGTH) }),
  value: chatMessageSchema,
});
