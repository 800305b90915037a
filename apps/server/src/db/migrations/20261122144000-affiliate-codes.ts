import { type Kysely, sql } from 'kysely';

/**
 * Affiliate (invitation) codes of agents, and what a registration records about where the
 * member came from: the agent above them (upline), the code used and the site's domain. The
 * other registration fields (e-mail, payee name, messaging ids, id number, referral code) stay
 * in `members.profile`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE affiliate_codes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      code text NOT NULL CHECK (length(code) BETWEEN 1 AND 64),
      agent_member_id bigint NOT NULL REFERENCES members (id),
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  // One code per merchant whatever its case: players type codes as they hear them.
  await sql`
    CREATE UNIQUE INDEX affiliate_codes_merchant_code_idx
      ON affiliate_codes (merchant_code, lower(code))
  `.execute(db);
  await sql`CREATE INDEX affiliate_codes_agent_idx ON affiliate_codes (agent_member_id)`.execute(
    db,
  );
  await sql`
    ALTER TABLE members
      ADD COLUMN upline_member_id bigint REFERENCES members (id),
      ADD COLUMN affiliate_code_id bigint REFERENCES affiliate_codes (id),
      ADD COLUMN register_domain text CHECK (length(register_domain) <= 255)
  `.execute(db);
  await sql`
    CREATE INDEX members_upline_idx ON members (upline_member_id) WHERE upline_member_id IS NOT NULL
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE members
      DROP COLUMN register_domain,
      DROP COLUMN affiliate_code_id,
      DROP COLUMN upline_member_id
  `.execute(db);
  await sql`DROP TABLE affiliate_codes`.execute(db);
}
