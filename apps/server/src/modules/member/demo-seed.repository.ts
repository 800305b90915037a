import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { hashPassword } from './password.js';

/** The demo agent's affiliate (invitation) code: `/register?affiliateCode=DEMO2026`. */
export const DEMO_AFFILIATE_CODE = 'DEMO2026';
export const DEMO_AGENT_USERNAME = 'demoagent';
/** Account type of seeded agents (SPEC §4: 1, 2, 41 and 42 are agents). */
const DEMO_AGENT_TYPE = 1;

/** An agent of a merchant with an affiliate code new players can register with. */
export interface AgentSeed {
  username: string;
  nickname: string;
  affiliateCode: string;
}

/**
 * An agent whose affiliate code new players can register with. Nobody logs in as it: its
 * password is random and never kept. Idempotent.
 */
export async function seedAgent(db: Db, merchantCode: string, seed: AgentSeed): Promise<void> {
  const existing = await db
    .selectFrom('members')
    .select('id')
    .where('merchant_code', '=', merchantCode)
    .where('username_normalized', '=', seed.username)
    .executeTakeFirst();
  const agent =
    existing ??
    (await db
      .insertInto('members')
      .values({
        merchant_code: merchantCode,
        username: seed.username,
        username_normalized: seed.username,
        password_hash: await hashPassword(randomBytes(32).toString('base64url')),
        nickname: seed.nickname,
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
    VALUES (${merchantCode}, ${seed.affiliateCode}, ${agent.id})
    ON CONFLICT (merchant_code, lower(code)) DO NOTHING
  `.execute(db);
}

/** The demo agent and its affiliate code. Idempotent. */
export async function seedDemoAgent(db: Db, merchantCode: string): Promise<void> {
  await seedAgent(db, merchantCode, {
    username: DEMO_AGENT_USERNAME,
    nickname: 'Demo agent',
    affiliateCode: DEMO_AFFILIATE_CODE,
  });
}
