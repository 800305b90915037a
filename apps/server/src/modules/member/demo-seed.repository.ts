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

/** The demo agent-centre login: a three-level team under it (README). */
export const DEMO_TEAM_AGENT_USERNAME = 'teamlead';
export const DEMO_TEAM_AGENT_PASSWORD = 'agent1234';
/** Sub-agents under the team lead, and players under each sub-agent and under the lead. */
const DEMO_TEAM_SUB_AGENTS = 2;
const DEMO_TEAM_PLAYERS_EACH = 4;
/** Account type of the demo sub-agents (SPEC §4: an agent type). */
const DEMO_SUB_AGENT_TYPE = 2;

async function insertSeedMember(
  db: Db,
  merchantCode: string,
  input: { username: string; passwordHash: string; type: number; uplineId: bigint | null },
): Promise<bigint> {
  const row = await db
    .insertInto('members')
    .values({
      merchant_code: merchantCode,
      username: input.username,
      username_normalized: input.username,
      password_hash: input.passwordHash,
      nickname: input.username,
      type: input.type,
      profile: JSON.stringify({}),
      register_method: 'SEED',
      upline_member_id: input.uplineId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The demo agent tree (issue 18): `teamlead` (an agent one can log in as) with two sub-agents,
 * each with players, and players of its own: three levels. Answers the players' ids when this
 * call made the tree, and null when it existed already (idempotent).
 */
export async function seedDemoAgentTree(db: Db, merchantCode: string): Promise<bigint[] | null> {
  const existing = await db
    .selectFrom('members')
    .select('id')
    .where('merchant_code', '=', merchantCode)
    .where('username_normalized', '=', DEMO_TEAM_AGENT_USERNAME)
    .executeTakeFirst();
  if (existing) return null;
  const passwordHash = await hashPassword(DEMO_TEAM_AGENT_PASSWORD);
  // Players cannot log in: their password is random and never kept.
  const playerHash = await hashPassword(randomBytes(32).toString('base64url'));
  return db.transaction().execute(async (trx) => {
    const lead = await insertSeedMember(trx, merchantCode, {
      username: DEMO_TEAM_AGENT_USERNAME,
      passwordHash,
      type: DEMO_AGENT_TYPE,
      uplineId: null,
    });
    const players: bigint[] = [];
    const addPlayers = async (uplineId: bigint, prefix: string) => {
      for (let index = 1; index <= DEMO_TEAM_PLAYERS_EACH; index += 1)
        players.push(
          await insertSeedMember(trx, merchantCode, {
            username: `${prefix}p${index}`,
            passwordHash: playerHash,
            type: 0,
            uplineId,
          }),
        );
    };
    await addPlayers(lead, 'teamlead');
    for (let sub = 1; sub <= DEMO_TEAM_SUB_AGENTS; sub += 1) {
      const subAgent = await insertSeedMember(trx, merchantCode, {
        username: `teamsub${sub}`,
        passwordHash: playerHash,
        type: DEMO_SUB_AGENT_TYPE,
        uplineId: lead,
      });
      await addPlayers(subAgent, `teamsub${sub}`);
    }
    return players;
  });
}
