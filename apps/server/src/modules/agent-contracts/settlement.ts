import type { AgentContractKind } from '@app/contract';
import type { Db } from '../../db/database.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import { crashPoint } from '../../safety/crash-points.js';
import type { LedgerService } from '../ledger/index.js';
import type { UplineLink } from '../member/index.js';
import {
  duePeriods,
  type PeriodUnit,
  periodEndOf,
  periodStartOf,
  periodUnitOf,
} from './periods.js';
import type {
  AgentContractsRepository,
  ContractRow,
  NewSettlement,
  SettlementStatus,
} from './repository.js';
import {
  applyRate,
  commissionAmountMinor,
  commissionRatesBps,
  dividendRateBps,
  salaryRateBps,
} from './terms.js';

/** A period settles this long after it ends, so that rounds settled at its very end are counted. */
export const SETTLEMENT_GRACE_MS = 60_000;
/** Periods one contract settles per run, oldest first (a day of real-time windows is 288). */
export const SETTLEMENT_MAX_PERIODS_PER_CONTRACT = 300;
/** Contracts of one kind one run looks at; the next run goes on where this one stopped paying. */
export const SETTLEMENT_MAX_CONTRACTS_PER_RUN = 10_000;
/** A terminated contract still settles the periods it owes for this many days. */
export const SETTLEMENT_TERMINATED_LOOKBACK_DAYS = 35;
/** The house's account that pays top agents' contracts (those with no upline). */
export const HOUSE_CONTRACTS_ACCOUNT_CODE = 'agent-contracts';
const DAY_MS = 86_400_000;

export const allContractKinds: readonly AgentContractKind[] = [
  'dividend',
  'daily',
  'hourly',
  'realtime',
  'commission',
];

/** The ledger transfer code of a kind's payments: what the account record lists it as. */
const ledgerCodeOf: Record<AgentContractKind, 'salary' | 'dividend' | 'commission'> = {
  dividend: 'dividend',
  daily: 'salary',
  hourly: 'salary',
  realtime: 'salary',
  commission: 'commission',
};

/** Thrown inside a settlement's transaction when another run settled the period first. */
class SettledElsewhere extends Error {}

export interface SettlementSummary {
  paid: number;
  nothing: number;
  carried: number;
  failed: number;
  skipped: number;
}

export interface Period {
  start: Date;
  end: Date;
}

/**
 * Pays contracts per period: each period of each contract is one transaction holding its one
 * ledger transfer (id = contract, period and attempt) and its settlement row, so a rerun, a
 * crash or a second instance never pays a period twice.
 */
export function createSettlement(deps: {
  repository: AgentContractsRepository;
  ledger: Pick<LedgerService, 'memberAccount' | 'systemAccount' | 'transferWithin'>;
  unitOfWork: UnitOfWork;
  db: Db;
  currencyOf: (merchantCode: string) => Promise<string>;
  uplineChainsOf: (executor: Db, memberIds: readonly bigint[]) => Promise<UplineLink[]>;
  /** The time up to which the figures consumer has applied every settled round. */
  figuresCaughtUpTo: () => Promise<Date>;
  now?: () => Date;
}) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());

  async function compute(trx: Db, contract: ContractRow, period: Period, currency: string) {
    const figures = await repository.teamFigures(
      trx,
      contract.memberId,
      currency,
      period.start,
      period.end,
    );
    const profitLossMinor = figures.validBetMinor - figures.winMinor;
    const base = {
      betMinor: figures.betMinor,
      validBetMinor: figures.validBetMinor,
      profitLossMinor,
      activeMembers: figures.activeMembers,
      carryInMinor: 0n,
      carryOutMinor: 0n,
    };
    // An operator's override applies from a later period: an earlier one settles on the terms
    // in force when it ran.
    const terms =
      (await repository.termsBeforeOverrideAfter(trx, contract.id, period.start)) ?? contract.terms;
    if (terms.kind === 'realtime') {
      if (figures.validBetMinor < terms.singleBetMinor || figures.validBetMinor === 0n) {
        return { ...base, rateBps: 0, amountMinor: 0n };
      }
      const amountMinor =
        applyRate(figures.wonValidBetMinor, terms.profitRateBps) +
        applyRate(figures.lostValidBetMinor, terms.lossRateBps);
      return { ...base, rateBps: terms.lossRateBps, amountMinor };
    }
    if (terms.kind === 'commission') {
      // The tier is chosen by the whole team's valid bet; each category pays at its own rate.
      const rates = commissionRatesBps(terms.tiers, figures.validBetMinor);
      const byCategory = await repository.teamCategoryValidBets(
        trx,
        contract.memberId,
        currency,
        period.start,
        period.end,
      );
      const amountMinor = commissionAmountMinor(rates, figures.validBetMinor, byCategory);
      return { ...base, rateBps: rates.baseBps, amountMinor };
    }
    if (terms.kind !== 'dividend') {
      const rateBps = salaryRateBps(terms.tiers, figures.validBetMinor);
      return { ...base, rateBps, amountMinor: applyRate(figures.validBetMinor, rateBps) };
    }
    // Dividend: a negative period is not charged to the agent; it is carried into the next
    // periods and must be earned back before a dividend pays again.
    const previous = await repository.lastSettlementBefore(trx, contract.id, period.start);
    const carryInMinor = previous && previous.status !== 'voided' ? previous.carryOutMinor : 0n;
    const netMinor = profitLossMinor + carryInMinor;
    if (netMinor <= 0n) {
      return { ...base, carryInMinor, carryOutMinor: netMinor, rateBps: 0, amountMinor: 0n };
    }
    const rateBps = dividendRateBps(terms.tiers, {
      validBetMinor: figures.validBetMinor,
      profitLossMinor: netMinor,
      activeMembers: figures.activeMembers,
    });
    return { ...base, carryInMinor, rateBps, amountMinor: applyRate(netMinor, rateBps) };
  }

  async function accountsOf(contract: ContractRow, currency: string) {
    const payer =
      contract.uplineMemberId === null
        ? deps.ledger.systemAccount({
            merchantCode: contract.merchantCode,
            code: HOUSE_CONTRACTS_ACCOUNT_CODE,
            asset: 'cash',
            currency,
          })
        : deps.ledger.memberAccount({
            merchantCode: contract.merchantCode,
            memberId: contract.uplineMemberId,
            asset: 'cash',
            currency,
          });
    const payee = deps.ledger.memberAccount({
      merchantCode: contract.merchantCode,
      memberId: contract.memberId,
      asset: 'cash',
      currency,
    });
    const [debitAccountId, creditAccountId] = await Promise.all([payer, payee]);
    return { debitAccountId, creditAccountId };
  }

  /** The transfer id of a period's payment: the idempotency key. */
  const transferIdOf = (contractId: bigint, period: Period, attempt: number) =>
    `agent-contract:${contractId}:${period.start.toISOString()}:${attempt}`;

  /**
   * Settles one period of one contract. `overwritable`: the statuses of an existing row that
   * this run may settle again (a failed one always; a voided one on an operator's rerun).
   */
  async function settlePeriod(
    contract: ContractRow,
    period: Period,
    overwritable: SettlementStatus[] = ['failed'],
    /** Written in the period's transaction (an operator's rerun: its audit entry). */
    within?: (trx: Db, status: 'paid' | 'carried' | 'nothing') => Promise<void>,
  ): Promise<keyof SettlementSummary> {
    const currency = await deps.currencyOf(contract.merchantCode);
    const accounts = await accountsOf(contract, currency);
    try {
      const status = await deps.unitOfWork(async (trx) => {
        const existing = await repository.settlementForUpdate(trx, contract.id, period.start);
        if (existing && !overwritable.includes(existing.status)) return 'skipped' as const;
        const attempt = existing ? existing.attempt + (existing.status === 'voided' ? 1 : 0) : 1;
        const computed = await compute(trx, contract, period, currency);
        const transferId =
          computed.amountMinor > 0n ? transferIdOf(contract.id, period, attempt) : null;
        if (transferId) {
          await deps.ledger.transferWithin(trx, {
            id: transferId,
            ...accounts,
            amountMinor: computed.amountMinor,
            code: ledgerCodeOf[contract.kind],
            reference: `${contract.kind}:${contract.id}:${period.start.toISOString()}`,
          });
        }
        const settledStatus: 'paid' | 'carried' | 'nothing' =
          computed.amountMinor > 0n ? 'paid' : computed.carryOutMinor < 0n ? 'carried' : 'nothing';
        const row: NewSettlement = {
          contractId: contract.id,
          merchantCode: contract.merchantCode,
          memberId: contract.memberId,
          uplineMemberId: contract.uplineMemberId,
          kind: contract.kind,
          periodStart: period.start,
          periodEnd: period.end,
          status: settledStatus,
          attempt,
          ...computed,
          transferId,
          reason: null,
        };
        if (!(await repository.writeSettlement(trx, row, overwritable)))
          throw new SettledElsewhere();
        await within?.(trx, settledStatus);
        crashPoint('agent-contracts.settle.before-commit');
        return settledStatus;
      });
      crashPoint('agent-contracts.settle.after-commit');
      return status;
    } catch (error) {
      if (error instanceof SettledElsewhere) return 'skipped';
      if (error instanceof AppError && error.errorCode === 'INSUFFICIENT_FUNDS') {
        await recordFailure(contract, period, 'the upline balance does not cover the payment');
        return 'failed';
      }
      throw error;
    }
  }

  /** The upline could not pay: the period is kept as failed and tried again by the next run. */
  async function recordFailure(contract: ContractRow, period: Period, reason: string) {
    await deps.unitOfWork(async (trx) => {
      const existing = await repository.settlementForUpdate(trx, contract.id, period.start);
      if (existing && existing.status !== 'failed') return;
      await repository.writeSettlement(
        trx,
        {
          contractId: contract.id,
          merchantCode: contract.merchantCode,
          memberId: contract.memberId,
          uplineMemberId: contract.uplineMemberId,
          kind: contract.kind,
          periodStart: period.start,
          periodEnd: period.end,
          status: 'failed',
          attempt: existing?.attempt ?? 1,
          betMinor: 0n,
          validBetMinor: 0n,
          profitLossMinor: 0n,
          activeMembers: 0,
          rateBps: 0,
          carryInMinor: 0n,
          carryOutMinor: 0n,
          amountMinor: 0n,
          transferId: null,
          reason,
        },
        ['failed'],
      );
    });
  }

  /** Contracts ordered from the top of the tree down: an upline is paid before it pays. */
  async function topDown(contracts: ContractRow[]) {
    const links = await deps.uplineChainsOf(
      deps.db,
      contracts.map((contract) => contract.memberId),
    );
    const depthOf = new Map<bigint, number>();
    for (const link of links) {
      depthOf.set(link.memberId, Math.max(depthOf.get(link.memberId) ?? 0, link.depth));
    }
    return [...contracts].sort(
      (a, b) => (depthOf.get(a.memberId) ?? 0) - (depthOf.get(b.memberId) ?? 0),
    );
  }

  /**
   * Where a contract begins to owe: the period it was accepted in, unless another contract of
   * the agent and kind ended in that period (the one it replaced): that one pays the period it
   * ended in, so this one begins with the next and no period is paid twice.
   */
  async function firstPeriodStart(contract: ContractRow, unit: PeriodUnit): Promise<Date> {
    const acceptedPeriod = periodStartOf(unit, contract.decidedAt ?? contract.offeredAt);
    const replaced = await repository.otherContractEndedSince(deps.db, contract, acceptedPeriod);
    return replaced ? periodEndOf(unit, acceptedPeriod) : acceptedPeriod;
  }

  async function settleKind(kind: AgentContractKind, horizon: Date, summary: SettlementSummary) {
    const endedSince = new Date(now().getTime() - SETTLEMENT_TERMINATED_LOOKBACK_DAYS * DAY_MS);
    const contracts = await topDown(
      await repository.contractsToSettle(kind, endedSince, SETTLEMENT_MAX_CONTRACTS_PER_RUN),
    );
    for (const contract of contracts) {
      const unit = periodUnitOf(
        kind,
        contract.terms.kind === 'dividend' ? contract.terms.period : undefined,
      );
      const last = await repository.lastSettlement(deps.db, contract.id);
      const firstStart = last
        ? last.status === 'failed'
          ? last.periodStart
          : last.periodEnd
        : await firstPeriodStart(contract, unit);
      const periods = duePeriods({
        unit,
        firstStart,
        horizon,
        endedAt: contract.terminatedAt,
        limit: SETTLEMENT_MAX_PERIODS_PER_CONTRACT,
      });
      for (const period of periods) {
        const status = await settlePeriod(contract, period);
        summary[status] += 1;
        // Periods settle in order (a dividend's carry-over runs from one to the next).
        if (status === 'failed') break;
      }
    }
  }

  return {
    /**
     * Settles every period that has ended (and whose rounds the figures hold) of the contracts
     * of these kinds. Safe to run again, after a crash, and on several instances at once.
     */
    async settleDue(kinds: readonly AgentContractKind[] = allContractKinds, asOf?: Date) {
      const caughtUpTo = await deps.figuresCaughtUpTo();
      const cutoff = new Date((asOf ?? now()).getTime() - SETTLEMENT_GRACE_MS);
      const horizon = caughtUpTo < cutoff ? caughtUpTo : cutoff;
      const summary: SettlementSummary = { paid: 0, nothing: 0, carried: 0, failed: 0, skipped: 0 };
      for (const kind of kinds) await settleKind(kind, horizon, summary);
      return summary;
    },
    settlePeriod,
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
