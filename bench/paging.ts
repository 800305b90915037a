// `npm run bench:paging`: the time of a first and a deep page of a large list, offset against
// keyset (issue 14). Seeds ROWS ledger entries for one member (the account statement, a site
// call paged by number) and ROWS audit entries (the console's log, paged by cursor) on the
// embedded PostgreSQL, then times each query (median of RUNS) at page 1 and at a deep page.
// `BENCH_ROWS=n` for another size.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase, type Db } from '../apps/server/src/db/database.js';
import { startEmbeddedDatabase } from '../apps/server/src/db/embedded.js';
import { encodeCursor } from '../apps/server/src/db/keyset-page.js';
import { migrateToLatest } from '../apps/server/src/db/migrator.js';
import { DEMO_MERCHANT_CODE, seedDemoMerchant } from '../apps/server/src/db/seed.js';
import { AUDIT_LOG_ORDER } from '../apps/server/src/modules/audit/repository.js';
import { createServices } from '../apps/server/src/services.js';
import { freePort } from '../apps/server/test/free-port.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
/** Timed runs per figure; the median is printed. */
const RUNS = 5;
/** A page as the site and the console ask for it. */
const PAGE_SIZE = 50;
/** The deep page: 90 % of the way down the list. */
const DEEP_FRACTION = 0.9;
const DAY_MS = 24 * 60 * 60 * 1000;

async function medianMs(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  await run(); // warm the cache: the figure is the query, not the first disk read
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

async function seedLedger(db: Db, accountId: string, houseId: string) {
  // Half the rows are the member's entries (one per transfer), the other half the house's.
  const transfers = Math.floor(ROWS / 2);
  await sql`
    INSERT INTO ledger_transfers (id, merchant_code, debit_account_id, credit_account_id,
      amount_minor, code, kind, status, created_at)
    SELECT 'bench-' || n, ${DEMO_MERCHANT_CODE}, ${houseId}::bigint, ${accountId}::bigint, 100,
      CASE WHEN n % 3 = 0 THEN 'bet' ELSE 'deposit' END, 'single', 'posted',
      now() - make_interval(secs => (${transfers} - n) * 5)
    FROM generate_series(1, ${transfers}) AS n
  `.execute(db);
  await sql`
    INSERT INTO ledger_entries (transfer_id, merchant_code, account_id, amount_minor,
      balance_after_minor, created_at)
    SELECT t.id, t.merchant_code, side.account_id, side.amount, 0, t.created_at
    FROM ledger_transfers t
    CROSS JOIN LATERAL (VALUES (t.credit_account_id, 100::bigint), (t.debit_account_id, -100::bigint))
      AS side (account_id, amount)
    WHERE t.id LIKE 'bench-%'
  `.execute(db);
  await sql`ANALYZE ledger_transfers`.execute(db);
  await sql`VACUUM ANALYZE ledger_entries`.execute(db);
  return transfers;
}

async function seedAudit(db: Db) {
  await sql`
    INSERT INTO audit_log (merchant_code, action, subject_type, subject_id, after, created_at)
    SELECT ${DEMO_MERCHANT_CODE}, 'bench.entry', 'bench', n::text, jsonb_build_object('n', n),
      now() - make_interval(secs => (${ROWS} - n))
    FROM generate_series(1, ${ROWS}) AS n
  `.execute(db);
  await sql`VACUUM ANALYZE audit_log`.execute(db);
}

function row(name: string, first: number, deep: number) {
  return { list: name, 'first page ms': first.toFixed(1), 'deep page ms': deep.toFixed(1) };
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'platform-bench-paging-'));
  const server = await startEmbeddedDatabase({ dataDir, port: await freePort() });
  const db = createDatabase(server.url);
  try {
    await migrateToLatest(db);
    await seedDemoMerchant(db);
    const services = createServices(db, { lotteryPublish: async () => {} });
    const member = await sql<{ id: string }>`
      INSERT INTO members (merchant_code, username, username_normalized, password_hash, nickname)
      VALUES (${DEMO_MERCHANT_CODE}, 'benchpager', 'benchpager', 'x', 'benchpager') RETURNING id
    `.execute(db);
    const memberId = BigInt(member.rows[0]?.id ?? 0);
    const accountId = await services.ledger.memberAccount({
      merchantCode: DEMO_MERCHANT_CODE,
      memberId,
      asset: 'cash',
      currency: 'VND',
    });
    const house = await sql<{ id: string }>`
      INSERT INTO ledger_accounts (merchant_code, currency, asset, owner_kind, code)
      VALUES (${DEMO_MERCHANT_CODE}, 'VND', 'cash', 'system', 'bench-house') RETURNING id
    `.execute(db);
    const seedStarted = performance.now();
    // Bulk set-up on one connection without the server's statement timeout (not timed).
    const memberRows = await db.connection().execute(async (connection) => {
      await sql`SET statement_timeout = 0`.execute(connection);
      const rows = await seedLedger(connection, String(accountId), String(house.rows[0]?.id));
      await seedAudit(connection);
      return rows;
    });
    console.log(
      `seeded ${ROWS.toLocaleString('en')} ledger entries (${memberRows.toLocaleString('en')} of the member) and ${ROWS.toLocaleString('en')} audit entries in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    // The account statement as the site asks for it: offset by page number, with its total.
    const from = new Date(Date.now() - 90 * DAY_MS);
    const to = new Date(Date.now() + DAY_MS);
    const deepOffset = Math.floor((memberRows * DEEP_FRACTION) / PAGE_SIZE) * PAGE_SIZE;
    const statement = (offset: number) =>
      services.ledger.memberEntries({ memberId, from, to, limit: PAGE_SIZE, offset });
    const deepEntry = (await statement(deepOffset)).rows[0];
    // The same rows by key: seek past the deep page's first key instead of counting to it.
    const statementByKey = (after?: { createdAt: Date; entryId: bigint }) =>
      sql`
      SELECT e.id, e.created_at, e.amount_minor, t.code, t.reference
      FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      JOIN ledger_transfers t ON t.id = e.transfer_id
      WHERE a.member_id = ${memberId.toString()}::bigint
        AND e.created_at >= ${from} AND e.created_at < ${to}
        ${after ? sql`AND (e.created_at, e.id) <= (${after.createdAt}, ${after.entryId.toString()}::bigint)` : sql``}
      ORDER BY e.created_at DESC, e.id DESC LIMIT ${PAGE_SIZE}
    `.execute(db);

    const auditDeepId = await sql<{ id: string }>`
      SELECT id FROM audit_log WHERE merchant_code = ${DEMO_MERCHANT_CODE}
      ORDER BY id DESC OFFSET ${Math.floor(ROWS * DEEP_FRACTION)} LIMIT 1
    `.execute(db);
    const auditCursor = encodeCursor(AUDIT_LOG_ORDER, [String(auditDeepId.rows[0]?.id)]);
    const auditPageNo = Math.floor((ROWS * DEEP_FRACTION) / PAGE_SIZE);

    const figures = [
      row(
        'statement, offset + total (site call)',
        await medianMs(() => statement(0)),
        await medianMs(() => statement(deepOffset)),
      ),
      row(
        'statement, keyset',
        await medianMs(() => statementByKey()),
        await medianMs(() =>
          statementByKey(
            deepEntry ? { createdAt: deepEntry.createdAt, entryId: deepEntry.entryId } : undefined,
          ),
        ),
      ),
      row(
        'audit log, offset',
        await medianMs(() => services.audit.page(DEMO_MERCHANT_CODE, 1, PAGE_SIZE)),
        await medianMs(() => services.audit.page(DEMO_MERCHANT_CODE, auditPageNo, PAGE_SIZE)),
      ),
      row(
        'audit log, keyset (console)',
        await medianMs(() =>
          services.audit.search({ merchantCode: DEMO_MERCHANT_CODE, limit: PAGE_SIZE }),
        ),
        await medianMs(() =>
          services.audit.search({
            merchantCode: DEMO_MERCHANT_CODE,
            limit: PAGE_SIZE,
            cursor: auditCursor,
          }),
        ),
      ),
    ];
    console.log(`pages of ${PAGE_SIZE}; deep = ${DEEP_FRACTION * 100} % down; median of ${RUNS}`);
    console.table(figures);
  } finally {
    await db.destroy();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
