import {
  type AdminAgentContract,
  type AdminAgentSettlement,
  type AgentContract,
  type AgentContractKind,
  minorToAmount,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import { appendEvents } from '../events/index.js';
import type { MemberDirectory } from '../member/index.js';
import type {
  AgentContractsRepository,
  ContractRow,
  ContractStatus,
  SettlementRow,
  SettlementStatus,
} from './repository.js';
import type { Settlement } from './settlement.js';
import { BPS_PER_PERCENT, toApiTerms } from './terms.js';

/** What an operator's change writes beside it, in the same transaction (the audit entry). */
export type WithinChange = (trx: Db, before: object, after: object) => Promise<void>;

type Page = { cursor?: string | undefined; limit: number };

const apiStatuses: Record<ContractStatus, AgentContract['status']> = {
  offered: 'Offered',
  active: 'Active',
  rejected: 'Rejected',
  terminated: 'Terminated',
  withdrawn: 'Withdrawn',
};
const storedStatuses = Object.fromEntries(
  Object.entries(apiStatuses).map(([stored, api]) => [api, stored]),
) as Record<AgentContract['status'], ContractStatus>;

/** A period that paid nothing may be voided; a paid one moved money and stays. */
const VOIDABLE: readonly SettlementStatus[] = ['failed', 'nothing', 'carried'];
/** A rerun settles again what the job will not: a failed period, or one an operator voided. */
const RERUNNABLE: SettlementStatus[] = ['failed', 'voided'];

/**
 * The operators' side of agent contracts (console, issue 17/18): lists of the merchant's
 * contracts and settlements, ending a contract, and re-running or voiding a settlement period.
 * Every change locks its row of the operator's merchant (another merchant's answers "not found")
 * and runs `within` (the audit entry) in the change's transaction.
 */
export function createOperatorContracts(deps: {
  repository: AgentContractsRepository;
  directory: Pick<MemberDirectory, 'byIds' | 'byAccount'>;
  unitOfWork: UnitOfWork;
  settlement: Settlement;
}) {
  const { repository } = deps;

  async function namesOf(ids: Array<bigint | null>) {
    const members = await deps.directory.byIds(ids.filter((id): id is bigint => id !== null));
    return (id: bigint | null) => (id === null ? null : (members.get(id)?.username ?? ''));
  }

  async function contractViews(contracts: ContractRow[]): Promise<AdminAgentContract[]> {
    const nameOf = await namesOf(contracts.flatMap((c) => [c.memberId, c.uplineMemberId]));
    return contracts.map((contract) => ({
      contractId: contract.id.toString(),
      kind: contract.kind,
      status: apiStatuses[contract.status],
      upline: nameOf(contract.uplineMemberId),
      downline: nameOf(contract.memberId) ?? '',
      terms: toApiTerms(contract.terms),
      terminationRequestedBy: contract.terminationRequestedBy === null ? null : 'counterparty',
      offeredAt: contract.offeredAt.toISOString(),
      decidedAt: contract.decidedAt?.toISOString() ?? null,
      terminatedAt: contract.terminatedAt?.toISOString() ?? null,
    }));
  }

  async function settlementViews(rows: SettlementRow[]): Promise<AdminAgentSettlement[]> {
    const nameOf = await namesOf(rows.flatMap((row) => [row.memberId, row.uplineMemberId]));
    return rows.map((row) => ({
      settlementId: row.id.toString(),
      contractId: row.contractId.toString(),
      kind: row.kind,
      account: nameOf(row.memberId) ?? '',
      upline: nameOf(row.uplineMemberId),
      periodStart: row.periodStart.toISOString(),
      periodEnd: row.periodEnd.toISOString(),
      status: row.status,
      attempt: row.attempt,
      reason: row.reason,
      betAmount: minorToAmount(row.betMinor),
      validBet: minorToAmount(row.validBetMinor),
      profitLoss: minorToAmount(row.profitLossMinor),
      activeMembers: row.activeMembers,
      rate: row.rateBps / BPS_PER_PERCENT,
      carryIn: minorToAmount(row.carryInMinor),
      carryOut: minorToAmount(row.carryOutMinor),
      amount: minorToAmount(row.amountMinor),
      settledAt: row.settledAt.toISOString(),
    }));
  }

  async function settlementView(trx: Db, merchantCode: string, settlementId: bigint) {
    const row = await repository.merchantSettlementForUpdate(trx, merchantCode, settlementId);
    if (!row) throw new AppError('NOT_FOUND', { field: 'settlementId' });
    return row;
  }

  return {
    contractViews,

    async contracts(
      merchantCode: string,
      filter: {
        kind?: AgentContractKind | undefined;
        status?: AgentContract['status'] | undefined;
        account?: string | undefined;
      },
      page: Page,
    ) {
      let memberId: bigint | undefined;
      if (filter.account) {
        const holder = await deps.directory.byAccount(merchantCode, filter.account);
        if (!holder) return { items: [], nextCursor: null };
        memberId = holder.id;
      }
      const result = await repository.merchantContracts(
        merchantCode,
        {
          kind: filter.kind,
          status: filter.status ? storedStatuses[filter.status] : undefined,
          memberId,
        },
        page,
      );
      return { items: await contractViews(result.items), nextCursor: result.nextCursor };
    },

    async settlements(
      merchantCode: string,
      filter: { kind?: AgentContractKind | undefined; status?: SettlementStatus | undefined },
      page: Page,
    ) {
      const result = await repository.merchantSettlements(merchantCode, filter, page);
      return { items: await settlementViews(result.items), nextCursor: result.nextCursor };
    },

    /**
     * Ends an offered (withdrawn) or active (terminated) contract now. Periods owed up to now
     * still settle: the job pays a terminated contract through the period it ended in.
     */
    async terminate(merchantCode: string, contractId: bigint, within: WithinChange) {
      const ended = await deps.unitOfWork(async (trx) => {
        const contract = await repository.merchantContractForUpdate(trx, merchantCode, contractId);
        if (!contract) throw new AppError('AGENT_CONTRACT_NOT_FOUND', { field: 'contractId' });
        if (contract.status !== 'offered' && contract.status !== 'active')
          throw new AppError('AGENT_CONTRACT_ACTION_NOT_ALLOWED', { field: 'contractId' });
        const status = contract.status === 'offered' ? 'withdrawn' : 'terminated';
        const updated = await repository.updateContract(trx, contract.id, {
          status,
          terminated: status === 'terminated',
          terminationRequestedBy: null,
        });
        await repository.insertHistory(trx, {
          contractId: contract.id,
          action: 'operator-terminated',
          actorMemberId: null,
        });
        await appendEvents(trx, [
          {
            type: 'agent-contract.terminated',
            merchantCode,
            memberId: contract.memberId,
            payload: {
              contractId: contract.id.toString(),
              kind: contract.kind,
              memberId: contract.memberId.toString(),
              uplineMemberId: contract.uplineMemberId?.toString() ?? null,
            },
          },
        ]);
        await within(trx, { status: contract.status }, { status: updated.status });
        return updated;
      });
      const [one] = await contractViews([ended]);
      return one as AdminAgentContract;
    },

    /** Voids a period that paid nothing: the job passes over it (a later rerun may settle it). */
    async voidSettlement(
      merchantCode: string,
      settlementId: bigint,
      reason: string,
      within: WithinChange,
    ) {
      const row = await deps.unitOfWork(async (trx) => {
        const existing = await settlementView(trx, merchantCode, settlementId);
        if (!VOIDABLE.includes(existing.status))
          throw new AppError('AGENT_CONTRACT_ACTION_NOT_ALLOWED', { field: 'settlementId' });
        await repository.markSettlement(trx, existing.id, 'voided', reason);
        await within(trx, { status: existing.status }, { status: 'voided' });
        return { ...existing, status: 'voided' as const, reason };
      });
      const [one] = await settlementViews([row]);
      return one as AdminAgentSettlement;
    },

    /**
     * Settles a failed or voided period again now, in one transaction with its audit entry; a
     * job running at the same time blocks on the row and pays nothing twice.
     */
    async rerunSettlement(merchantCode: string, settlementId: bigint, within: WithinChange) {
      const { before, contract } = await deps.unitOfWork(async (trx) => {
        const row = await settlementView(trx, merchantCode, settlementId);
        return { before: row, contract: await repository.contractById(trx, row.contractId) };
      });
      if (!RERUNNABLE.includes(before.status) || !contract)
        throw new AppError('AGENT_CONTRACT_ACTION_NOT_ALLOWED', { field: 'settlementId' });
      const status = await deps.settlement.settlePeriod(
        contract,
        { start: before.periodStart, end: before.periodEnd },
        RERUNNABLE,
        (trx, settled) =>
          within(trx, { status: before.status, attempt: before.attempt }, { status: settled }),
      );
      if (status === 'skipped')
        throw new AppError('AGENT_CONTRACT_ACTION_NOT_ALLOWED', { field: 'settlementId' });
      const after = await deps.unitOfWork((trx) => settlementView(trx, merchantCode, settlementId));
      const [one] = await settlementViews([after]);
      return one as AdminAgentSettlement;
    },
  };
}

export type OperatorContracts = ReturnType<typeof createOperatorContracts>;
