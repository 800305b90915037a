import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { hashPassword } from './password.js';

/** The demo agent's affiliate (invitation) code: `/register?affiliateCode=DEMO2026`. */
export const DEMO_AFFILIATE_CODE = 'DEMO2026';
export const DEMO_AGENT_USERNAME = 'demoagent';
/** Account type of the demo agent (SPEC §4: 1, 2, 41 and 42 are agents). */
const DEMO_AGENT_TYPE = 1;

/**
 * An agent whose affiliate code new players can register with. Nobody logs in as it: its
 * password is random and never kept. Idempotent.
 */
export async function seedDemoAgent(db: Db, merchantCode: string): Promise<void> {
  const existing = await db
    .selectFrom('members')
    .select('id')
    .where('merchant_code', '=', merchantCode)
    .where('username_normalized', '=', DEMO_AGENT_USERNAME)
    .executeTakeFirst();
  const agent =
    existing ??
    (await db
      .insertInto('members')
      .values({
        merchant_code: merchantCode,
        username: DEMO_AGENT_USERNAME,
        username_normalized: DEMO_AGENT_USERNAME,
        password_hash: await hashPassword(randomBytes(32).toString('base64url')),
        nickname: 'Demo agent',
        type: DEMO_AGENT_TYPE,
        profile: JSON.stringify({}),
        register_method: 'SEED',
      })
      .onConflict((conflict) =>
        conflict.columns(['merchant_code', 'username_normalized']).doNothing(),
      )
      .returning('id')
      .executeTakeFirst());
  if (!agent) return; // Another process seeded it at the same moment; its code follows.
  await sql`
    INSERT INTO affiliate_codes (merchant_code, code, agent_member_id)
    VALUES (${merchantCode}, ${DEMO_AFFILIATE_CODE}, ${agent.id})
    ON CONFLICT (merchant_code, lower(code)) DO NOTHING
  `.execute(db);
}
