import type { CursorPage, MessageAudience } from '@app/contract';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { type KeysetOrder, keysetPage } from '../../db/keyset-page.js';
import { countAll } from '../../db/sql-numbers.js';
import type { Database, TextsByLanguage } from '../../db/types.js';

/** Who reads: the member, and what a broadcast may be addressed to (labels, rank). */
export interface MessageReader {
  merchantCode: string;
  memberId: bigint;
  labelIds: readonly bigint[];
  /** Null until ranks exist (the loyalty issue): rank messages then reach nobody. */
  rank: number | null;
}

export interface MemberMessageRow {
  id: bigint;
  kind: 'operator' | 'system';
  titles: TextsByLanguage;
  contents: TextsByLanguage;
  sentAt: Date;
  read: boolean;
}

export interface SentMessageRow {
  id: bigint;
  kind: 'operator' | 'system';
  audience: MessageAudience;
  memberId: bigint | null;
  labelId: bigint | null;
  minRank: number | null;
  titles: TextsByLanguage;
  contents: TextsByLanguage;
  sentBy: bigint | null;
  sentAt: Date;
  withdrawnAt: Date | null;
  readCount: number;
}

export interface NewMessageRow {
  merchantCode: string;
  audience: MessageAudience;
  memberId: bigint | null;
  labelId: bigint | null;
  minRank: number | null;
  kind: 'operator' | 'system';
  sourceKey: string | null;
  titles: TextsByLanguage;
  contents: TextsByLanguage;
  sentBy: bigint | null;
}

const MEMBER_LIST_ORDER: KeysetOrder = {
  name: 'member-messages',
  keys: [{ ref: 'm.id', type: 'bigint' }],
  direction: 'desc',
};
const SENT_LIST_ORDER: KeysetOrder = {
  name: 'sent-messages',
  keys: [{ ref: 'm.id', type: 'bigint' }],
  direction: 'desc',
};

type MessagesFrom = Database & { m: Database['platform_messages'] } & {
  s: Database['platform_message_states'];
};

/** The messages addressed to `reader`: their own, and the broadcasts they belong to. */
function addressedTo(
  eb: ExpressionBuilder<MessagesFrom, 'm'>,
  reader: MessageReader,
): Expression<SqlBool> {
  const broadcasts = [eb('m.audience', '=', 'all')];
  if (reader.labelIds.length > 0) {
    broadcasts.push(
      eb.and([eb('m.audience', '=', 'label'), eb('m.label_id', 'in', [...reader.labelIds])]),
    );
  }
  if (reader.rank !== null) {
    broadcasts.push(eb.and([eb('m.audience', '=', 'rank'), eb('m.min_rank', '<=', reader.rank)]));
  }
  return eb.or([
    eb('m.member_id', '=', reader.memberId),
    eb.and([eb('m.member_id', 'is', null), eb.or(broadcasts)]),
  ]);
}

function visibleTo(db: Db, reader: MessageReader) {
  return db
    .selectFrom('platform_messages as m')
    .leftJoin('platform_message_states as s', (join) =>
      join.onRef('s.message_id', '=', 'm.id').on('s.member_id', '=', reader.memberId),
    )
    .where('m.merchant_code', '=', reader.merchantCode)
    .where('m.withdrawn_at', 'is', null)
    .where('s.deleted_at', 'is', null)
    .where((eb) => addressedTo(eb as never, reader));
}

function json(value: TextsByLanguage): string {
  return JSON.stringify(value);
}

/** The messages module's tables: `platform_messages` and `platform_message_states`. */
export function createMessagesRepository(db: Db) {
  return {
    async insert(row: NewMessageRow): Promise<bigint | undefined> {
      const inserted = await db
        .insertInto('platform_messages')
        .values({
          merchant_code: row.merchantCode,
          audience: row.audience,
          member_id: row.memberId,
          label_id: row.labelId,
          min_rank: row.minRank,
          kind: row.kind,
          source_key: row.sourceKey,
          titles: json(row.titles),
          contents: json(row.contents),
          sent_by: row.sentBy,
        })
        // A system message's event applied again (never expected: the checkpoint) adds nothing.
        .onConflict((conflict) =>
          conflict
            .columns(['merchant_code', 'source_key'])
            .where('source_key', 'is not', null)
            .doNothing(),
        )
        .returning('id')
        .executeTakeFirst();
      return inserted?.id;
    },

    memberPage(
      reader: MessageReader,
      page: { cursor?: string | undefined; limit: number },
    ): Promise<CursorPage<MemberMessageRow>> {
      const query = visibleTo(db, reader).select([
        'm.id',
        'm.kind',
        'm.titles',
        'm.contents',
        'm.sent_at as sentAt',
        sql<boolean>`s.read_at IS NOT NULL`.as('read'),
      ]);
      return keysetPage(query, MEMBER_LIST_ORDER, page) as Promise<CursorPage<MemberMessageRow>>;
    },

    /** Unread messages of the reader, counted up to `cap`. */
    async unreadCount(reader: MessageReader, cap: number): Promise<number> {
      const capped = visibleTo(db, reader).where('s.read_at', 'is', null).select('m.id').limit(cap);
      const row = await db
        .selectFrom(capped.as('unread'))
        .select(countAll().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async isVisible(reader: MessageReader, messageId: bigint): Promise<boolean> {
      const row = await visibleTo(db, reader)
        .where('m.id', '=', messageId)
        .select('m.id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async markRead(memberId: bigint, messageId: bigint): Promise<void> {
      await db
        .insertInto('platform_message_states')
        .values({ member_id: memberId, message_id: messageId, read_at: new Date() })
        .onConflict((conflict) =>
          conflict.columns(['member_id', 'message_id']).doUpdateSet({
            read_at: sql`coalesce(platform_message_states.read_at, excluded.read_at)`,
          }),
        )
        .execute();
    },

    /** Deleting also reads it: a removed message never counts as unread again. */
    async markDeleted(memberId: bigint, messageId: bigint): Promise<void> {
      const now = new Date();
      await db
        .insertInto('platform_message_states')
        .values({ member_id: memberId, message_id: messageId, read_at: now, deleted_at: now })
        .onConflict((conflict) =>
          conflict.columns(['member_id', 'message_id']).doUpdateSet({
            read_at: sql`coalesce(platform_message_states.read_at, excluded.read_at)`,
            deleted_at: sql`coalesce(platform_message_states.deleted_at, excluded.deleted_at)`,
          }),
        )
        .execute();
    },

    sentPage(
      merchantCode: string,
      filter: { kind?: 'operator' | 'system' | undefined },
      page: { cursor?: string | undefined; limit: number },
    ): Promise<CursorPage<SentMessageRow>> {
      let query = sentSelect(db).where('m.merchant_code', '=', merchantCode);
      if (filter.kind) query = query.where('m.kind', '=', filter.kind);
      return keysetPage(query, SENT_LIST_ORDER, page) as Promise<CursorPage<SentMessageRow>>;
    },

    async sentOne(merchantCode: string, id: bigint): Promise<SentMessageRow | undefined> {
      const row = await sentSelect(db)
        .where('m.merchant_code', '=', merchantCode)
        .where('m.id', '=', id)
        .executeTakeFirst();
      return row as SentMessageRow | undefined;
    },

    /** Locks the message for a change in the caller's transaction. */
    async lockForChange(merchantCode: string, id: bigint): Promise<boolean> {
      const row = await db
        .selectFrom('platform_messages')
        .select('id')
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      return row !== undefined;
    },

    async withdraw(merchantCode: string, id: bigint): Promise<void> {
      await db
        .updateTable('platform_messages')
        .set({ withdrawn_at: sql`coalesce(withdrawn_at, now())` })
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', id)
        .execute();
    },

    /** NOTIFYs in the caller's transaction: the push leaves when the message commits. */
    async notify(channel: string, payloads: readonly string[]): Promise<void> {
      if (payloads.length === 0) return;
      await sql`SELECT pg_notify(${channel}, p) FROM unnest(${[...payloads]}::text[]) AS p`.execute(
        db,
      );
    },
  };
}

function sentSelect(db: Db) {
  return db
    .selectFrom('platform_messages as m')
    .select([
      'm.id',
      'm.kind',
      'm.audience',
      'm.member_id as memberId',
      'm.label_id as labelId',
      'm.min_rank as minRank',
      'm.titles',
      'm.contents',
      'm.sent_by as sentBy',
      'm.sent_at as sentAt',
      'm.withdrawn_at as withdrawnAt',
      (eb) =>
        eb
          .selectFrom('platform_message_states as r')
          .select(countAll().as('n'))
          .whereRef('r.message_id', '=', 'm.id')
          .where('r.read_at', 'is not', null)
          .as('readCount'),
    ]);
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
