import { type Kysely, sql } from 'kysely';

/**
 * Agent contracts (module `agent-contracts`): contracts between an upline and a direct downline
 * agent (or the house and a top agent), their settlements per period, and the team figures a
 * consumer of the event stream keeps per agent and 5-minute bucket for them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE agent_contracts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('dividend', 'daily', 'hourly', 'realtime')),
      -- NULL: the house (an operator) is the upline of a top agent.
      upline_member_id bigint,
      member_id bigint NOT NULL,
      period text NOT NULL CHECK (period IN ('hourly', 'daily', 'weekly', 'semimonthly', 'monthly', 'realtime')),
      terms jsonb NOT NULL,
      status text NOT NULL CHECK (status IN ('offered', 'active', 'rejected', 'terminated', 'withdrawn')),
      -- The party that asked to end an active contract; the other one answers.
      termination_requested_by bigint,
      offered_at timestamptz NOT NULL DEFAULT now(),
      decided_at timestamptz,
      terminated_at timestamptz,
      CHECK (upline_member_id IS NULL OR upline_member_id <> member_id)
    )
  `.execute(db);
  // One open offer and one active contract of a kind per downline agent at a time.
  await sql`
    CREATE UNIQUE INDEX agent_contracts_one_active ON agent_contracts (member_id, kind)
    WHERE status = 'active'
  `.execute(db);
  await sql`
    CREATE UNIQUE INDEX agent_contracts_one_offer ON agent_contracts (member_id, kind)
    WHERE status = 'offered'
  `.execute(db);
  await sql`CREATE INDEX agent_contracts_upline ON agent_contracts (upline_member_id, kind, status)`.execute(
    db,
  );
  await sql`CREATE INDEX agent_contracts_due ON agent_contracts (merchant_code, kind, status)`.execute(
    db,
  );
  await sql`
    CREATE TABLE agent_contract_history (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      contract_id bigint NOT NULL REFERENCES agent_contracts (id),
      action text NOT NULL,
      -- The member who acted; NULL for the house, an operator or the system.
      actor_member_id bigint,
      note text,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX agent_contract_history_contract ON agent_contract_history (contract_id, id)`.execute(
    db,
  );
  await sql`
    CREATE TABLE agent_contract_settlements (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      contract_id bigint NOT NULL REFERENCES agent_contracts (id),
      merchant_code text NOT NULL,
      member_id bigint NOT NULL,
      upline_member_id bigint,
      kind text NOT NULL,
      period_start timestamptz NOT NULL,
      period_end timestamptz NOT NULL,
      status text NOT NULL CHECK (status IN ('paid', 'nothing', 'carried', 'failed', 'voided')),
      -- Increased by an operator's rerun of a voided period: part of the transfer id.
      attempt integer NOT NULL DEFAULT 1,
      bet_minor bigint NOT NULL DEFAULT 0,
      valid_bet_minor bigint NOT NULL DEFAULT 0,
      profit_loss_minor bigint NOT NULL DEFAULT 0,
      active_members integer NOT NULL DEFAULT 0,
      rate_bps integer NOT NULL DEFAULT 0,
      carry_in_minor bigint NOT NULL DEFAULT 0,
      carry_out_minor bigint NOT NULL DEFAULT 0,
      amount_minor bigint NOT NULL DEFAULT 0,
      transfer_id text,
      reason text,
      settled_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (contract_id, period_start)
    )
  `.execute(db);
  await sql`
    CREATE INDEX agent_contract_settlements_member ON agent_contract_settlements (member_id, period_start DESC, id DESC)
  `.execute(db);
  await sql`
    CREATE TABLE agent_team_figures (
      agent_member_id bigint NOT NULL,
      bucket_start timestamptz NOT NULL,
      currency text NOT NULL,
      merchant_code text NOT NULL,
      rounds bigint NOT NULL DEFAULT 0,
      bet_minor bigint NOT NULL DEFAULT 0,
      valid_bet_minor bigint NOT NULL DEFAULT 0,
      win_minor bigint NOT NULL DEFAULT 0,
      -- Valid bets of rounds the player won (win above the valid bet) and of the others.
      won_valid_bet_minor bigint NOT NULL DEFAULT 0,
      lost_valid_bet_minor bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (agent_member_id, bucket_start, currency)
    )
  `.execute(db);
  await sql`
    CREATE TABLE agent_team_active (
      agent_member_id bigint NOT NULL,
      hour timestamptz NOT NULL,
      member_id bigint NOT NULL,
      PRIMARY KEY (agent_member_id, hour, member_id)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE agent_team_active`.execute(db);
  await sql`DROP TABLE agent_team_figures`.execute(db);
  await sql`DROP TABLE agent_contract_settlements`.execute(db);
  await sql`DROP TABLE agent_contract_history`.execute(db);
  await sql`DROP TABLE agent_contracts`.execute(db);
}
