import {
  AGENT_REVENUE_MAX_DAYS,
  type AgentContractKind,
  type AgentSettlement,
  minorToAmount,
} from '@app/contract';
import { AppError } from '../../http/app-error.js';
import type { MemberDirectory } from '../member/index.js';
import type { AgentContractsRepository } from './repository.js';
import { BPS_PER_PERCENT } from './terms.js';

const DAY_MS = 86_400_000;

/** What an agent reads of their settlements: the history per kind and "my income" per day. */
export function createContractReports(deps: {
  repository: AgentContractsRepository;
  directory: Pick<MemberDirectory, 'byIds'>;
}) {
  return {
    async settlements(
      callerId: bigint,
      kind: AgentContractKind,
      page: { cursor?: string | undefined; limit: number },
    ) {
      const { items: rows, nextCursor } = await deps.repository.settlementsOf(callerId, kind, page);
      const others = new Set<bigint>();
      for (const row of rows) {
        const other = row.memberId === callerId ? row.uplineMemberId : row.memberId;
        if (other !== null) others.add(other);
      }
      const members = await deps.directory.byIds([...others]);
      const list: AgentSettlement[] = rows.map((row) => {
        const received = row.memberId === callerId;
        const other = received ? row.uplineMemberId : row.memberId;
        return {
          settlementId: row.id.toString(),
          contractId: row.contractId.toString(),
          kind: row.kind,
          direction: received ? 'received' : 'paid',
          counterparty: other === null ? null : (members.get(other)?.username ?? null),
          periodStart: row.periodStart.toISOString(),
          periodEnd: row.periodEnd.toISOString(),
          status: row.status,
          betAmount: minorToAmount(row.betMinor),
          validBet: minorToAmount(row.validBetMinor),
          profitLoss: minorToAmount(row.profitLossMinor),
          activeMembers: row.activeMembers,
          rate: row.rateBps / BPS_PER_PERCENT,
          carryIn: minorToAmount(row.carryInMinor),
          carryOut: minorToAmount(row.carryOutMinor),
          amount: minorToAmount(row.amountMinor),
          settledAt: row.settledAt.toISOString(),
        };
      });
      return { items: list, nextCursor };
    },

    /** My income (agentRevenueReport): paid settlements per UTC day of payment, in [from, to]. */
    async revenue(callerId: bigint, currency: string, range: { from: string; to: string }) {
      const from = new Date(`${range.from}T00:00:00Z`);
      const to = new Date(new Date(`${range.to}T00:00:00Z`).getTime() + DAY_MS);
      const days = (to.getTime() - from.getTime()) / DAY_MS;
      if (!(days >= 1 && days <= AGENT_REVENUE_MAX_DAYS)) throw new AppError('VALIDATION_FAILED');
      const rows = await deps.repository.revenueByDay(callerId, from, to);
      const total = { salary: 0n, dividend: 0n, commission: 0n, paid: 0n };
      const list = rows.map((row) => {
        total.salary += row.salaryMinor;
        total.dividend += row.dividendMinor;
        total.commission += row.commissionMinor;
        total.paid += row.paidMinor;
        return {
          day: row.day,
          salary: minorToAmount(row.salaryMinor),
          dividend: minorToAmount(row.dividendMinor),
          commission: minorToAmount(row.commissionMinor),
          paidToDownline: minorToAmount(row.paidMinor),
          net: minorToAmount(
            row.salaryMinor + row.dividendMinor + row.commissionMinor - row.paidMinor,
          ),
        };
      });
      return {
        currency,
        list,
        total: {
          salary: minorToAmount(total.salary),
          dividend: minorToAmount(total.dividend),
          commission: minorToAmount(total.commission),
          paidToDownline: minorToAmount(total.paid),
          net: minorToAmount(total.salary + total.dividend + total.commission - total.paid),
        },
      };
    },
  };
}
