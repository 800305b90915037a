import {
  type AdminMessage,
  type CursorPage,
  MEMBER_MESSAGES_TOPIC,
  MESSAGE_UNREAD_COUNT_CAP,
  MESSAGES_BROADCAST_TOPIC,
  type PlatformMessage,
  type SendMessageInput,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import type { TextsByLanguage } from '../../db/types.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import {
  memberTopicKey,
  REALTIME_NOTIFY_CHANNEL,
  realtimeNotifyPayload,
} from '../../realtime/index.js';
import type { AuditService } from '../audit/index.js';
import { plainText, sanitizeOperatorHtml } from '../content/index.js';
import type { EventConsumer, StoredEvent } from '../events/index.js';
import {
  createMessagesRepository,
  type MessageReader,
  type NewMessageRow,
  type SentMessageRow,
} from './repository.js';
import { SYSTEM_MESSAGE_EVENT_TYPES, systemMessageOf } from './system-templates.js';

/** The language a member reads in, and the merchant's fallback. */
export interface MessageScope {
  merchantCode: string;
  language: string;
  defaultLanguage: string;
}

/** Who acts in the console, as the audit log records them. */
export interface MessageActor {
  merchantCode: string;
  operatorId: bigint;
  operatorUsername: string;
  operatorRole: string;
  ip: string;
}

/** What the module needs of others (member labels and accounts, ranks). */
export interface MessagesDeps {
  db: Db;
  unitOfWork: UnitOfWork;
  audit: AuditService;
  /** The member labels a member carries (member module). */
  labelsOf(memberId: bigint): Promise<bigint[]>;
  /**
   * The member's rank, or null. Hook: ranks are built by the loyalty issue; until it lands
   * every member is unranked and rank messages reach nobody.
   */
  rankOf(merchantCode: string, memberId: bigint): Promise<number | null>;
  memberByAccount(
    merchantCode: string,
    account: string,
  ): Promise<{ id: bigint; username: string } | undefined>;
  membersByIds(ids: readonly bigint[]): Promise<Map<bigint, { username: string }>>;
  labelName(merchantCode: string, labelId: bigint): Promise<string | undefined>;
  operatorNames(merchantCode: string, ids: readonly bigint[]): Promise<Map<bigint, string>>;
  /** Another NOTIFY channel (tests isolating hubs); the realtime hub's by default. */
  channel?: string;
}

/** The batch size of the system messages consumer: one insert per event of the batch. */
export const SYSTEM_MESSAGES_BATCH_SIZE = 200;
export const SYSTEM_MESSAGES_CONSUMER = 'system-messages';

/** The text of `texts` in the reader's language, else the merchant's default, else any. */
export function textIn(texts: TextsByLanguage, scope: MessageScope): string {
  return texts[scope.language] ?? texts[scope.defaultLanguage] ?? Object.values(texts)[0] ?? '';
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', { field: 'id' });
}

function pushFor(row: Pick<NewMessageRow, 'merchantCode' | 'memberId'>): string {
  return realtimeNotifyPayload(
    row.memberId === null
      ? {
          merchantCode: row.merchantCode,
          topic: MESSAGES_BROADCAST_TOPIC,
          data: { reason: 'message' },
        }
      : {
          merchantCode: row.merchantCode,
          topic: memberTopicKey(row.memberId, MEMBER_MESSAGES_TOPIC),
          data: { reason: 'message' },
        },
  );
}

export function createMessagesService(deps: MessagesDeps) {
  const { db, unitOfWork, audit } = deps;
  const channel = deps.channel ?? REALTIME_NOTIFY_CHANNEL;
  const reads = createMessagesRepository(db);

  async function readerOf(merchantCode: string, memberId: bigint): Promise<MessageReader> {
    const [labelIds, rank] = await Promise.all([
      deps.labelsOf(memberId),
      deps.rankOf(merchantCode, memberId),
    ]);
    return { merchantCode, memberId, labelIds, rank };
  }

  async function unread(reader: MessageReader): Promise<{ unReadCount: number }> {
    return { unReadCount: await reads.unreadCount(reader, MESSAGE_UNREAD_COUNT_CAP) };
  }

  async function adminView(merchantCode: string, row: SentMessageRow): Promise<AdminMessage> {
    const [views] = await adminViews(merchantCode, [row]);
    if (!views) throw notFound();
    return views;
  }

  async function adminViews(merchantCode: string, rows: SentMessageRow[]): Promise<AdminMessage[]> {
    const memberIds = rows.flatMap((row) => (row.memberId === null ? [] : [row.memberId]));
    const operatorIds = rows.flatMap((row) => (row.sentBy === null ? [] : [row.sentBy]));
    const [members, operators] = await Promise.all([
      memberIds.length ? deps.membersByIds(memberIds) : new Map<bigint, { username: string }>(),
      operatorIds.length
        ? deps.operatorNames(merchantCode, operatorIds)
        : new Map<bigint, string>(),
    ]);
    const labelNames = new Map<bigint, string | undefined>();
    for (const row of rows) {
      if (row.labelId !== null && !labelNames.has(row.labelId)) {
        labelNames.set(row.labelId, await deps.labelName(merchantCode, row.labelId));
      }
    }
    return rows.map((row) => ({
      id: row.id.toString(),
      kind: row.kind,
      audience: row.audience,
      audienceName: audienceNameOf(row, members, labelNames),
      texts: Object.keys(row.titles).map((language) => ({
        language,
        title: row.titles[language] ?? '',
        contentHtml: row.contents[language] ?? '',
      })),
      sentBy: row.sentBy === null ? null : (operators.get(row.sentBy) ?? row.sentBy.toString()),
      sentAt: row.sentAt.getTime(),
      withdrawn: row.withdrawnAt !== null,
      readCount: Number(row.readCount),
    }));
  }

  async function resolveAudience(
    actor: MessageActor,
    input: SendMessageInput,
  ): Promise<Pick<NewMessageRow, 'audience' | 'memberId' | 'labelId' | 'minRank'>> {
    const none = { memberId: null, labelId: null, minRank: null };
    if (input.audience === 'member') {
      const member = await deps.memberByAccount(actor.merchantCode, input.memberAccount ?? '');
      if (!member) throw new AppError('NOT_FOUND', { field: 'memberAccount' });
      return { ...none, audience: 'member', memberId: member.id };
    }
    if (input.audience === 'label') {
      const labelId = BigInt(input.labelId ?? '0');
      if ((await deps.labelName(actor.merchantCode, labelId)) === undefined) {
        throw new AppError('NOT_FOUND', { field: 'labelId' });
      }
      return { ...none, audience: 'label', labelId };
    }
    if (input.audience === 'rank')
      return { ...none, audience: 'rank', minRank: input.minRank ?? 0 };
    return { ...none, audience: 'all' };
  }

  return {
    readerOf,

    /** CSP_unreadCount: the member's messages not opened yet (capped). */
    async unreadCount(merchantCode: string, memberId: bigint) {
      return unread(await readerOf(merchantCode, memberId));
    },

    async list(
      scope: MessageScope,
      memberId: bigint,
      page: { cursor?: string | undefined; limit: number },
    ): Promise<CursorPage<PlatformMessage>> {
      const reader = await readerOf(scope.merchantCode, memberId);
      const rows = await reads.memberPage(reader, page);
      return {
        items: rows.items.map((row) => ({
          id: row.id.toString(),
          kind: row.kind,
          title: plainText(textIn(row.titles, scope)),
          content: sanitizeOperatorHtml(textIn(row.contents, scope)),
          read: row.read,
          sentAt: row.sentAt.getTime(),
        })),
        nextCursor: rows.nextCursor,
      };
    },

    async markRead(merchantCode: string, memberId: bigint, id: string) {
      const reader = await readerOf(merchantCode, memberId);
      if (!(await reads.isVisible(reader, BigInt(id)))) throw notFound();
      await reads.markRead(memberId, BigInt(id));
      return unread(reader);
    },

    async remove(merchantCode: string, memberId: bigint, id: string) {
      const reader = await readerOf(merchantCode, memberId);
      if (!(await reads.isVisible(reader, BigInt(id)))) throw notFound();
      await reads.markDeleted(memberId, BigInt(id));
      return unread(reader);
    },

    /** Sends an operator's message: the row, its audit entry and its push in one transaction. */
    async send(actor: MessageActor, input: SendMessageInput): Promise<AdminMessage> {
      const audience = await resolveAudience(actor, input);
      const titles: TextsByLanguage = {};
      const contents: TextsByLanguage = {};
      for (const text of input.texts) {
        titles[text.language] = plainText(text.title);
        contents[text.language] = sanitizeOperatorHtml(text.contentHtml);
      }
      const row: NewMessageRow = {
        merchantCode: actor.merchantCode,
        ...audience,
        kind: 'operator',
        sourceKey: null,
        titles,
        contents,
        sentBy: actor.operatorId,
      };
      const sent = await unitOfWork(async (executor) => {
        const repository = createMessagesRepository(executor);
        const id = await repository.insert(row);
        if (id === undefined) throw new Error('message insert returned no id');
        const saved = await repository.sentOne(actor.merchantCode, id);
        if (!saved) throw new Error(`message ${id} vanished`);
        await audit.recordWithin(executor, {
          ...auditFields(actor),
          action: 'messages.send',
          subjectType: 'platform-message',
          subjectId: id.toString(),
          before: null,
          after: {
            audience: row.audience,
            memberId: row.memberId?.toString() ?? null,
            labelId: row.labelId?.toString() ?? null,
            minRank: row.minRank,
            titles,
          },
        });
        await repository.notify(channel, [pushFor(row)]);
        return saved;
      });
      return adminView(actor.merchantCode, sent);
    },

    async sent(
      actor: MessageActor,
      filter: { kind?: 'operator' | 'system' | undefined },
      page: { cursor?: string | undefined; limit: number },
    ): Promise<CursorPage<AdminMessage>> {
      const rows = await reads.sentPage(actor.merchantCode, filter, page);
      return {
        items: await adminViews(actor.merchantCode, rows.items),
        nextCursor: rows.nextCursor,
      };
    },

    /** Takes a sent message out of every member's list (another merchant's id: not found). */
    async withdraw(actor: MessageActor, id: string): Promise<AdminMessage> {
      const after = await unitOfWork(async (executor) => {
        const repository = createMessagesRepository(executor);
        if (!(await repository.lockForChange(actor.merchantCode, BigInt(id)))) throw notFound();
        const before = await repository.sentOne(actor.merchantCode, BigInt(id));
        await repository.withdraw(actor.merchantCode, BigInt(id));
        const changed = await repository.sentOne(actor.merchantCode, BigInt(id));
        if (!before || !changed) throw notFound();
        await audit.recordWithin(executor, {
          ...auditFields(actor),
          action: 'messages.withdraw',
          subjectType: 'platform-message',
          subjectId: id,
          before: { withdrawn: before.withdrawnAt !== null },
          after: { withdrawn: true },
        });
        await repository.notify(channel, [
          pushFor({ merchantCode: actor.merchantCode, memberId: changed.memberId }),
        ]);
        return changed;
      });
      return adminView(actor.merchantCode, after);
    },

    /**
     * The event stream's consumer that writes system messages (withdrawal paid or rejected...):
     * each message, its push and the checkpoint in the batch's transaction.
     */
    consumer: {
      name: SYSTEM_MESSAGES_CONSUMER,
      batchSize: SYSTEM_MESSAGES_BATCH_SIZE,
      types: SYSTEM_MESSAGE_EVENT_TYPES,
      async apply(trx: Db, events: StoredEvent[]) {
        const repository = createMessagesRepository(trx);
        const pushes: string[] = [];
        for (const event of events) {
          const message = systemMessageOf(event);
          if (!message) continue;
          const row: NewMessageRow = {
            merchantCode: event.merchantCode,
            audience: 'member',
            memberId: BigInt(message.memberId),
            labelId: null,
            minRank: null,
            kind: 'system',
            sourceKey: message.sourceKey,
            titles: message.titles,
            contents: message.contents,
            sentBy: null,
          };
          if ((await repository.insert(row)) !== undefined) pushes.push(pushFor(row));
        }
        await repository.notify(channel, pushes);
      },
    } satisfies EventConsumer,
  };
}

function auditFields(actor: MessageActor) {
  return {
    merchantCode: actor.merchantCode,
    operatorId: actor.operatorId,
    operatorUsername: actor.operatorUsername,
    operatorRole: actor.operatorRole,
    ip: actor.ip,
  };
}

function audienceNameOf(
  row: SentMessageRow,
  members: Map<bigint, { username: string }>,
  labels: Map<bigint, string | undefined>,
): string | null {
  if (row.audience === 'member' && row.memberId !== null) {
    return members.get(row.memberId)?.username ?? row.memberId.toString();
  }
  if (row.audience === 'label' && row.labelId !== null) {
    return labels.get(row.labelId) ?? row.labelId.toString();
  }
  if (row.audience === 'rank') return String(row.minRank);
  return null;
}

export type MessagesService = ReturnType<typeof createMessagesService>;
