import {
  type AdminChatMessage,
  type AdminChatRoom,
  CHAT_HISTORY_PAGE_SIZE,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_ROOM_TOPIC,
  type ChatMessageView,
  type ChatNameMask,
  type ChatRoomPush,
  type CursorPage,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import { REALTIME_NOTIFY_CHANNEL, realtimeNotifyPayload } from '../../realtime/index.js';
import type { AuditService } from '../audit/index.js';
import {
  type ChatMessageRow,
  type ChatRoomSettings,
  createChatRoomRepository,
} from './repository.js';

/** SPEC §6: account type 4 is a trial account; it may read the room, never post. */
const TRIAL_MEMBER_TYPE = 4;
/** What the room shows instead of a hidden name. */
const HIDDEN_NAME = '******';
/** The author name stored for posts in the house's name (the site shows its own label). */
const HOUSE_AUTHOR_NAME = 'house';
/** Names this long or shorter keep only their first character when partly hidden. */
const SHORT_NAME_LENGTH = 4;
/** Control and format characters (zero-width, direction overrides) have no place in a chat line. */
const INVISIBLE_CHARACTERS = /[\p{Cc}\p{Cf}]/gu;

export interface ChatMember {
  merchantCode: string;
  memberId: bigint;
  memberType: number;
}

export interface ChatActor {
  merchantCode: string;
  operatorId: bigint;
  operatorUsername: string;
  operatorRole: string;
  ip: string;
}

export interface ChatRoomDeps {
  db: Db;
  unitOfWork: UnitOfWork;
  audit: AuditService;
  usernameOf(memberId: bigint): Promise<string | undefined>;
  memberByAccount(merchantCode: string, account: string): Promise<{ id: bigint } | undefined>;
  accountsOf(ids: readonly bigint[]): Promise<Map<bigint, string>>;
  /**
   * The label of the member's rank shown beside the name, or null. Hook: ranks come from the
   * loyalty issue; until it lands nobody has one.
   */
  rankLabelOf(merchantCode: string, memberId: bigint): Promise<string | null>;
  now?: () => Date;
  /** Another NOTIFY channel (tests isolating hubs); the realtime hub's by default. */
  channel?: string;
}

/** How a name shows in a room with this mask. */
export function maskName(name: string, mask: ChatNameMask): string {
  if (mask === 'none') return name;
  if (mask === 'hidden') return HIDDEN_NAME;
  const characters = [...name];
  if (characters.length <= SHORT_NAME_LENGTH) return `${characters[0] ?? ''}***`;
  return `${characters.slice(0, 2).join('')}***${characters.slice(-2).join('')}`;
}

/** The text as stored and shown: trimmed, without control or direction-changing characters. */
export function cleanChatText(text: string): string {
  return text
    .replace(INVISIBLE_CHARACTERS, (character) => (character === '\n' ? character : ''))
    .trim();
}

function view(row: ChatMessageRow, mask: ChatNameMask): ChatMessageView {
  return {
    id: row.id.toString(),
    name: row.house ? HOUSE_AUTHOR_NAME : maskName(row.authorName, mask),
    rankLabel: row.rankLabel,
    house: row.house,
    text: row.body,
    sentAt: row.createdAt.getTime(),
  };
}

function textOrRefuse(text: string): string {
  const cleaned = cleanChatText(text);
  if (cleaned.length === 0 || [...cleaned].length > CHAT_MESSAGE_MAX_LENGTH) {
    throw new AppError('VALIDATION_FAILED', { field: 'text', maxLength: CHAT_MESSAGE_MAX_LENGTH });
  }
  return cleaned;
}

export function createChatRoomService(deps: ChatRoomDeps) {
  const { db, unitOfWork, audit } = deps;
  const now = deps.now ?? (() => new Date());
  const channel = deps.channel ?? REALTIME_NOTIFY_CHANNEL;
  const reads = createChatRoomRepository(db);

  function push(merchantCode: string, data: ChatRoomPush): string {
    return realtimeNotifyPayload({ merchantCode, topic: CHAT_ROOM_TOPIC, data });
  }

  /** Inserts a post under the room's lock and pushes it at commit. */
  async function insertAndPush(
    executor: Db,
    settings: ChatRoomSettings,
    row: Parameters<ReturnType<typeof createChatRoomRepository>['insert']>[0],
  ): Promise<ChatMessageRow> {
    const repository = createChatRoomRepository(executor);
    await repository.lockRoom(row.merchantCode);
    const saved = await repository.insert(row);
    await repository.notify(
      channel,
      push(row.merchantCode, { type: 'posted', message: view(saved, settings.nameMask) }),
    );
    return saved;
  }

  async function adminViews(merchantCode: string, rows: ChatMessageRow[]) {
    const settings = await reads.settings(merchantCode);
    const memberIds = [...new Set(rows.flatMap((row) => (row.memberId ? [row.memberId] : [])))];
    const [accounts, mutes] = await Promise.all([
      memberIds.length ? deps.accountsOf(memberIds) : new Map<bigint, string>(),
      reads.mutesOf(merchantCode, memberIds, now()),
    ]);
    return rows.map(
      (row): AdminChatMessage => ({
        id: row.id.toString(),
        memberAccount: row.memberId ? (accounts.get(row.memberId) ?? null) : null,
        name: view(row, settings.nameMask).name,
        house: row.house,
        text: row.body,
        sentAt: row.createdAt.getTime(),
        deleted: row.deletedAt !== null,
        mutedUntil: row.memberId ? (mutes.get(row.memberId)?.getTime() ?? null) : null,
      }),
    );
  }

  return {
    /** The room as the member opens it: state, standing, and the latest messages. */
    async room(member: ChatMember) {
      const settings = await reads.settings(member.merchantCode);
      const [rows, mutedUntil] = await Promise.all([
        reads.latest(member.merchantCode, CHAT_HISTORY_PAGE_SIZE + 1),
        reads.mutedUntil(member.merchantCode, member.memberId, now()),
      ]);
      const trial = member.memberType === TRIAL_MEMBER_TYPE;
      return {
        open: settings.open,
        canPost: settings.open && !trial && mutedUntil === null,
        trial,
        mutedUntil: mutedUntil?.getTime() ?? null,
        nameMask: settings.nameMask,
        linkHosts: settings.linkHosts,
        messageMaxLength: CHAT_MESSAGE_MAX_LENGTH,
        messages: rows
          .slice(0, CHAT_HISTORY_PAGE_SIZE)
          .reverse()
          .map((row) => view(row, settings.nameMask)),
        hasOlder: rows.length > CHAT_HISTORY_PAGE_SIZE,
      };
    },

    /** Older messages (scroll) or newer ones (catch-up after a reconnect), oldest first. */
    async history(
      merchantCode: string,
      query: { beforeId?: string | undefined; afterId?: string | undefined; limit: number },
    ) {
      const settings = await reads.settings(merchantCode);
      const rows =
        query.beforeId !== undefined
          ? (await reads.before(merchantCode, BigInt(query.beforeId), query.limit + 1)).reverse()
          : await reads.after(merchantCode, BigInt(query.afterId ?? '0'), query.limit + 1);
      const hasMore = rows.length > query.limit;
      // Older pages drop their oldest extra row, newer pages their newest.
      const page =
        query.beforeId !== undefined ? rows.slice(hasMore ? 1 : 0) : rows.slice(0, query.limit);
      return { messages: page.map((row) => view(row, settings.nameMask)), hasMore };
    },

    /** A member's post: refused to trial accounts, in a closed room and while muted. */
    async post(member: ChatMember, text: string): Promise<ChatMessageView> {
      if (member.memberType === TRIAL_MEMBER_TYPE) throw new AppError('TRIAL_ACCOUNT');
      const body = textOrRefuse(text);
      const settings = await reads.settings(member.merchantCode);
      if (!settings.open) throw new AppError('CHAT_ROOM_CLOSED');
      const mutedUntil = await reads.mutedUntil(member.merchantCode, member.memberId, now());
      if (mutedUntil) throw new AppError('CHAT_MUTED', { untilMs: mutedUntil.getTime() });
      const [username, rankLabel] = await Promise.all([
        deps.usernameOf(member.memberId),
        deps.rankLabelOf(member.merchantCode, member.memberId),
      ]);
      if (username === undefined) throw new AppError('SESSION_REQUIRED');
      const saved = await unitOfWork((executor) =>
        insertAndPush(executor, settings, {
          merchantCode: member.merchantCode,
          memberId: member.memberId,
          authorName: username,
          rankLabel,
          house: false,
          body,
          postedBy: null,
        }),
      );
      return view(saved, settings.nameMask);
    },

    adminMessages: async (
      actor: ChatActor,
      page: { cursor?: string | undefined; limit: number },
    ): Promise<CursorPage<AdminChatMessage>> => {
      const rows = await reads.adminPage(actor.merchantCode, page);
      return {
        items: await adminViews(actor.merchantCode, rows.items),
        nextCursor: rows.nextCursor,
      };
    },

    /** Removes a message for everyone: the row, the audit entry and the push together. */
    async deleteMessage(actor: ChatActor, id: string): Promise<AdminChatMessage> {
      const after = await unitOfWork(async (executor) => {
        const repository = createChatRoomRepository(executor);
        const before = await repository.findForUpdate(actor.merchantCode, BigInt(id));
        if (!before) throw new AppError('NOT_FOUND', { field: 'id' });
        const deleted = await repository.markDeleted(before.id, actor.operatorId);
        await audit.recordWithin(executor, {
          ...auditFields(actor),
          action: 'chat.message.delete',
          subjectType: 'chat-message',
          subjectId: id,
          before: { text: before.body, deleted: before.deletedAt !== null },
          after: { text: deleted.body, deleted: true },
        });
        if (before.deletedAt === null) {
          await repository.notify(channel, push(actor.merchantCode, { type: 'deleted', id }));
        }
        return deleted;
      });
      const [viewed] = await adminViews(actor.merchantCode, [after]);
      if (!viewed) throw new AppError('NOT_FOUND', { field: 'id' });
      return viewed;
    },

    /** A post in the house's name (allowed in a closed room: the house may announce it). */
    async postAsHouse(actor: ChatActor, text: string): Promise<AdminChatMessage> {
      const body = textOrRefuse(text);
      const settings = await reads.settings(actor.merchantCode);
      const saved = await unitOfWork(async (executor) => {
        const row = await insertAndPush(executor, settings, {
          merchantCode: actor.merchantCode,
          memberId: null,
          authorName: HOUSE_AUTHOR_NAME,
          rankLabel: null,
          house: true,
          body,
          postedBy: actor.operatorId,
        });
        await audit.recordWithin(executor, {
          ...auditFields(actor),
          action: 'chat.message.house',
          subjectType: 'chat-message',
          subjectId: row.id.toString(),
          before: null,
          after: { text: body },
        });
        return row;
      });
      const [viewed] = await adminViews(actor.merchantCode, [saved]);
      if (!viewed) throw new Error('house post vanished');
      return viewed;
    },

    /** Mutes a member for `minutes` from now (0 lifts the mute). */
    async mute(
      actor: ChatActor,
      input: { memberAccount: string; minutes: number; reason?: string | undefined },
    ) {
      const member = await deps.memberByAccount(actor.merchantCode, input.memberAccount);
      if (!member) throw new AppError('NOT_FOUND', { field: 'memberAccount' });
      const at = now();
      const mutedUntil = new Date(at.getTime() + input.minutes * 60_000);
      await unitOfWork(async (executor) => {
        const repository = createChatRoomRepository(executor);
        const before = await repository.mutedUntil(actor.merchantCode, member.id, at);
        await repository.setMute({
          merchantCode: actor.merchantCode,
          memberId: member.id,
          mutedUntil,
          reason: input.reason ?? null,
          mutedBy: actor.operatorId,
        });
        await audit.recordWithin(executor, {
          ...auditFields(actor),
          action: input.minutes === 0 ? 'chat.unmute' : 'chat.mute',
          subjectType: 'member',
          subjectId: member.id.toString(),
          before: { mutedUntil: before?.toISOString() ?? null },
          after: {
            mutedUntil: input.minutes === 0 ? null : mutedUntil.toISOString(),
            reason: input.reason ?? null,
          },
        });
      });
      return {
        memberAccount: input.memberAccount,
        mutedUntil: input.minutes === 0 ? null : mutedUntil.getTime(),
      };
    },

    adminRoom: (actor: ChatActor): Promise<AdminChatRoom> => reads.settings(actor.merchantCode),

    async updateRoom(actor: ChatActor, settings: ChatRoomSettings): Promise<AdminChatRoom> {
      const linkHosts = [...new Set(settings.linkHosts)];
      const next = { ...settings, linkHosts };
      await unitOfWork(async (executor) => {
        const repository = createChatRoomRepository(executor);
        const before = await repository.settings(actor.merchantCode);
        await repository.saveSettings(actor.merchantCode, next);
        await audit.recordWithin(executor, {
          ...auditFields(actor),
          action: 'chat.room.update',
          subjectType: 'chat-room',
          subjectId: actor.merchantCode,
          before,
          after: next,
        });
      });
      return next;
    },
  };
}

function auditFields(actor: ChatActor) {
  return {
    merchantCode: actor.merchantCode,
    operatorId: actor.operatorId,
    operatorUsername: actor.operatorUsername,
    operatorRole: actor.operatorRole,
    ip: actor.ip,
  };
}

export type ChatRoomService = ReturnType<typeof createChatRoomService>;
