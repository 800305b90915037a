import { type Kysely, sql } from 'kysely';

/**
 * Every change to what the member info call answers (issue 23: the call is answered from a
 * cache on each instance) is announced on the channel `members_changed` by the database itself,
 * so that no write path can forget it: `m:<memberId>` for one member, `*` for a change that
 * touches many (a label renamed, the merchant's rank names). Only the columns the answer shows
 * fire the members trigger: logins and other updates of the row send nothing.
 *
 * Owners: `members`, `member_labels` and `member_label_links` belong to module member,
 * `vip_member_ranks` and `vip_ranks` to module vip; the channel is the member module's
 * (`MEMBERS_CHANGED_CHANNEL`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION member_info_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_LEVEL = 'STATEMENT' THEN
        PERFORM pg_notify('members_changed', '*');
      ELSIF TG_TABLE_NAME = 'members' THEN
        PERFORM pg_notify('members_changed', 'm:' || NEW.id);
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('members_changed', 'm:' || OLD.member_id);
      ELSE
        PERFORM pg_notify('members_changed', 'm:' || NEW.member_id);
      END IF;
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`
    CREATE TRIGGER members_info_changed AFTER UPDATE ON members FOR EACH ROW
    WHEN (
      OLD.username IS DISTINCT FROM NEW.username
      OR OLD.nickname IS DISTINCT FROM NEW.nickname
      OR OLD.type IS DISTINCT FROM NEW.type
      OR OLD.upline_member_id IS DISTINCT FROM NEW.upline_member_id
      OR OLD.status IS DISTINCT FROM NEW.status
      OR OLD.password_known IS DISTINCT FROM NEW.password_known
      OR OLD.language IS DISTINCT FROM NEW.language
      OR OLD.merchant_code IS DISTINCT FROM NEW.merchant_code
    )
    EXECUTE FUNCTION member_info_changed()
  `.execute(db);
  await sql`
    CREATE TRIGGER member_label_links_info_changed
    AFTER INSERT OR UPDATE OR DELETE ON member_label_links
    FOR EACH ROW EXECUTE FUNCTION member_info_changed()
  `.execute(db);
  await sql`
    CREATE TRIGGER member_labels_info_changed AFTER UPDATE OR DELETE ON member_labels
    FOR EACH STATEMENT EXECUTE FUNCTION member_info_changed()
  `.execute(db);
  // A first evaluation at rank 0 shows nothing new (no row already meant rank 0).
  await sql`
    CREATE TRIGGER vip_member_ranks_info_inserted AFTER INSERT ON vip_member_ranks
    FOR EACH ROW WHEN (NEW.rank_level <> 0) EXECUTE FUNCTION member_info_changed()
  `.execute(db);
  await sql`
    CREATE TRIGGER vip_member_ranks_info_changed AFTER UPDATE ON vip_member_ranks
    FOR EACH ROW WHEN (OLD.rank_level IS DISTINCT FROM NEW.rank_level)
    EXECUTE FUNCTION member_info_changed()
  `.execute(db);
  await sql`
    CREATE TRIGGER vip_member_ranks_info_deleted AFTER DELETE ON vip_member_ranks
    FOR EACH ROW EXECUTE FUNCTION member_info_changed()
  `.execute(db);
  await sql`
    CREATE TRIGGER vip_ranks_info_changed AFTER INSERT OR UPDATE OR DELETE ON vip_ranks
    FOR EACH STATEMENT EXECUTE FUNCTION member_info_changed()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER vip_ranks_info_changed ON vip_ranks`.execute(db);
  await sql`DROP TRIGGER vip_member_ranks_info_deleted ON vip_member_ranks`.execute(db);
  await sql`DROP TRIGGER vip_member_ranks_info_changed ON vip_member_ranks`.execute(db);
  await sql`DROP TRIGGER vip_member_ranks_info_inserted ON vip_member_ranks`.execute(db);
  await sql`DROP TRIGGER member_labels_info_changed ON member_labels`.execute(db);
  await sql`DROP TRIGGER member_label_links_info_changed ON member_label_links`.execute(db);
  await sql`DROP TRIGGER members_info_changed ON members`.execute(db);
  await sql`DROP FUNCTION member_info_changed()`.execute(db);
}
