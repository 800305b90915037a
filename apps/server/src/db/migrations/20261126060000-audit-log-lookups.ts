import { type Kysely, sql } from 'kysely';

/**
 * Indexes for the audit log's lookups by subject: an adjustment's replay reads its first answer
 * back from its entry (subject and action), and reconciliation looks for the entry of every
 * operator money transfer (`after.transferId`). Without them both scan the merchant's log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX audit_log_subject_idx ON audit_log (merchant_code, subject_type, subject_id, id)
  `.execute(db);
  await sql`
    CREATE INDEX audit_log_transfer_idx ON audit_log ((after ->> 'transferId'))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX audit_log_transfer_idx`.execute(db);
  await sql`DROP INDEX audit_log_subject_idx`.execute(db);
}
