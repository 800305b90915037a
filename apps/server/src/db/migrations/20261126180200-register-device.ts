import { type Kysely, sql } from 'kysely';

/**
 * The device a member registered from (a first-party cookie the registration call sets), and the
 * referral farm guard by device (module referrals): at most two friends of one inviter per
 * device, like the address rule.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE members
      ADD COLUMN register_device_id text CHECK (length(register_device_id) BETWEEN 1 AND 64)
  `.execute(db);
  await sql`
    ALTER TABLE referrals
      ADD COLUMN friend_device_id text CHECK (length(friend_device_id) BETWEEN 1 AND 64)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE referrals DROP COLUMN friend_device_id`.execute(db);
  await sql`ALTER TABLE members DROP COLUMN register_device_id`.execute(db);
}
