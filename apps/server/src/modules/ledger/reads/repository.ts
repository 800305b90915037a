import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { preparedStatement, queryPrepared } from '../../../db/prepared-query.js';
import { countAll } from '../../../db/sql-numbers.js';
import type {
  DepositTurnover,
  LedgerAsset,
  LedgerBreak,
  MemberAvailableBalance,
  MemberEntriesQuery,
  MemberEntry,
} from '../types.js';

/** The balance call's read, asked on every page a member opens: prepared once per connection. */
const memberAvailableStatement = preparedStatement(
  'ledger_member_available',
  `SELECT asset, currency, wallet, balance_minor - held_minor AS available
     FROM ledger_accounts WHERE member_id = $1 ORDER BY id`,
);

/**
 * The ledger's reads that move no money: a member's balances, turnover and statement, and the
 * reconciliation's search for broken invariants. Part of the ledger repository's queries.
 */
export function createLedgerReads(db: Db) {
  return {
    /** Available balance (posted less held) of each of a member's accounts. */
    async memberAvailableByAccount(memberId: bigint): Promise<MemberAvailableBalance[]> {
      const rows = await queryPrepared<{
        asset: LedgerAsset;
        currency: string;
        wallet: string;
        available: bigint;
      }>(db, memberAvailableStatement, [memberId]);
      return rows.map((row) => ({
        asset: row.asset,
        currency: row.currency,
        wallet: row.wallet,
        availableMinor: row.available,
      }));
    },

    /** Available cash in the main wallet of each of these members that has an account. */
    async membersMainCashAvailable(memberIds: readonly bigint[]): Promise<Map<bigint, bigint>> {
      if (memberIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('ledger_accounts')
        .select(['member_id', sql<bigint>`sum(balance_minor - held_minor)::bigint`.as('available')])
        .where('member_id', 'in', [...memberIds])
        .where('asset', '=', 'cash')
        .where('wallet', '=', 'main')
        .groupBy('member_id')
        .execute();
      return new Map(rows.map((row) => [row.member_id as bigint, row.available]));
    },

    /**
     * The last deposit credited to an account and the bets it has paid since (posted single
     * transfers, code 'deposit' in and 'bet' out); undefined when it never had a deposit.
     */
    async turnoverSinceLastDeposit(accountId: bigint): Promise<DepositTurnover | undefined> {
      const result = await sql<{ deposit: bigint; deposited_at: Date; bets: bigint }>`
        WITH last_deposit AS (
          SELECT amount_minor, created_at FROM ledger_transfers
          WHERE credit_account_id = ${accountId.toString()}::bigint AND code = 'deposit'
            AND kind = 'single' AND status = 'posted'
          ORDER BY created_at DESC, id DESC LIMIT 1
        )
        SELECT d.amount_minor AS deposit, d.created_at AS deposited_at,
          (SELECT coalesce(sum(t.amount_minor), 0) FROM ledger_transfers t
           WHERE t.debit_account_id = ${accountId.toString()}::bigint AND t.code = 'bet'
             AND t.kind = 'single' AND t.status = 'posted' AND t.created_at >= d.created_at)::bigint AS bets
        FROM last_deposit d
      `.execute(db);
      const row = result.rows[0];
      return row
        ? {
            depositMinor: row.deposit,
            depositedAt: row.deposited_at,
            betsMinor: row.bets,
          }
        : undefined;
    },

    /**
     * One page of a member's entries in [from, to), newest first, with the filtered count.
     * The member's few accounts are read first, so that the entries are found by
     * `ledger_entries_account_created_idx` alone (no join per entry); the page's ids come from
     * that index (an index-only scan, however deep the offset) and only the page's rows are
     * joined to their transfers ("deferred join", docs/architecture.md, Paging).
     */
    async memberEntries(query: MemberEntriesQuery): Promise<{
      rows: MemberEntry[];
      totalCount: number;
    }> {
      const accounts = await db
        .selectFrom('ledger_accounts')
        .select('id')
        .where('member_id', '=', query.memberId)
        .$if(query.asset !== undefined, (select) =>
          select.where('asset', '=', query.asset as LedgerAsset),
        )
        .$if((query.excludeAssets?.length ?? 0) > 0, (select) =>
          select.where('asset', 'not in', query.excludeAssets as LedgerAsset[]),
        )
        .execute();
      if (accounts.length === 0) return { rows: [], totalCount: 0 };
      const keys = db
        .selectFrom('ledger_entries as e')
        .where(
          'e.account_id',
          'in',
          accounts.map((account) => account.id),
        )
        .where('e.created_at', '>=', query.from)
        .where('e.created_at', '<', query.to)
        .$if(query.code !== undefined, (select) =>
          select
            .innerJoin('ledger_transfers as t', 't.id', 'e.transfer_id')
            .where('t.code', '=', query.code as string),
        );
      const [count, page] = await Promise.all([
        keys.select(countAll().as('total')).executeTakeFirstOrThrow(),
        keys
          .select('e.id')
          .orderBy('e.created_at', 'desc')
          .orderBy('e.id', 'desc')
          .limit(query.limit)
          .offset(query.offset)
          .execute(),
      ]);
      const rows =
        page.length === 0
          ? []
          : await db
              .selectFrom('ledger_entries as e')
              .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
              .innerJoin('ledger_transfers as t', 't.id', 'e.transfer_id')
              .select([
                'e.id',
                'e.created_at',
                'e.amount_minor',
                'e.balance_after_minor',
                't.code',
                't.reference',
                'a.asset',
                'a.wallet',
                'a.currency',
              ])
              .where(
                'e.id',
                'in',
                page.map((entry) => entry.id),
              )
              .orderBy('e.created_at', 'desc')
              .orderBy('e.id', 'desc')
              .execute();
      return {
        totalCount: count.total,
        rows: rows.map((row) => ({
          entryId: row.id,
          createdAt: row.created_at,
          amountMinor: row.amount_minor,
          balanceAfterMinor: row.balance_after_minor,
          code: row.code,
          reference: row.reference,
          asset: row.asset,
          wallet: row.wallet,
          currency: row.currency,
        })),
      };
    },

    /** Every broken invariant of the whole ledger (empty when all hold). */
    async findBreaks(): Promise<LedgerBreak[]> {
      const breaks: LedgerBreak[] = [];
      const sums = await sql<{
        merchant_code: string;
        asset: string;
        currency: string;
        total: string;
      }>`
        SELECT merchant_code, asset, currency, sum(balance_minor) AS total
        FROM ledger_accounts GROUP BY merchant_code, asset, currency
        HAVING sum(balance_minor) <> 0
      `.execute(db);
      for (const row of sums.rows) {
        breaks.push({
          invariant: 'asset-sums-to-zero',
          subject: `${row.merchant_code}/${row.asset}/${row.currency}`,
          detail: `balances sum to ${row.total}`,
        });
      }
      // Archived months count through their carried-forward sums (time partitions, issue 23).
      const balances = await sql<{ id: bigint; balance_minor: bigint; entries: string }>`
        SELECT a.id, a.balance_minor, coalesce(e.total, 0) + coalesce(z.total_minor, 0) AS entries
        FROM ledger_accounts a
        LEFT JOIN (SELECT account_id, sum(amount_minor) AS total FROM ledger_entries GROUP BY account_id) e
          ON e.account_id = a.id
        LEFT JOIN ledger_archived_totals z ON z.account_id = a.id
        WHERE a.balance_minor <> coalesce(e.total, 0) + coalesce(z.total_minor, 0)
      `.execute(db);
      for (const row of balances.rows) {
        breaks.push({
          invariant: 'balance-equals-entries',
          subject: `account ${row.id}`,
          detail: `balance ${row.balance_minor}, entries sum to ${row.entries}`,
        });
      }
      const holds = await sql<{ id: bigint; held_minor: bigint; pending: string }>`
        SELECT a.id, a.held_minor, coalesce(p.total, 0) AS pending
        FROM ledger_accounts a
        LEFT JOIN (SELECT debit_account_id, sum(amount_minor) AS total FROM ledger_transfers
                   WHERE status = 'pending' GROUP BY debit_account_id) p
          ON p.debit_account_id = a.id
        WHERE a.held_minor <> coalesce(p.total, 0)
      `.execute(db);
      for (const row of holds.rows) {
        breaks.push({
          invariant: 'held-equals-open-pending',
          subject: `account ${row.id}`,
          detail: `held ${row.held_minor}, open pending transfers ${row.pending}`,
        });
      }
      const transfers = await sql<{ id: string; entries: bigint; total: string }>`
        SELECT t.id, count(e.id) AS entries, coalesce(sum(e.amount_minor), 0) AS total
        FROM ledger_transfers t LEFT JOIN ledger_entries e ON e.transfer_id = t.id
        WHERE t.kind IN ('single', 'post_pending')
          -- A transfer and its entries share their transaction's timestamp: archived together.
          AND t.created_at >= coalesce((SELECT max(archived_before) FROM ledger_archived_totals), '-infinity')
        GROUP BY t.id, t.amount_minor, t.debit_account_id, t.credit_account_id
        HAVING count(e.id) <> 2 OR coalesce(sum(e.amount_minor), 0) <> 0
          OR bool_or(e.account_id = t.debit_account_id AND e.amount_minor <> -t.amount_minor)
          OR bool_or(e.account_id = t.credit_account_id AND e.amount_minor <> t.amount_minor)
          OR bool_or(e.account_id NOT IN (t.debit_account_id, t.credit_account_id))
      `.execute(db);
      for (const row of transfers.rows) {
        breaks.push({
          invariant: 'transfer-balances',
          subject: `transfer ${row.id}`,
          detail: `${row.entries} entries summing to ${row.total}`,
        });
      }
      return breaks;
    },
  };
}
