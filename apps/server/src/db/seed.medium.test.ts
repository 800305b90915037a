import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyTestDatabase, type EmptyTestDatabase } from '../../test/empty-database.js';
import { BASE_MERCHANT_CODE } from '../../test/fixtures/base-merchant.js';
import { fixtureAnnouncementTitle, seedSiteContent } from '../../test/fixtures/site-content.js';
import { callApi } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-database.js';
import { buildApp } from '../app.js';
import { hashPassword } from '../modules/member/index.js';
import { createServices } from '../services.js';
import { migrateToLatest } from './migrator.js';
import {
  DEMO_AFFILIATE_CODE,
  DEMO_AGENT_USERNAME,
  DEMO_CONSOLE_PASSWORD,
  DEMO_MERCHANT_CODE,
  DEMO_VENDOR_WALLET_CODE,
  seedDemoConsoleOperators,
  seedDemoMerchant,
  seedDemoOperator,
} from './seed.js';

/** The newest announcement of the demo's content (`modules/content/seed-content.ts`). */
const DEMO_FIRST_ANNOUNCEMENT_TITLE = 'Welcome to Demo Casino';

/** The name of the demo's sandbox table-games entry (`modules/games/seed-catalogue.ts`). */
const DEMO_TABLE_GAMES_NAME = 'Sandbox Table Games';

const README = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');

/** Rows of the demo merchant in each table its modules seed. */
async function demoRowCounts(database: EmptyTestDatabase) {
  const { rows } = await sql<Record<string, bigint>>`
    SELECT
      (SELECT count(*) FROM merchants WHERE code = ${DEMO_MERCHANT_CODE}) AS merchants,
      (SELECT count(*) FROM payment_methods WHERE merchant_code = ${DEMO_MERCHANT_CODE}) AS payment_methods,
      (SELECT count(*) FROM withdrawal_settings WHERE merchant_code = ${DEMO_MERCHANT_CODE}) AS withdrawal_settings,
      (SELECT count(*) FROM transfer_settings WHERE merchant_code = ${DEMO_MERCHANT_CODE}) AS transfer_settings,
      (SELECT count(*) FROM vendor_wallets WHERE merchant_code = ${DEMO_MERCHANT_CODE} AND code = ${DEMO_VENDOR_WALLET_CODE}) AS vendor_wallets,
      (SELECT count(*) FROM affiliate_codes WHERE merchant_code = ${DEMO_MERCHANT_CODE} AND code = ${DEMO_AFFILIATE_CODE}) AS affiliate_codes,
      (SELECT count(*) FROM members WHERE merchant_code = ${DEMO_MERCHANT_CODE}) AS members,
      (SELECT count(*) FROM games WHERE merchant_code = ${DEMO_MERCHANT_CODE}) AS games,
      (SELECT count(*) FROM lottery_games WHERE merchant_code = ${DEMO_MERCHANT_CODE}) AS lottery_games,
      (SELECT count(*) FROM content_banners WHERE merchant_code = ${DEMO_MERCHANT_CODE}) AS banners,
      (SELECT count(*) FROM operators WHERE merchant_code = ${DEMO_MERCHANT_CODE}) AS operators
  `.execute(database.db);
  // Counts arrive as bigint; the expectations below spell them as decimal strings.
  return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([key, n]) => [key, String(n)]));
}

/**
 * The demo seed on its own database (the medium tests' databases start from the base fixture,
 * never from it): it runs, it is idempotent, its logins work and the README tells the truth.
 */
describe('the demo seed', () => {
  let database: EmptyTestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createEmptyTestDatabase();
    await migrateToLatest(database.db);
    expect(await seedDemoMerchant(database.db)).toBe(true);
    app = await buildApp({ db: database.db });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('gives the demo merchant what each module seeds, and a second run adds nothing', async () => {
    const first = await demoRowCounts(database);
    expect(first).toMatchObject({
      merchants: '1',
      payment_methods: '2',
      withdrawal_settings: '1',
      transfer_settings: '1',
      vendor_wallets: '1',
      affiliate_codes: '1',
      // The invitation code's agent, and the agent centre's team: a lead, 2 sub-agents, 12 players.
      members: '16',
      operators: '0',
    });
    expect(Number(first?.games)).toBeGreaterThan(0);
    expect(Number(first?.lottery_games)).toBeGreaterThan(0);
    expect(Number(first?.banners)).toBeGreaterThan(0);

    expect(await seedDemoMerchant(database.db)).toBe(false);
    expect(await demoRowCounts(database)).toEqual(first);
  });

  it("pays the demo agents' commission for the weeks of simulated play", async () => {
    const services = createServices(database.db);
    await services.events.runAll();
    await services.agentContracts.settlement.settleDue(['commission']);
    const { rows } = await sql<{ username: string; weeks: number; amount: bigint }>`
      SELECT m.username, count(*)::int AS weeks, sum(s.amount_minor)::bigint AS amount
      FROM agent_contract_settlements s JOIN members m ON m.id = s.member_id
      WHERE s.kind = 'commission' AND s.status = 'paid' AND s.merchant_code = ${DEMO_MERCHANT_CODE}
      GROUP BY m.username ORDER BY m.username
    `.execute(database.db);
    expect(rows.map((row) => row.username)).toEqual(['teamlead', 'teamsub1']);
    for (const row of rows) {
      expect(row.weeks, row.username).toBeGreaterThanOrEqual(2);
      expect(row.amount, row.username).toBeGreaterThan(0n);
    }
  });

  it('adds the demo operator once', async () => {
    await seedDemoOperator(database.db, 'hash-one');
    await seedDemoOperator(database.db, 'hash-two');
    const operators = await database.db
      .selectFrom('operators')
      .select(['username', 'password_hash', 'role'])
      .where('merchant_code', '=', DEMO_MERCHANT_CODE)
      .where('username', '=', 'operator')
      .execute();
    expect(operators).toEqual([{ username: 'operator', password_hash: 'hash-one', role: 'admin' }]);
  });

  it("signs the README's console operators in with the README's password", async () => {
    expect(README).toContain(`password \`${DEMO_CONSOLE_PASSWORD}\``);
    expect(README).toContain(`Merchant: ${DEMO_MERCHANT_CODE}`);
    await seedDemoConsoleOperators(database.db, await hashPassword(DEMO_CONSOLE_PASSWORD));
    for (const username of ['admin', 'finance', 'content', 'platform']) {
      expect(README).toContain(`\`${username}\``);
      const login = await callApi(app, 'POST', '/admin/session/login', {
        merchant: DEMO_MERCHANT_CODE,
        body: { username, password: DEMO_CONSOLE_PASSWORD },
      });
      expect(login.status, username).toBe(200);
      expect(login.body.value.session.operator.kind, username).toBe(
        username === 'platform' ? 'platform' : 'merchant',
      );
    }
  });

  it("registers a player on the README's invitation code of its seeded agent", async () => {
    expect(README).toContain(`affiliateCode=${DEMO_AFFILIATE_CODE}`);
    expect(README).toContain(`\`${DEMO_AGENT_USERNAME}\``);
    const check = await callApi(app, 'GET', `/wps/agent/affiliate?code=${DEMO_AFFILIATE_CODE}`, {
      merchant: DEMO_MERCHANT_CODE,
    });
    expect(check.status).toBe(200);
    const registered = await callApi(app, 'PUT', '/wps/member/register', {
      merchant: DEMO_MERCHANT_CODE,
      body: {
        username: 'readmeplayer',
        password: 'secret123',
        confirmPassword: 'secret123',
        affiliateCode: DEMO_AFFILIATE_CODE,
      },
    });
    expect(registered.status).toBe(200);
    const login = await callApi(app, 'POST', '/wps/session/login', {
      merchant: DEMO_MERCHANT_CODE,
      body: { username: 'readmeplayer', password: 'secret123' },
    });
    expect(login.status).toBe(200);
  });
});

describe("the medium tests' base fixture", () => {
  it("holds none of the demo's own data, so editing the demo cannot change a test", async () => {
    const database = await createTestDatabase();
    try {
      const { rows } = await sql<Record<string, string | number>>`
        SELECT
          (SELECT name FROM merchants WHERE code = ${BASE_MERCHANT_CODE}) AS name,
          (SELECT count(*)::int FROM vendor_wallets WHERE code = ${DEMO_VENDOR_WALLET_CODE}) AS demo_wallets,
          (SELECT count(*)::int FROM affiliate_codes WHERE code = ${DEMO_AFFILIATE_CODE}) AS demo_codes,
          (SELECT count(*)::int FROM members WHERE username = ${DEMO_AGENT_USERNAME}) AS demo_agents,
          (SELECT count(*)::int FROM content_banners) AS banners,
          (SELECT count(*)::int FROM game_texts WHERE name = ${DEMO_TABLE_GAMES_NAME}) AS demo_game_texts
      `.execute(database.db);
      expect(rows[0]).toEqual({
        name: 'Fixture Casino',
        demo_wallets: 0,
        demo_codes: 0,
        demo_agents: 0,
        banners: 0,
        demo_game_texts: 0,
      });
    } finally {
      await database.drop();
    }
  });

  it("gives the content tests the fixture's own site content, none of the demo's", async () => {
    const database = await createTestDatabase({ fixtures: [seedSiteContent] });
    try {
      const { rows } = await sql<{ fixture: number; demo: number }>`
        SELECT count(*) FILTER (WHERE title = ${fixtureAnnouncementTitle('EN')})::int AS fixture,
          count(*) FILTER (WHERE title = ${DEMO_FIRST_ANNOUNCEMENT_TITLE})::int AS demo
        FROM content_announcements WHERE merchant_code = ${BASE_MERCHANT_CODE}
      `.execute(database.db);
      expect(rows[0]).toEqual({ fixture: 1, demo: 0 });
    } finally {
      await database.drop();
    }
  });
});
