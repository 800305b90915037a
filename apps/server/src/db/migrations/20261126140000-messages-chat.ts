import { type Kysely, sql } from 'kysely';

/**
 * Platform messages (messageV2) and the chat room (issue 21).
 *
 * A message is stored once, whatever its audience: one member, a member label, a rank and up,
 * or every member of the merchant. What each member did with it (read, deleted) is a row of
 * `platform_message_states`, written only when the member acts, so a broadcast to a million
 * members is one row until they open it. System messages carry the event they came from in
 * `source_key` (unique per merchant): a replayed event never writes a second message.
 *
 * The chat room keeps its messages per merchant by id; a room's settings row is made on the
 * first change (defaults: open, names partly masked, no link allowed). Mutes are one row per
 * member, the latest mute wins.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE platform_messages (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      audience text NOT NULL CHECK (audience IN ('member', 'label', 'rank', 'all')),
      member_id bigint REFERENCES members (id),
      label_id bigint,
      min_rank integer,
      kind text NOT NULL CHECK (kind IN ('operator', 'system')),
      source_key text,
      titles jsonb NOT NULL,
      contents jsonb NOT NULL,
      sent_by bigint,
      sent_at timestamptz NOT NULL DEFAULT now(),
      withdrawn_at timestamptz,
      CHECK ((audience = 'member') = (member_id IS NOT NULL)),
      CHECK ((audience = 'label') = (label_id IS NOT NULL)),
      CHECK ((audience = 'rank') = (min_rank IS NOT NULL))
    )
  `.execute(db);
  await sql`CREATE INDEX platform_messages_member_idx ON platform_messages (member_id, id DESC) WHERE member_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX platform_messages_broadcast_idx ON platform_messages (merchant_code, id DESC) WHERE member_id IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX platform_messages_sent_idx ON platform_messages (merchant_code, kind, id DESC)`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX platform_messages_source_idx ON platform_messages (merchant_code, source_key) WHERE source_key IS NOT NULL`.execute(
    db,
  );
  await sql`
    CREATE TABLE platform_message_states (
      member_id bigint NOT NULL REFERENCES members (id),
      message_id bigint NOT NULL REFERENCES platform_messages (id),
      read_at timestamptz,
      deleted_at timestamptz,
      PRIMARY KEY (member_id, message_id)
    )
  `.execute(db);
  await sql`
    CREATE TABLE chat_rooms (
      merchant_code text PRIMARY KEY REFERENCES merchants (code),
      open boolean NOT NULL DEFAULT true,
      name_mask text NOT NULL DEFAULT 'partial' CHECK (name_mask IN ('none', 'partial', 'hidden')),
      link_hosts text[] NOT NULL DEFAULT '{}',
      updated_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`
    CREATE TABLE chat_messages (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      member_id bigint REFERENCES members (id),
      author_name text NOT NULL,
      rank_label text,
      house boolean NOT NULL DEFAULT false,
      body text NOT NULL,
      posted_by bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      deleted_by bigint,
      CHECK (house OR member_id IS NOT NULL)
    )
  `.execute(db);
  await sql`CREATE INDEX chat_messages_room_idx ON chat_messages (merchant_code, id DESC)`.execute(
    db,
  );
  await sql`
    CREATE TABLE chat_mutes (
      merchant_code text NOT NULL REFERENCES merchants (code),
      member_id bigint NOT NULL REFERENCES members (id),
      muted_until timestamptz NOT NULL,
      reason text,
      muted_by bigint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_code, member_id)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'chat_mutes',
    'chat_messages',
    'chat_rooms',
    'platform_message_states',
    'platform_messages',
  ]) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  }
}
