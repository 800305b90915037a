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

export function createAuditRepository(db: Db) {
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

    async page(merchantCode: string, pageNo: number, pageSize: number) {
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

export type AuditRepository = ReturnType<typeof createAuditRepository>;
