import { type Kysely, sql } from 'kysely';

/**
 * Keyset paging of the agent contract lists (module `agent-contracts`): the contracts an upline
 * gave of a kind, newest first, and the settlements an agent received or paid of a kind, newest
 * period first. Each side of the settlements' "received or paid" is its own index range, so the
 * page is a merge of two range scans however long the history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX agent_contracts_upline_page ON agent_contracts (upline_member_id, kind, id DESC)
  `.execute(db);
  await sql`
    CREATE INDEX agent_contract_settlements_member_page
      ON agent_contract_settlements (member_id, kind, period_start DESC, id DESC)
  `.execute(db);
  await sql`
    CREATE INDEX agent_contract_settlements_upline_page
      ON agent_contract_settlements (upline_member_id, kind, period_start DESC, id DESC)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX agent_contract_settlements_upline_page`.execute(db);
  await sql`DROP INDEX agent_contract_settlements_member_page`.execute(db);
  await sql`DROP INDEX agent_contracts_upline_page`.execute(db);
}
