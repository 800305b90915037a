import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertMembers } from '../../test/ledger-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import {
  ARCHIVE_SCHEMA,
  addMonthsUtc,
  attachedMonthlyPartitions,
  ensureMonthlyPartitions,
  monthlyPartitionName,
  monthStartUtc,
  PARTITION_MONTHS_AHEAD,
} from '../db/time-partitions.js';
import { createCatalogueWriter } from '../modules/games/index.js';
import {
  createLedgerService,
  LEDGER_ENTRIES_RETENTION_MONTHS,
  type LedgerService,
} from '../modules/ledger/index.js';
import { maintainPartitions } from './partition-jobs.js';

const merchantCode = 'DEMO';
const currency = 'VND';

describe('time partitions (issue 23)', () => {
  let database: TestDatabase;
  let ledger: LedgerService;
  const now = new Date();

  beforeAll(async () => {
    database = await createTestDatabase();
    ledger = createLedgerService(database.db);
    return () => database.drop();
  });

  it('partitions the big tables by month, with the coming months created ahead', async () => {
    for (const table of ['ledger_entries', 'game_rounds', 'lottery_bets', 'audit_log']) {
      const names = (await attachedMonthlyPartitions(database.db, table)).map((p) => p.name);
      expect(names).toContain(monthlyPartitionName(table, monthStartUtc(now)));
      expect(names).toContain(
        monthlyPartitionName(table, addMonthsUtc(monthStartUtc(now), PARTITION_MONTHS_AHEAD)),
      );
    }
  });

  it('archives a ledger month past retention and reconciliation still holds', async () => {
    const [memberId] = await insertMembers(database.db, 1, 'partition');
    const member = await ledger.memberAccount({
      merchantCode,
      memberId: memberId as bigint,
      asset: 'cash',
      currency,
    });
    const clearing = await ledger.systemAccount({
      merchantCode,
      code: 'clearing:bank',
      asset: 'cash',
      currency,
    });
    const oldMonth = addMonthsUtc(monthStartUtc(now), -(LEDGER_ENTRIES_RETENTION_MONTHS + 2));
    await ensureMonthlyPartitions(database.db, 'ledger_entries', 'created_at', now, oldMonth);
    await ledger.transfer({
      id: 'old-deposit',
      debitAccountId: clearing,
      creditAccountId: member,
      amountMinor: 70_000n,
      code: 'deposit',
    });
    // Seven years and two months ago: moved into that month's partition by the key's update.
    const writtenAt = addMonthsUtc(oldMonth, 0);
    await sql`UPDATE ledger_entries SET created_at = ${writtenAt} WHERE transfer_id = 'old-deposit'`.execute(
      database.db,
    );
    await sql`UPDATE ledger_transfers SET created_at = ${writtenAt} WHERE id = 'old-deposit'`.execute(
      database.db,
    );
    await ledger.transfer({
      id: 'new-deposit',
      debitAccountId: clearing,
      creditAccountId: member,
      amountMinor: 5_000n,
      code: 'deposit',
    });
    expect(await ledger.reconcile()).toEqual([]);

    const results = await maintainPartitions(database.db, now);
    const ledgerRun = results.find((result) => result.table === 'ledger_entries');
    const archivedName = monthlyPartitionName('ledger_entries', oldMonth);
    expect(ledgerRun?.archived).toContain(archivedName);
    expect(results.find((result) => result.table === 'audit_log')?.archived).toEqual([]);

    const attached = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM ledger_entries WHERE account_id = ${member}
    `.execute(database.db);
    expect(attached.rows[0]?.n).toBe('1');
    const archived = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM ${sql.table(`${ARCHIVE_SCHEMA}.${archivedName}`)}
    `.execute(database.db);
    expect(Number(archived.rows[0]?.n)).toBe(2);
    // Without the carried-forward sums, the member's 75,000 balance would not match 5,000 of entries.
    expect(await ledger.reconcile()).toEqual([]);
    const [account] = await ledger.findAccounts([member]);
    expect(account?.balanceMinor).toBe(75_000n);
    // A second run has nothing left to do.
    const again = await maintainPartitions(database.db, now);
    expect(
      again.every((result) => result.archived.length === 0 && result.created.length === 0),
    ).toBe(true);
  });

  it('moves rounds that landed in the default partition into their month, keeping their refs', async () => {
    const [memberId] = await insertMembers(database.db, 1, 'stray');
    await createCatalogueWriter(database.db).ensureProvider({
      code: 'PARTS',
      name: 'Partition test vendor',
      integration: 'builtin',
      walletMode: 'seamless',
      launchUrl: '/parts',
      apiSecret: null,
    });
    const strayMonth = addMonthsUtc(monthStartUtc(now), -30);
    const insertRound = (ref: string) =>
      sql`
      INSERT INTO game_rounds (merchant_code, member_id, vassalage, game_type, round_ref, currency, started_at)
      VALUES (${merchantCode}, ${memberId}, 'PARTS', 'RNG', ${ref}, ${currency}, ${strayMonth})
    `.execute(database.db);
    await insertRound('stray-1');
    // The same ref again is skipped by the claim trigger, as ON CONFLICT DO NOTHING did.
    await insertRound('stray-1');
    const inDefault = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM game_rounds_default`.execute(database.db);
    expect(inDefault.rows[0]?.n).toBe(1);

    await maintainPartitions(database.db, now);
    const moved = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ${sql.table(monthlyPartitionName('game_rounds', strayMonth))}
      WHERE round_ref = 'stray-1'
    `.execute(database.db);
    expect(moved.rows[0]?.n).toBe(1);
    const left = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM game_rounds_default`.execute(database.db);
    expect(left.rows[0]?.n).toBe(0);
  });

  it('keeps the audit log append-only on its partitioned table', async () => {
    await expect(sql`DELETE FROM audit_log`.execute(database.db)).rejects.toThrow(/append-only/);
  });
});
