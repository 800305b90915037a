import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export interface AuditEntry {
  merchantCode: string;
  operatorId: bigint | null;
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
  action: string;
  subjectType: string;
  subjectId: string;
  before: unknown;
  after: unknown;
  createdAt: string;
}

/** Most breaks one reconciliation check reports; past it the job's log would be unreadable. */
export const AUDIT_BREAKS_LIMIT = 1000;

function auditQueries(db: Db) {
  return {
    async append(entry: AuditEntry): Promise<void> {
      await db
        .insertInto('audit_log')
        .values({
          merchant_code: entry.merchantCode,
          operator_id: entry.operatorId?.toString() ?? null,
          action: entry.action,
          subject_type: entry.subjectType,
          subject_id: entry.subjectId,
          before: entry.before === undefined ? null : JSON.stringify(entry.before),
          after: entry.after === undefined ? null : JSON.stringify(entry.after),
          ip: entry.ip,
        })
        .execute();
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

    async page(
      merchantCode: string,
      pageNo: number,
      pageSize: number,
    ): Promise<{ rows: AuditLogRow[]; totalCount: number }> {
      const [rows, total] = await Promise.all([
        db
          .selectFrom('audit_log')
          .selectAll()
          .where('merchant_code', '=', merchantCode)
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        sql<{
          count: string;
        }>`SELECT count(*) AS count FROM audit_log WHERE merchant_code = ${merchantCode}`.execute(
          db,
        ),
      ]);
      return {
        rows: rows.map((row) => ({
          id: Number(row.id),
          operatorId: row.operator_id === null ? null : Number(row.operator_id),
          action: row.action,
          subjectType: row.subject_type,
          subjectId: row.subject_id,
          before: row.before,
          after: row.after,
          createdAt: row.created_at.toISOString(),
        })),
        totalCount: Number(total.rows[0]?.count ?? 0),
      };
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
