import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';

/** Trigger and function names a test may use: letters, digits and underscores only. */
const SAFE_NAME = /^[a-z0-9_]+$/;

/**
 * Makes every audit entry of `action` fail to be written (a trigger refuses the insert), as
 * if the process died or the database refused between a change and its entry. Answers the
 * function that lifts the refusal; call it in `finally`.
 */
export async function refuseAuditEntries(db: Db, action: string): Promise<() => Promise<void>> {
  const name = `refuse_audit_${action.replace(/[^a-z0-9]/gi, '_').toLowerCase()}`;
  if (!SAFE_NAME.test(name)) throw new Error(`unsafe trigger name ${name}`);
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'audit entry refused by the test'; END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ${name} BEFORE INSERT ON audit_log FOR EACH ROW
       WHEN (NEW.action = ${sql.lit(action).compile(db).sql}) EXECUTE FUNCTION ${name}()`,
    )
    .execute(db);
  return async () => {
    await sql.raw(`DROP TRIGGER IF EXISTS ${name} ON audit_log`).execute(db);
    await sql.raw(`DROP FUNCTION IF EXISTS ${name}()`).execute(db);
  };
}

/** How many audit entries of `action` on `subjectId` exist. */
export async function auditEntriesOf(db: Db, action: string, subjectId: string): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('action', '=', action)
    .where('subject_id', '=', subjectId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How many ledger transfers have exactly this id. */
export async function transfersWithId(db: Db, id: string): Promise<number> {
  const row = await db
    .selectFrom('ledger_transfers')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
