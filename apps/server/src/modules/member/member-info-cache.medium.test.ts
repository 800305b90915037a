import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { fundedMember } from '../../../test/money-helpers.js';
import { callApi } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { buildApp } from '../../app.js';
import { createServices, type Services } from '../../services.js';

/** Long enough that only a change heard through NOTIFY (never the time to live) can end one. */
const CACHE_TTL_MS = 10 * 60 * 1000;
/** How long the other instance may take to hear a committed NOTIFY on this machine. */
const NOTIFY_WAIT_MS = 5_000;
const NOTIFY_POLL_MS = 20;

let database: TestDatabase;
/** Two instances of the server on one database, each with its own member info cache. */
let first: FastifyInstance;
let second: FastifyInstance;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function instance(): Promise<FastifyInstance> {
  const services: Services = createServices(database.db, {
    sessionCacheTtlMs: CACHE_TTL_MS,
    memberInfoCacheTtlMs: CACHE_TTL_MS,
  });
  const app = await buildApp({ db: database.db, services });
  await app.ready();
  const deadline = Date.now() + NOTIFY_WAIT_MS;
  while (!services.memberInfoCache.isListening() && Date.now() < deadline)
    await sleep(NOTIFY_POLL_MS);
  expect(services.memberInfoCache.isListening()).toBe(true);
  return app;
}

type Info = { nickname: string; clubLabel: { labelName: string } | null; memberLabel: unknown[] };

async function infoOn(app: FastifyInstance, token: string): Promise<Info> {
  const answer = await callApi(app, 'GET', '/wps/member/info', { token });
  expect(answer.status).toBe(200);
  return answer.body.value as Info;
}

/** The instance's answer once it satisfies `heard` (or the last one after NOTIFY_WAIT_MS). */
async function infoOnceHeard(app: FastifyInstance, token: string, heard: (info: Info) => boolean) {
  const deadline = Date.now() + NOTIFY_WAIT_MS;
  let info = await infoOn(app, token);
  while (!heard(info) && Date.now() < deadline) {
    await sleep(NOTIFY_POLL_MS);
    info = await infoOn(app, token);
  }
  return info;
}

/** A member whose info both instances have answered (and so cached). */
async function cachedMember(prefix: string) {
  const member = await fundedMember(first, database.db, 0, prefix);
  await infoOn(first, member.token);
  await infoOn(second, member.token);
  return member;
}

/** Runs SQL with the triggers off, as a change nothing announces would be. */
async function unannounced(statement: ReturnType<typeof sql>) {
  await database.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await statement.execute(trx);
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  first = await instance();
  second = await instance();
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await database?.drop();
});

describe('the member info cache', () => {
  it('answers from memory: a change nothing announces is not seen, a login changes nothing', async () => {
    const member = await cachedMember('memo');
    await unannounced(sql`UPDATE members SET nickname = 'Hidden' WHERE id = ${member.id}`);
    await sql`UPDATE members SET last_login_at = now() WHERE id = ${member.id}`.execute(
      database.db,
    );
    await sleep(200);
    // Proof that both instances really cache: otherwise the tests below would prove nothing.
    expect((await infoOn(first, member.token)).nickname).not.toBe('Hidden');
    expect((await infoOn(second, member.token)).nickname).not.toBe('Hidden');
  });

  it('shows a new nickname on both instances once the database announces it', async () => {
    const member = await cachedMember('nick');
    await sql`UPDATE members SET nickname = 'Renamed' WHERE id = ${member.id}`.execute(database.db);
    for (const app of [first, second]) {
      const info = await infoOnceHeard(app, member.token, (seen) => seen.nickname === 'Renamed');
      expect(info.nickname).toBe('Renamed');
    }
  });

  it('shows a label linked, a label renamed and a label unlinked on both instances', async () => {
    const member = await cachedMember('label');
    const label = await sql<{ id: string }>`
      INSERT INTO member_labels (merchant_code, name, color, background_color)
      VALUES (${BASE_MERCHANT_CODE}, 'Cached roller', '#000000', '#ffd43b') RETURNING id::text`.execute(
      database.db,
    );
    const labelId = label.rows[0]?.id as string;
    await sql`INSERT INTO member_label_links (member_id, label_id)
      VALUES (${member.id}, ${labelId}::bigint)`.execute(database.db);
    const hasLabel = (text: string) => (info: Info) =>
      JSON.stringify(info.memberLabel).includes(`"text":"${text}"`);
    for (const app of [first, second]) {
      expect(
        hasLabel('Cached roller')(
          await infoOnceHeard(app, member.token, hasLabel('Cached roller')),
        ),
      ).toBe(true);
    }
    await sql`UPDATE member_labels SET name = 'Big roller' WHERE id = ${labelId}::bigint`.execute(
      database.db,
    );
    for (const app of [first, second]) {
      expect(
        hasLabel('Big roller')(await infoOnceHeard(app, member.token, hasLabel('Big roller'))),
      ).toBe(true);
    }
    await sql`DELETE FROM member_label_links WHERE member_id = ${member.id}`.execute(database.db);
    for (const app of [first, second]) {
      const info = await infoOnceHeard(app, member.token, (seen) => seen.memberLabel.length === 0);
      expect(info.memberLabel).toEqual([]);
    }
  });

  it('shows a club rank reached and a rank renamed on both instances', async () => {
    const member = await cachedMember('rank');
    const level = 1;
    await sql`INSERT INTO vip_ranks (merchant_code, rank_level, name, color, color2,
        min_turnover_minor, min_deposit_minor)
      VALUES (${BASE_MERCHANT_CODE}, ${level}, 'Cached silver', '#ffffff', '#000000', 0, 0)
      ON CONFLICT DO NOTHING`.execute(database.db);
    const rank = await sql<{ name: string }>`SELECT name FROM vip_ranks
      WHERE merchant_code = ${BASE_MERCHANT_CODE} AND rank_level = ${level}`.execute(database.db);
    await sql`INSERT INTO vip_member_ranks (member_id, merchant_code, rank_level, evaluated_at)
      VALUES (${member.id}, ${BASE_MERCHANT_CODE}, ${level}, now())`.execute(database.db);
    const named = (name: string) => (info: Info) => info.clubLabel?.labelName === name;
    for (const app of [first, second]) {
      const info = await infoOnceHeard(app, member.token, named(rank.rows[0]?.name as string));
      expect(info.clubLabel?.labelName).toBe(rank.rows[0]?.name);
    }
    await sql`UPDATE vip_ranks SET name = 'Cached gold' WHERE merchant_code = ${BASE_MERCHANT_CODE}
      AND rank_level = ${level}`.execute(database.db);
    for (const app of [first, second]) {
      const info = await infoOnceHeard(app, member.token, named('Cached gold'));
      expect(info.clubLabel?.labelName).toBe('Cached gold');
    }
  });
});
