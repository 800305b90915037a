import { type Kysely, sql } from 'kysely';

/**
 * The seamless-wallet protocol (docs/games-seamless-wallet.md): launch tokens, game sessions,
 * the provider's wallet transactions (their first answers, for replays) and the transfers of
 * transfer-mode providers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Spent by the provider's `authenticate`; only the SHA-256 of the token is kept.
  await sql`
    CREATE TABLE game_launch_tokens (
      token_hash text PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      member_id bigint NOT NULL REFERENCES members (id),
      node_id bigint NOT NULL REFERENCES games (node_id),
      vassalage text NOT NULL REFERENCES game_providers (code),
      room_id text,
      language text NOT NULL,
      currency text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX game_launch_tokens_expiry_idx ON game_launch_tokens (expires_at)`.execute(
    db,
  );
  // A provider's session of one member in one game; only the SHA-256 of its id is kept.
  await sql`
    CREATE TABLE game_sessions (
      id_hash text PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      member_id bigint NOT NULL REFERENCES members (id),
      vassalage text NOT NULL REFERENCES game_providers (code),
      node_id bigint NOT NULL REFERENCES games (node_id),
      room_id text,
      language text NOT NULL,
      currency text NOT NULL,
      last_used_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX game_sessions_member_idx ON game_sessions (member_id, created_at DESC)`.execute(
    db,
  );
  // Every bet, win and rollback a provider sent, keyed by its transaction id, with the first
  // answer (replayed to repeats). A rollback of an unknown bet leaves a 'marker' row under the
  // bet's id, so the late bet finds its id taken and is refused.
  await sql`
    CREATE TABLE game_wallet_transactions (
      vassalage text NOT NULL REFERENCES game_providers (code),
      transaction_id text NOT NULL CHECK (length(transaction_id) BETWEEN 1 AND 100),
      kind text NOT NULL CHECK (kind IN ('bet', 'win', 'rollback', 'marker')),
      merchant_code text NOT NULL REFERENCES merchants (code),
      member_id bigint NOT NULL REFERENCES members (id),
      round_ref text NOT NULL,
      ref_transaction_id text,
      amount_minor bigint NOT NULL DEFAULT 0 CHECK (amount_minor >= 0),
      -- SHA-256 of the fields that make a repeat the same request.
      fingerprint text NOT NULL,
      -- The first answer: HTTP status and the envelope; NULL while being carried out.
      answer_status integer,
      answer jsonb,
      -- The ledger transfer that moved the money (none for refusals and markers).
      ledger_transfer_id text,
      -- Bets: the rollback that refunded it.
      refunded_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (vassalage, transaction_id)
    )
  `.execute(db);
  await sql`CREATE INDEX game_wallet_transactions_round_idx ON game_wallet_transactions (vassalage, round_ref)`.execute(
    db,
  );
  // Money moved in or out of a transfer-mode provider's own wallet.
  await sql`
    CREATE TABLE game_wallet_transfers (
      id text PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      member_id bigint NOT NULL REFERENCES members (id),
      vassalage text NOT NULL REFERENCES game_providers (code),
      direction text NOT NULL CHECK (direction IN ('in', 'out')),
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      -- pending: held, provider not yet sure; ok: posted; failed: voided.
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ok', 'failed')),
      ledger_pending_id text NOT NULL,
      status_checks integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz
    )
  `.execute(db);
  await sql`CREATE INDEX game_wallet_transfers_pending_idx ON game_wallet_transfers (created_at) WHERE status = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'game_wallet_transfers',
    'game_wallet_transactions',
    'game_sessions',
    'game_launch_tokens',
  ]) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  }
}
