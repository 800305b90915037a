import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { defineCall } from '../call.js';
import { cursorPageOf, cursorPageQuery } from '../cursor-paging.js';
import { languageCodeSchema } from '../languages.js';
import {
  CHAT_LINK_HOSTS_MAX,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MUTE_MINUTES_MAX,
  chatNameMasks,
  MESSAGE_HTML_MAX_LENGTH,
  MESSAGE_LANGUAGES_MAX,
  MESSAGE_RANK_MAX,
  MESSAGE_TITLE_MAX_LENGTH,
  messageAudiences,
} from '../messages-chat-constants.js';
import { hostNameSchema } from './admin-content.js';

/** The console's platform messages and chat moderation calls (issue 21). */

const idSchema = z.string().regex(/^[1-9][0-9]{0,17}$/);

export const messageTextSchema = z.object({
  language: languageCodeSchema,
  title: z.string().trim().min(1).max(MESSAGE_TITLE_MAX_LENGTH),
  /** Rich text from the editor; the server sanitizes it as it does announcements. */
  contentHtml: z.string().min(1).max(MESSAGE_HTML_MAX_LENGTH),
});

export const sendMessageInputSchema = z
  .object({
    audience: z.enum(messageAudiences),
    /** audience `member`: the member's account name. */
    memberAccount: z.string().trim().min(1).max(64).optional(),
    /** audience `label`: a member label of the merchant. */
    labelId: idSchema.optional(),
    /** audience `rank`: members at this rank or above. */
    minRank: z.number().int().min(0).max(MESSAGE_RANK_MAX).optional(),
    texts: z.array(messageTextSchema).min(1).max(MESSAGE_LANGUAGES_MAX),
  })
  .refine((input) => input.audience !== 'member' || input.memberAccount !== undefined, {
    path: ['memberAccount'],
    message: 'Required for one member',
  })
  .refine((input) => input.audience !== 'label' || input.labelId !== undefined, {
    path: ['labelId'],
    message: 'Required for a label',
  })
  .refine((input) => input.audience !== 'rank' || input.minRank !== undefined, {
    path: ['minRank'],
    message: 'Required for a rank',
  })
  .refine(
    (input) => new Set(input.texts.map((text) => text.language)).size === input.texts.length,
    {
      path: ['texts'],
      message: 'One text per language',
    },
  );
export type SendMessageInput = z.infer<typeof sendMessageInputSchema>;

export const adminMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(['operator', 'system']),
  audience: z.enum(messageAudiences),
  /** What the audience names: the member's account, the label's name, the rank. */
  audienceName: z.string().nullable(),
  texts: z.array(z.object({ language: z.string(), title: z.string(), contentHtml: z.string() })),
  sentBy: z.string().nullable(),
  sentAt: z.number().int(),
  withdrawn: z.boolean(),
  /** Members who opened it (a broadcast's readers so far). */
  readCount: z.number().int(),
});
export type AdminMessage = z.infer<typeof adminMessageSchema>;

export const adminSendMessageCall = defineCall({
  ...adminRoutes.adminSendMessage,
  summary: 'Sends a platform message to a member, a label, a rank and up, or every member',
  tags: ['admin'],
  bodyLimitBytes: MESSAGE_LANGUAGES_MAX * (MESSAGE_HTML_MAX_LENGTH + 1024) + 4096,
  body: sendMessageInputSchema,
  value: adminMessageSchema,
});

export const adminSentMessagesCall = defineCall({
  ...adminRoutes.adminSentMessages,
  summary: 'Messages of the merchant, newest first, keyset paged',
  tags: ['admin'],
  query: cursorPageQuery.extend({ kind: z.enum(['operator', 'system']).optional() }),
  value: cursorPageOf(adminMessageSchema),
});

export const adminWithdrawMessageCall = defineCall({
  ...adminRoutes.adminWithdrawMessage,
  summary: 'Withdraws a sent message: it leaves every member’s list',
  tags: ['admin'],
  body: z.object({ id: idSchema }),
  value: adminMessageSchema,
});

export const adminChatMessageSchema = z.object({
  id: z.string(),
  /** The author's account (null for the house). */
  memberAccount: z.string().nullable(),
  name: z.string(),
  house: z.boolean(),
  text: z.string(),
  sentAt: z.number().int(),
  deleted: z.boolean(),
  /** When the author's mute ends (ms), if muted now. */
  mutedUntil: z.number().int().nullable(),
});
export type AdminChatMessage = z.infer<typeof adminChatMessageSchema>;

export const adminChatRoomSchema = z.object({
  open: z.boolean(),
  nameMask: z.enum(chatNameMasks),
  linkHosts: z.array(z.string()),
});
export type AdminChatRoom = z.infer<typeof adminChatRoomSchema>;

export const adminChatMessagesCall = defineCall({
  ...adminRoutes.adminChatMessages,
  summary: 'The chat room’s messages, newest first (deleted ones included), keyset paged',
  tags: ['admin'],
  query: cursorPageQuery,
  value: cursorPageOf(adminChatMessageSchema),
});

export const adminChatDeleteMessageCall = defineCall({
  ...adminRoutes.adminChatDeleteMessage,
  summary: 'Removes a chat message for everyone',
  tags: ['admin'],
  body: z.object({ id: idSchema }),
  value: adminChatMessageSchema,
});

export const adminChatPostCall = defineCall({
  ...adminRoutes.adminChatPost,
  summary: 'Posts to the chat room as the house',
  tags: ['admin'],
  body: z.object({ text: z.string().trim().min(1).max(CHAT_MESSAGE_MAX_LENGTH) }),
  value: adminChatMessageSchema,
});

export const adminChatMuteCall = defineCall({
  ...adminRoutes.adminChatMute,
  summary: 'Mutes a member in the chat room for some minutes (0 lifts the mute)',
  tags: ['admin'],
  body: z.object({
    memberAccount: z.string().trim().min(1).max(64),
    minutes: z.number().int().min(0).max(CHAT_MUTE_MINUTES_MAX),
    reason: z.string().trim().max(200).optional(),
  }),
  value: z.object({ memberAccount: z.string(), mutedUntil: z.number().int().nullable() }),
});

export const adminChatRoomCall = defineCall({
  ...adminRoutes.adminChatRoom,
  summary: 'The chat room’s settings',
  tags: ['admin'],
  value: adminChatRoomSchema,
});

export const adminUpdateChatRoomCall = defineCall({
  ...adminRoutes.adminUpdateChatRoom,
  summary: 'Opens or closes the chat room, sets how names show and which link hosts are clickable',
  tags: ['admin'],
  body: z.object({
    open: z.boolean(),
    nameMask: z.enum(chatNameMasks),
    linkHosts: z.array(hostNameSchema).max(CHAT_LINK_HOSTS_MAX),
  }),
  value: adminChatRoomSchema,
});
