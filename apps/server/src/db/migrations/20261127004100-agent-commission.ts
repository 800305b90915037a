import { type Kysely, sql } from 'kysely';

/**
 * Commission, the fifth kind of agent contract (issue 18): a rate on the team's weekly valid bet,
 * optionally per game category. The contract and template tables accept the kind, and the
 * figures consumer keeps each agent team's valid bet per UTC day and game category (the
 * 5-minute figures carry no category). Settlements take any kind already.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['agent_contracts', 'agent_contract_templates']) {
    await sql`
      ALTER TABLE ${sql.table(table)}
        DROP CONSTRAINT ${sql.ref(`${table}_kind_check`)},
        ADD CONSTRAINT ${sql.ref(`${table}_kind_check`)}
          CHECK (kind IN ('dividend', 'daily', 'hourly', 'realtime', 'commission'))
    `.execute(db);
  }
  await sql`
    CREATE TABLE agent_team_category_figures (
      agent_member_id bigint NOT NULL,
      day_start timestamptz NOT NULL,
      currency text NOT NULL,
      game_category text NOT NULL,
      merchant_code text NOT NULL REFERENCES merchants (code),
      valid_bet_minor bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (agent_member_id, day_start, currency, game_category)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE agent_team_category_figures`.execute(db);
  for (const table of ['agent_contracts', 'agent_contract_templates']) {
    await sql`
      ALTER TABLE ${sql.table(table)}
        DROP CONSTRAINT ${sql.ref(`${table}_kind_check`)},
        ADD CONSTRAINT ${sql.ref(`${table}_kind_check`)}
          CHECK (kind IN ('dividend', 'daily', 'hourly', 'realtime'))
    `.execute(db);
  }
}
