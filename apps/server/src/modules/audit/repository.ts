import type { CursorPage } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { type KeysetOrder, keysetPage } from '../../db/keyset-page.js';
import { AUDIT_GENESIS_HASH, auditEntryHash, type ChainedFields } from './chain.js';

export interface AuditEntry {
  merchantCode: string;
  operatorId: bigint | null;
  /**
   * Who acted and in which role, as they were when they acted: required whenever `operatorId`
   * is set (the audit service refuses an entry without them); null only when nobody signed in
   * acted (a failed login by an unknown name). Stored entries from before the console lack them.
   */
  operatorUsername: string | null;
  operatorRole: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  before: unknown;
  after: unknown;
  ip: string | null;
}

/** A stored entry's before and after, as written. */
export interface AuditRecord {
  before: unknown;
  after: unknown;
}

/** Which entry `findEntry` looks for: an action on a subject whose `after` holds `after`. */
export interface AuditEntryQuery {
  merchantCode: string;
  action: string;
  subjectType: string;
  subjectId: string;
  after: Record<string, string>;
}

/** One line of the operator console's audit log. */
export interface AuditLogRow {
  id: number;
  operatorId: number | null;
  operatorUsername: string | null;
  role: string | null;
  ip: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  before: unknown;
  after: unknown;
  createdAt: string;
  createdAtMs: number;
}

/** The audit log's search: filters, then keyset paging newest first (`cursor` from a page before). */
export interface AuditSearch {
  merchantCode: string;
  action?: string | undefined;
  operatorId?: number | undefined;
  subjectId?: string | undefined;
  fromMs?: number | undefined;
  toMs?: number | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** Newest first by id; the indexes audit_log_*_idx (merchant_code, [filter,] id DESC) serve it. */
export const AUDIT_LOG_ORDER: KeysetOrder = {
  name: 'audit-log',
  keys: [{ ref: 'id', type: 'bigint' }],
  direction: 'desc',
};

/** One stored entry with its chain hashes, as the verify walk reads it. */
export interface ChainedRow extends ChainedFields {
  id: string;
  prevHash: Buffer | null;
  rowHash: Buffer | null;
}

/** The end of a merchant's chain as the last writer left it. */
export interface ChainHead {
  lastId: string | null;
  lastHash: Buffer | null;
}

/** Most breaks one reconciliation check reports; past it the job's log would be unreadable. */
export const AUDIT_BREAKS_LIMIT = 1000;

const logRowColumns = [
  'id',
  'operator_id',
  'operator_username',
  'operator_role',
  sql<string | null>`host(ip)`.as('ip'),
  'action',
  'subject_type',
  'subject_id',
  'before',
  'after',
  'created_at',
] as const;

function toLogRow(row: {
  id: bigint;
  operator_id: bigint | null;
  operator_username: string | null;
  operator_role: string | null;
  ip: string | null;
  action: string;
  subject_type: string;
  subject_id: string;
  before: unknown;
  after: unknown;
  created_at: Date;
}): AuditLogRow {
  return {
    id: Number(row.id),
    operatorId: row.operator_id === null ? null : Number(row.operator_id),
    operatorUsername: row.operator_username,
    role: row.operator_role,
    ip: row.ip,
    action: row.action,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    before: row.before,
    after: row.after,
    createdAt: row.created_at.toISOString(),
    createdAtMs: row.created_at.getTime(),
  };
}

function auditQueries(db: Db) {
  return {
    /**
     * Appends `entry` to its merchant's chain. Must run inside a transaction: the head row stays
     * locked until it commits, so concurrent writers of one merchant append one after another.
     */
    async appendChained(entry: AuditEntry, createdAt: Date): Promise<void> {
      await db
        .insertInto('audit_chain_heads')
        .values({ merchant_code: entry.merchantCode })
        .onConflict((conflict) => conflict.column('merchant_code').doNothing())
        .execute();
      const head = await sql<{ last_hash: Buffer | null; ip: string | null }>`
        SELECT last_hash, host(${entry.ip}::inet) AS ip FROM audit_chain_heads
        WHERE merchant_code = ${entry.merchantCode} FOR UPDATE
      `.execute(db);
      const locked = head.rows[0];
      if (!locked) throw new Error('audit chain head missing after upsert');
      const prevHash = locked.last_hash ?? AUDIT_GENESIS_HASH;
      // Stored as JSON text and read back parsed: hash what a reader will see.
      const before = entry.before === undefined ? null : JSON.stringify(entry.before);
      const after = entry.after === undefined ? null : JSON.stringify(entry.after);
      const fields: ChainedFields = {
        merchantCode: entry.merchantCode,
        operatorId: entry.operatorId?.toString() ?? null,
        operatorUsername: entry.operatorUsername ?? null,
        operatorRole: entry.operatorRole ?? null,
        action: entry.action,
        subjectType: entry.subjectType,
        subjectId: entry.subjectId,
        before: before === null ? null : JSON.parse(before),
        after: after === null ? null : JSON.parse(after),
        ip: locked.ip,
        createdAtMs: createdAt.getTime(),
      };
      const rowHash = auditEntryHash(prevHash, fields);
      const inserted = await db
        .insertInto('audit_log')
        .values({
          merchant_code: entry.merchantCode,
          operator_id: fields.operatorId,
          operator_username: fields.operatorUsername,
          operator_role: fields.operatorRole,
          action: entry.action,
          subject_type: entry.subjectType,
          subject_id: entry.subjectId,
          before,
          after,
          ip: entry.ip,
          created_at: createdAt,
          prev_hash: prevHash,
          row_hash: rowHash,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('audit_chain_heads')
        .set({
          last_id: inserted.id,
          last_hash: rowHash,
          entry_count: sql`entry_count + 1`,
        })
        .where('merchant_code', '=', entry.merchantCode)
        .execute();
    },

    async chainHead(merchantCode: string): Promise<ChainHead | undefined> {
      const row = await db
        .selectFrom('audit_chain_heads')
        .select(['last_id', 'last_hash'])
        .where('merchant_code', '=', merchantCode)
        .executeTakeFirst();
      return row
        ? {
            lastId: row.last_id === null ? null : String(row.last_id),
            lastHash: row.last_hash,
          }
        : undefined;
    },

    /** Up to `limit` entries of the merchant after `afterId` and up to `untilId`, oldest first. */
    async chainBatch(
      merchantCode: string,
      afterId: string,
      untilId: string,
      limit: number,
    ): Promise<ChainedRow[]> {
      const rows = await db
        .selectFrom('audit_log')
        .select([
          'id',
          'merchant_code',
          'operator_id',
          'operator_username',
          'operator_role',
          'action',
          'subject_type',
          'subject_id',
          'before',
          'after',
          sql<string | null>`host(ip)`.as('ip'),
          'created_at',
          'prev_hash',
          'row_hash',
        ])
        .where('merchant_code', '=', merchantCode)
        .where('id', '>', BigInt(afterId))
        .where('id', '<=', BigInt(untilId))
        .orderBy('id')
        .limit(limit)
        .execute();
      // The chain hashes ids as decimal strings (see `chain.ts`), as they were first written.
      return rows.map((row) => ({
        id: String(row.id),
        merchantCode: row.merchant_code,
        operatorId: row.operator_id === null ? null : String(row.operator_id),
        operatorUsername: row.operator_username,
        operatorRole: row.operator_role,
        action: row.action,
        subjectType: row.subject_type,
        subjectId: row.subject_id,
        before: row.before,
        after: row.after,
        ip: row.ip,
        createdAtMs: row.created_at.getTime(),
        prevHash: row.prev_hash,
        rowHash: row.row_hash,
      }));
    },

    /**
     * The entry of `action` on a subject whose `after` holds `after` (e.g. the transfer id it
     * records): how an idempotent operator action replays its first answer.
     */
    async findEntry(query: AuditEntryQuery): Promise<AuditRecord | undefined> {
      const row = await db
        .selectFrom('audit_log')
        .select(['before', 'after'])
        .where('merchant_code', '=', query.merchantCode)
        .where('action', '=', query.action)
        .where('subject_type', '=', query.subjectType)
        .where('subject_id', '=', query.subjectId)
        .where(sql<boolean>`after @> ${JSON.stringify(query.after)}::jsonb`)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row ? { before: row.before, after: row.after } : undefined;
    },

    /**
     * Ledger transfers of `transferCode` that no entry of `action` records (by `after.transferId`):
     * an operator money action that left no trace. Reads the ledger's table, never writes it.
     */
    async transfersWithoutEntry(transferCode: string, action: string): Promise<string[]> {
      const result = await sql<{ id: string }>`
        SELECT t.id FROM ledger_transfers t
        WHERE t.code = ${transferCode} AND NOT EXISTS (
          SELECT 1 FROM audit_log a
          WHERE a.action = ${action} AND a.merchant_code = t.merchant_code
            AND a.after ->> 'transferId' = t.id)
        ORDER BY t.created_at LIMIT ${AUDIT_BREAKS_LIMIT}
      `.execute(db);
      return result.rows.map((row) => row.id);
    },

    async search(query: AuditSearch): Promise<CursorPage<AuditLogRow>> {
      let select = db
        .selectFrom('audit_log')
        .select(logRowColumns)
        .where('merchant_code', '=', query.merchantCode);
      if (query.action !== undefined) select = select.where('action', '=', query.action);
      if (query.operatorId !== undefined) {
        select = select.where('operator_id', '=', BigInt(query.operatorId));
      }
      if (query.subjectId !== undefined) select = select.where('subject_id', '=', query.subjectId);
      if (query.fromMs !== undefined) {
        select = select.where('created_at', '>=', new Date(query.fromMs));
      }
      if (query.toMs !== undefined) select = select.where('created_at', '<', new Date(query.toMs));
      const page = await keysetPage(select, AUDIT_LOG_ORDER, query);
      return { items: page.items.map(toLogRow), nextCursor: page.nextCursor };
    },

    /** A page by number, newest first (tests and scripts; the console pages by key). */
    async page(merchantCode: string, pageNo: number, pageSize: number): Promise<AuditLogRow[]> {
      const rows = await db
        .selectFrom('audit_log')
        .select(logRowColumns)
        .where('merchant_code', '=', merchantCode)
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute();
      return rows.map(toLogRow);
    },
  };
}

export type AuditQueries = ReturnType<typeof auditQueries>;

export interface AuditRepository extends AuditQueries {
  /** The queries bound to a transaction another module opened (the entry commits with its action). */
  within(executor: Db): AuditQueries;
}

export function createAuditRepository(db: Db): AuditRepository {
  return { ...auditQueries(db), within: (executor) => auditQueries(executor) };
}
