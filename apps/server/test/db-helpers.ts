import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { type Db, databaseTypeParsers } from '../src/db/database.js';
import type { Database } from '../src/db/types.js';
import { SESSIONS_CHANGED_CHANNEL } from '../src/modules/session/index.js';

/** How long a query waits for the single connection before it fails (a stall shows as an error). */
const SINGLE_CONNECTION_WAIT_MS = 2_000;

/**
 * A handle on the database with a pool of ONE connection: a workflow that reads the pool while
 * its transaction holds that connection fails after a short wait instead of passing unnoticed.
 */
export function singleConnectionDatabase(url: string): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    connectionTimeoutMillis: SINGLE_CONNECTION_WAIT_MS,
    types: databaseTypeParsers,
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Moves every session's last call back in time, as if the member had been away. */
export async function ageSessions(db: Db, idleMs: number): Promise<void> {
  await sql`UPDATE sessions SET last_seen_at = now() - ${`${idleMs} milliseconds`}::interval`.execute(
    db,
  );
}

/**
 * Makes a member an agent (1, 2, 41, 42), a trial account (4) or a player (0) by SQL, as an
 * operator's promotion would: the member row and the member's live sessions, which carry the
 * type they were issued with (the session module answers authentication from its own table).
 */
export async function setMemberType(db: Db, username: string, type: number): Promise<bigint> {
  const updated = await sql<{ id: string }>`
    UPDATE members SET type = ${type} WHERE username = ${username} RETURNING id`.execute(db);
  const id = updated.rows[0]?.id;
  if (id === undefined) throw new Error(`no member ${username}`);
  await sql`UPDATE sessions SET member_type = ${type} WHERE member_id = ${id}::bigint`.execute(db);
  // A server that caches sessions (main.ts) hears it as the session module's own changes.
  await sql`SELECT pg_notify(${SESSIONS_CHANGED_CHANNEL}, ${`m:${id}`})`.execute(db);
  return BigInt(id);
}

export async function expireSessionsAbsolutely(db: Db): Promise<void> {
  await sql`UPDATE sessions SET absolute_expires_at = now() - interval '1 second'`.execute(db);
}

export async function countRows(db: Db, table: 'members' | 'sessions'): Promise<number> {
  const result = await sql<{
    count: string;
  }>`SELECT count(*) AS count FROM ${sql.table(table)}`.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}

export async function storedTokenHashes(db: Db): Promise<Buffer[]> {
  const result = await sql<{ token_hash: Buffer }>`SELECT token_hash FROM sessions`.execute(db);
  return result.rows.map((row) => row.token_hash);
}

/** A second merchant, copied from the demo one, with its own code and host. */
export async function addMerchant(
  db: Db,
  code: string,
  changes: { domains?: string[]; directRegistration?: boolean } = {},
): Promise<void> {
  await sql`
    INSERT INTO merchants (code, name, currency, currency_symbol, default_language, supported_languages,
      default_game_language, domains, white_label, register_settings, resources, customer_service)
    SELECT ${code}, ${`${code} site`}, currency, currency_symbol, default_language, supported_languages,
      default_game_language, ${changes.domains ?? []}::text[],
      white_label || jsonb_build_object('directRegistration', ${changes.directRegistration ?? true}::boolean),
      register_settings, resources, customer_service
    FROM merchants WHERE code = 'DEMO'
  `.execute(db);
}
