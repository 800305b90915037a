import type { AgentContractKind as ContractKind } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { type KeysetOrder, keysetPage } from '../../db/keyset-page.js';

/*
 * The contracts' settlements (agent_contract_settlements): written by settlement.ts, read by the
 * agents' and the operators' pages. Part of the module's repository (repository.ts spreads these
 * in), as team-figures.repository.ts is.
 */

export type SettlementStatus = 'paid' | 'nothing' | 'carried' | 'failed' | 'voided';

export interface SettlementRow {
  id: bigint;
  contractId: bigint;
  merchantCode: string;
  memberId: bigint;
  uplineMemberId: bigint | null;
  kind: ContractKind;
  periodStart: Date;
  periodEnd: Date;
  status: SettlementStatus;
  attempt: number;
  betMinor: bigint;
  validBetMinor: bigint;
  profitLossMinor: bigint;
  activeMembers: number;
  rateBps: number;
  carryInMinor: bigint;
  carryOutMinor: bigint;
  amountMinor: bigint;
  transferId: string | null;
  reason: string | null;
  settledAt: Date;
}

export type NewSettlement = Omit<SettlementRow, 'id' | 'settledAt'>;

// biome-ignore lint/suspicious/noExplicitAny: raw rows of the table, mapped at once
type Raw = Record<string, any>;

function settlementOf(row: Raw): SettlementRow {
  return {
    id: BigInt(row.id),
    contractId: BigInt(row.contract_id),
    merchantCode: row.merchant_code,
    memberId: BigInt(row.member_id),
    uplineMemberId: row.upline_member_id === null ? null : BigInt(row.upline_member_id),
    kind: row.kind,
    periodStart: new Date(row.period_start),
    periodEnd: new Date(row.period_end),
    status: row.status,
    attempt: Number(row.attempt),
    betMinor: BigInt(row.bet_minor),
    validBetMinor: BigInt(row.valid_bet_minor),
    profitLossMinor: BigInt(row.profit_loss_minor),
    activeMembers: Number(row.active_members),
    rateBps: Number(row.rate_bps),
    carryInMinor: BigInt(row.carry_in_minor),
    carryOutMinor: BigInt(row.carry_out_minor),
    amountMinor: BigInt(row.amount_minor),
    transferId: row.transfer_id,
    reason: row.reason,
    settledAt: new Date(row.settled_at),
  };
}

const settlementsOrder: KeysetOrder = {
  name: 'agent-contract-settlements',
  keys: [
    { ref: 's.period_start', type: 'timestamptz' },
    { ref: 's.id', type: 'bigint' },
  ],
  direction: 'desc',
};

const id = (value: bigint) => sql`${value.toString()}::bigint`;
const nullableId = (value: bigint | null) =>
  value === null ? sql`NULL::bigint` : sql`${value.toString()}::bigint`;

export function settlementsQueries(db: Db) {
  return {
    /** The operators' page of a merchant's settlements, newest period first. */
    async merchantSettlements(
      merchantCode: string,
      filter: { kind?: ContractKind | undefined; status?: SettlementStatus | undefined },
      page: { cursor?: string | undefined; limit: number },
    ) {
      let query = db
        .selectFrom('agent_contract_settlements as s')
        .selectAll()
        .where('s.merchant_code', '=', merchantCode);
      if (filter.kind) query = query.where('s.kind', '=', filter.kind);
      if (filter.status) query = query.where('s.status', '=', filter.status);
      const result = await keysetPage(query, settlementsOrder, page);
      return { items: result.items.map(settlementOf), nextCursor: result.nextCursor };
    },

    /** A settlement of the merchant, locked (another merchant's: none). */
    async merchantSettlementForUpdate(trx: Db, merchantCode: string, settlementId: bigint) {
      const result = await sql<Raw>`
        SELECT * FROM agent_contract_settlements
        WHERE id = ${id(settlementId)} AND merchant_code = ${merchantCode}
        FOR UPDATE
      `.execute(trx);
      return result.rows[0] ? settlementOf(result.rows[0]) : undefined;
    },

    async lastSettlement(executor: Db, contractId: bigint) {
      const result = await sql<Raw>`
        SELECT * FROM agent_contract_settlements WHERE contract_id = ${id(contractId)}
        ORDER BY period_start DESC LIMIT 1
      `.execute(executor);
      return result.rows[0] ? settlementOf(result.rows[0]) : undefined;
    },

    async lastSettlementBefore(executor: Db, contractId: bigint, before: Date) {
      const result = await sql<Raw>`
        SELECT * FROM agent_contract_settlements WHERE contract_id = ${id(contractId)} AND period_start < ${before}
        ORDER BY period_start DESC LIMIT 1
      `.execute(executor);
      return result.rows[0] ? settlementOf(result.rows[0]) : undefined;
    },

    async settlementForUpdate(trx: Db, contractId: bigint, periodStart: Date) {
      const result = await sql<Raw>`
        SELECT * FROM agent_contract_settlements
        WHERE contract_id = ${id(contractId)} AND period_start = ${periodStart}
        FOR UPDATE
      `.execute(trx);
      return result.rows[0] ? settlementOf(result.rows[0]) : undefined;
    },

    async settlementById(trx: Db, settlementId: bigint) {
      const result = await sql<Raw>`
        SELECT * FROM agent_contract_settlements WHERE id = ${id(settlementId)} FOR UPDATE
      `.execute(trx);
      return result.rows[0] ? settlementOf(result.rows[0]) : undefined;
    },

    /**
     * Writes a period's settlement: a new row, or over a failed (or voided, for a rerun) one.
     * Answers false when another run settled the period first (the caller rolls back).
     */
    async writeSettlement(trx: Db, row: NewSettlement, overwritable: SettlementStatus[]) {
      const result = await sql<Raw>`
        INSERT INTO agent_contract_settlements AS s (contract_id, merchant_code, member_id, upline_member_id, kind,
          period_start, period_end, status, attempt, bet_minor, valid_bet_minor, profit_loss_minor, active_members,
          rate_bps, carry_in_minor, carry_out_minor, amount_minor, transfer_id, reason)
        VALUES (${id(row.contractId)}, ${row.merchantCode}, ${id(row.memberId)}, ${nullableId(row.uplineMemberId)},
          ${row.kind}, ${row.periodStart}, ${row.periodEnd}, ${row.status}, ${row.attempt},
          ${row.betMinor.toString()}::bigint, ${row.validBetMinor.toString()}::bigint,
          ${row.profitLossMinor.toString()}::bigint, ${row.activeMembers}, ${row.rateBps},
          ${row.carryInMinor.toString()}::bigint, ${row.carryOutMinor.toString()}::bigint,
          ${row.amountMinor.toString()}::bigint, ${row.transferId}, ${row.reason})
        ON CONFLICT (contract_id, period_start) DO UPDATE SET
          status = excluded.status, attempt = excluded.attempt, bet_minor = excluded.bet_minor,
          valid_bet_minor = excluded.valid_bet_minor, profit_loss_minor = excluded.profit_loss_minor,
          active_members = excluded.active_members, rate_bps = excluded.rate_bps,
          carry_in_minor = excluded.carry_in_minor, carry_out_minor = excluded.carry_out_minor,
          amount_minor = excluded.amount_minor, transfer_id = excluded.transfer_id, reason = excluded.reason,
          settled_at = now()
        WHERE s.status = ANY(${overwritable}::text[])
        RETURNING id
      `.execute(trx);
      return result.rows.length === 1;
    },

    async markSettlement(trx: Db, settlementId: bigint, status: SettlementStatus, reason: string) {
      await sql`
        UPDATE agent_contract_settlements SET status = ${status}, reason = ${reason}, settled_at = now()
        WHERE id = ${id(settlementId)}
      `.execute(trx);
    },

    /**
     * A keyset page of the settlements the member received or paid (as upline) of a kind, newest
     * period first: the two sides are two index ranges merged, never one scan with an OR.
     */
    async settlementsOf(
      memberId: bigint,
      kind: ContractKind,
      page: { cursor?: string | undefined; limit: number },
    ) {
      const query = db
        .selectFrom((eb) =>
          eb
            .selectFrom('agent_contract_settlements')
            .selectAll()
            .where('member_id', '=', memberId)
            .where('kind', '=', kind)
            .unionAll(
              eb
                .selectFrom('agent_contract_settlements')
                .selectAll()
                .where('upline_member_id', '=', memberId)
                .where('kind', '=', kind),
            )
            .as('s'),
        )
        .selectAll();
      const result = await keysetPage(query, settlementsOrder, page);
      return { items: result.items.map(settlementOf), nextCursor: result.nextCursor };
    },

    /** Per UTC day of settlement: what the member received by kind group and paid its downline. */
    async revenueByDay(memberId: bigint, from: Date, to: Date) {
      const result = await sql<Raw>`
        SELECT to_char(date_trunc('day', settled_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day,
          coalesce(sum(amount_minor) FILTER (WHERE member_id = ${id(memberId)} AND kind IN ('daily', 'hourly', 'realtime')), 0)::bigint AS salary,
          coalesce(sum(amount_minor) FILTER (WHERE member_id = ${id(memberId)} AND kind = 'dividend'), 0)::bigint AS dividend,
          coalesce(sum(amount_minor) FILTER (WHERE member_id = ${id(memberId)} AND kind = 'commission'), 0)::bigint AS commission,
          coalesce(sum(amount_minor) FILTER (WHERE upline_member_id = ${id(memberId)}), 0)::bigint AS paid
        FROM agent_contract_settlements
        WHERE (member_id = ${id(memberId)} OR upline_member_id = ${id(memberId)})
          AND status = 'paid' AND settled_at >= ${from} AND settled_at < ${to}
        GROUP BY 1 ORDER BY 1
      `.execute(db);
      return result.rows.map((row) => ({
        day: row.day as string,
        salaryMinor: BigInt(row.salary),
        dividendMinor: BigInt(row.dividend),
        commissionMinor: BigInt(row.commission),
        paidMinor: BigInt(row.paid),
      }));
    },
  };
}
