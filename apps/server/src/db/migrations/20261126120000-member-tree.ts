import { type Kysely, sql } from 'kysely';

/**
 * The downline tree as a closure table (issue 18): one row per (member, ancestor) pair with its
 * distance, the member itself at depth 0. "Every descendant of an agent" is one range of
 * `member_tree_descendants_idx`, "a member's chain of uplines" one range of the primary key.
 *
 * Triggers on `members` keep it: an insert adds the new member's rows, a change of
 * `upline_member_id` moves the member's whole subtree, each in the statement's own transaction,
 * so no path that writes `members` (registration, the demo seed, an operator's move, a test's
 * SQL) can leave the tree behind. A move takes an exclusive advisory lock and an insert a shared
 * one, so a move never runs beside an insert under the moved subtree (which would read the old
 * ancestors); registrations still run beside each other. A move under its own subtree, or to an
 * upline of another merchant, raises an error (SQLSTATE 'P0001' with the messages below).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_tree (
      member_id bigint NOT NULL REFERENCES members (id),
      ancestor_id bigint NOT NULL REFERENCES members (id),
      depth integer NOT NULL CHECK (depth >= 0),
      PRIMARY KEY (member_id, ancestor_id)
    )
  `.execute(db);
  await sql`
    CREATE INDEX member_tree_descendants_idx ON member_tree (ancestor_id, depth, member_id)
  `.execute(db);

  await backfillMemberTree(db);

  await sql`
    CREATE FUNCTION member_tree_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock_shared(hashtext('member_tree'));
      INSERT INTO member_tree (member_id, ancestor_id, depth) VALUES (NEW.id, NEW.id, 0);
      IF NEW.upline_member_id IS NOT NULL THEN
        IF NOT EXISTS (
          SELECT 1 FROM members WHERE id = NEW.upline_member_id AND merchant_code = NEW.merchant_code
        ) THEN
          RAISE EXCEPTION 'member_tree: upline of another merchant';
        END IF;
        INSERT INTO member_tree (member_id, ancestor_id, depth)
        SELECT NEW.id, ancestor_id, depth + 1 FROM member_tree WHERE member_id = NEW.upline_member_id;
      END IF;
      RETURN NULL;
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER member_tree_insert AFTER INSERT ON members
      FOR EACH ROW EXECUTE FUNCTION member_tree_on_insert()
  `.execute(db);

  await sql`
    CREATE FUNCTION member_tree_on_move() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtext('member_tree'));
      IF NEW.upline_member_id IS NOT NULL THEN
        IF EXISTS (
          SELECT 1 FROM member_tree WHERE member_id = NEW.upline_member_id AND ancestor_id = NEW.id
        ) THEN
          RAISE EXCEPTION 'member_tree: cycle';
        END IF;
        IF NOT EXISTS (
          SELECT 1 FROM members WHERE id = NEW.upline_member_id AND merchant_code = NEW.merchant_code
        ) THEN
          RAISE EXCEPTION 'member_tree: upline of another merchant';
        END IF;
      END IF;
      -- Cut the subtree from its old uplines, then hang it under the new upline's chain.
      DELETE FROM member_tree
      WHERE member_id IN (SELECT member_id FROM member_tree WHERE ancestor_id = NEW.id)
        AND ancestor_id IN (SELECT ancestor_id FROM member_tree WHERE member_id = NEW.id AND depth > 0);
      IF NEW.upline_member_id IS NOT NULL THEN
        INSERT INTO member_tree (member_id, ancestor_id, depth)
        SELECT below.member_id, above.ancestor_id, above.depth + below.depth + 1
        FROM member_tree above CROSS JOIN member_tree below
        WHERE above.member_id = NEW.upline_member_id AND below.ancestor_id = NEW.id;
      END IF;
      RETURN NULL;
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER member_tree_move AFTER UPDATE OF upline_member_id ON members
      FOR EACH ROW WHEN (OLD.upline_member_id IS DISTINCT FROM NEW.upline_member_id)
      EXECUTE FUNCTION member_tree_on_move()
  `.execute(db);
}

/** Every member's rows, walked up the uplines (a recursive query): the migration's backfill. */
export async function backfillMemberTree(db: Kysely<unknown>): Promise<void> {
  await sql`
    WITH RECURSIVE chain (member_id, ancestor_id, depth) AS (
      SELECT id, id, 0 FROM members
      UNION ALL
      SELECT chain.member_id, parent.upline_member_id, chain.depth + 1
      FROM chain JOIN members parent ON parent.id = chain.ancestor_id
      WHERE parent.upline_member_id IS NOT NULL
    )
    INSERT INTO member_tree (member_id, ancestor_id, depth)
    SELECT member_id, ancestor_id, depth FROM chain
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER member_tree_move ON members`.execute(db);
  await sql`DROP TRIGGER member_tree_insert ON members`.execute(db);
  await sql`DROP FUNCTION member_tree_on_move()`.execute(db);
  await sql`DROP FUNCTION member_tree_on_insert()`.execute(db);
  await sql`DROP TABLE member_tree`.execute(db);
}
