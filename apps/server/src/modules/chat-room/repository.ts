import type { ChatNameMask, CursorPage } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { type KeysetOrder, keysetPage } from '../../db/keyset-page.js';

export interface ChatRoomSettings {
  open: boolean;
  nameMask: ChatNameMask;
  linkHosts: string[];
}

/** A room nobody has configured yet: open, names partly hidden, no clickable links. */
export const DEFAULT_CHAT_ROOM: ChatRoomSettings = {
  open: true,
  nameMask: 'partial',
  linkHosts: [],
};

export interface ChatMessageRow {
  id: bigint;
  memberId: bigint | null;
  authorName: string;
  rankLabel: string | null;
  house: boolean;
  body: string;
  createdAt: Date;
  deletedAt: Date | null;
}

const ADMIN_ORDER: KeysetOrder = {
  name: 'chat-messages',
  keys: [{ ref: 'id', type: 'bigint' }],
  direction: 'desc',
};

const messageColumns = [
  'id',
  'member_id as memberId',
  'author_name as authorName',
  'rank_label as rankLabel',
  'house',
  'body',
  'created_at as createdAt',
  'deleted_at as deletedAt',
] as const;

/** The chat room's tables: `chat_rooms`, `chat_messages`, `chat_mutes`. */
export function createChatRoomRepository(db: Db) {
  function roomMessages(merchantCode: string) {
    return db
      .selectFrom('chat_messages')
      .select(messageColumns)
      .where('merchant_code', '=', merchantCode)
      .where('deleted_at', 'is', null);
  }

  return {
    async settings(merchantCode: string): Promise<ChatRoomSettings> {
      const row = await db
        .selectFrom('chat_rooms')
        .select(['open', 'name_mask as nameMask', 'link_hosts as linkHosts'])
        .where('merchant_code', '=', merchantCode)
        .executeTakeFirst();
      return row ?? DEFAULT_CHAT_ROOM;
    },

    async saveSettings(merchantCode: string, settings: ChatRoomSettings): Promise<void> {
      const values = {
        open: settings.open,
        name_mask: settings.nameMask,
        link_hosts: settings.linkHosts,
        updated_at: new Date(),
      };
      await db
        .insertInto('chat_rooms')
        .values({ merchant_code: merchantCode, ...values })
        .onConflict((conflict) => conflict.column('merchant_code').doUpdateSet(values))
        .execute();
    },

    /** The newest `limit` messages (newest first). */
    latest(merchantCode: string, limit: number): Promise<ChatMessageRow[]> {
      return roomMessages(merchantCode).orderBy('id', 'desc').limit(limit).execute();
    },

    /** Messages older than `beforeId`, newest first. */
    before(merchantCode: string, beforeId: bigint, limit: number): Promise<ChatMessageRow[]> {
      return roomMessages(merchantCode)
        .where('id', '<', beforeId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Messages newer than `afterId`, oldest first (a reconnect's catch-up). */
    after(merchantCode: string, afterId: bigint, limit: number): Promise<ChatMessageRow[]> {
      return roomMessages(merchantCode)
        .where('id', '>', afterId)
        .orderBy('id', 'asc')
        .limit(limit)
        .execute();
    },

    /**
     * Serialises the room's posts until the transaction ends, so that ids commit in order: a
     * reader that has seen id N never sees a smaller id appear later (a reconnect resumes from
     * the last id it saw without a gap).
     */
    async lockRoom(merchantCode: string): Promise<void> {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`chat-room:${merchantCode}`}))`.execute(db);
    },

    async insert(row: {
      merchantCode: string;
      memberId: bigint | null;
      authorName: string;
      rankLabel: string | null;
      house: boolean;
      body: string;
      postedBy: bigint | null;
    }): Promise<ChatMessageRow> {
      return db
        .insertInto('chat_messages')
        .values({
          merchant_code: row.merchantCode,
          member_id: row.memberId,
          author_name: row.authorName,
          rank_label: row.rankLabel,
          house: row.house,
          body: row.body,
          posted_by: row.postedBy,
        })
        .returning(messageColumns)
        .executeTakeFirstOrThrow();
    },

    async findForUpdate(merchantCode: string, id: bigint): Promise<ChatMessageRow | undefined> {
      return db
        .selectFrom('chat_messages')
        .select(messageColumns)
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async markDeleted(id: bigint, operatorId: bigint): Promise<ChatMessageRow> {
      return db
        .updateTable('chat_messages')
        .set({ deleted_at: sql`coalesce(deleted_at, now())`, deleted_by: operatorId })
        .where('id', '=', id)
        .returning(messageColumns)
        .executeTakeFirstOrThrow();
    },

    /** When the member's mute ends, if it has not ended yet. */
    async mutedUntil(merchantCode: string, memberId: bigint, now: Date): Promise<Date | null> {
      const row = await db
        .selectFrom('chat_mutes')
        .select('muted_until')
        .where('merchant_code', '=', merchantCode)
        .where('member_id', '=', memberId)
        .where('muted_until', '>', now)
        .executeTakeFirst();
      return row?.muted_until ?? null;
    },

    async mutesOf(
      merchantCode: string,
      memberIds: readonly bigint[],
      now: Date,
    ): Promise<Map<bigint, Date>> {
      if (memberIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('chat_mutes')
        .select(['member_id', 'muted_until'])
        .where('merchant_code', '=', merchantCode)
        .where('member_id', 'in', [...memberIds])
        .where('muted_until', '>', now)
        .execute();
      return new Map(rows.map((row) => [row.member_id, row.muted_until]));
    },

    async setMute(input: {
      merchantCode: string;
      memberId: bigint;
      mutedUntil: Date;
      reason: string | null;
      mutedBy: bigint;
    }): Promise<void> {
      const values = {
        muted_until: input.mutedUntil,
        reason: input.reason,
        muted_by: input.mutedBy,
      };
      await db
        .insertInto('chat_mutes')
        .values({ merchant_code: input.merchantCode, member_id: input.memberId, ...values })
        .onConflict((conflict) =>
          conflict.columns(['merchant_code', 'member_id']).doUpdateSet(values),
        )
        .execute();
    },

    /** Every message of the room (deleted ones too), newest first: the console's list. */
    adminPage(
      merchantCode: string,
      page: { cursor?: string | undefined; limit: number },
    ): Promise<CursorPage<ChatMessageRow>> {
      const query = db
        .selectFrom('chat_messages')
        .select(messageColumns)
        .where('merchant_code', '=', merchantCode);
      return keysetPage(query, ADMIN_ORDER, page);
    },

    async notify(channel: string, payload: string): Promise<void> {
      await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db);
    },
  };
}
