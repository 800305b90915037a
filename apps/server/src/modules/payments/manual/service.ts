import { type CursorPage, minorToAmount } from '@app/contract';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../http/app-error.js';
import type { LedgerService } from '../../ledger/index.js';
import type { MemberDirectory } from '../../member/index.js';
import { creditDepositInLedger } from '../credit.js';
import type { DepositRecord, PaymentsRepository } from '../repository.js';
import type { ManualDepositRepository } from './repository.js';

export type ManualDepositListStatus = 'pending' | 'completed' | 'rejected';

/** A manual deposit as the operator console shows it. */
export interface ManualDepositView {
  depositId: string;
  methodCode: string;
  amount: number;
  currency: string;
  /** An approval under way still shows as pending. */
  status: Exclude<DepositRecord['status'], 'approving'>;
  payUrl: null;
  createdAt: string;
  memberAccount: string;
  payerReference: DepositRecord['payerReference'];
  rejectReason: DepositRecord['rejectReason'];
}

/** An operator decision's deposit before and after (the audit entry records both). */
export interface ManualDepositDecision {
  before: ManualDepositView;
  after: ManualDepositView;
}

/** Writes what a decision changed (the caller's audit entry) in the decision's transaction. */
export type RecordDecisionWithin = (executor: Db, change: ManualDepositDecision) => Promise<void>;

/** Operators' decisions on manual bank deposits. */
export interface ManualDepositService {
  /** A keyset page of the merchant's manual deposits of a status (pending includes approving). */
  list(query: {
    merchantCode: string;
    status: ManualDepositListStatus;
    cursor?: string | undefined;
    limit: number;
  }): Promise<CursorPage<ManualDepositView>>;
  /** Claims a pending deposit, credits it through the ledger once and completes it. */
  approve(input: {
    merchantCode: string;
    depositId: string;
    operatorId: bigint;
    /** Writes the caller's audit entry in the decision's transaction. */
    recordWithin?: RecordDecisionWithin;
  }): Promise<ManualDepositDecision>;
  /** Rejects a pending deposit with the operator's reason. */
  reject(input: {
    merchantCode: string;
    depositId: string;
    operatorId: bigint;
    reason: string;
    /** Writes the caller's audit entry in the decision's transaction. */
    recordWithin?: RecordDecisionWithin;
  }): Promise<ManualDepositDecision>;
}

/**
 * Operators decide manual bank deposits. Approve claims the deposit ('approving', one
 * conditional update), credits it through the ledger (`deposit:<id>`, so it is credited once)
 * and completes it, all with the operator's audit entry in one transaction; reject takes only
 * a pending deposit, with its entry in its transaction. Whichever claims first wins; the other
 * answers DEPOSIT_NOT_PENDING. An 'approving' deposit left by an approval that died before
 * this was one transaction is taken again once its claim is stale.
 */
export function createManualDepositService(deps: {
  repository: ManualDepositRepository;
  payments: PaymentsRepository;
  ledger: LedgerService;
  /** The member module's directory: account names for the operator's views. */
  members: Pick<MemberDirectory, 'byIds'>;
}): ManualDepositService {
  const { repository, payments, ledger, members } = deps;

  /** The deposits as the operator sees them; the members' account names are read once for all. */
  async function views(deposits: readonly DepositRecord[]): Promise<ManualDepositView[]> {
    const parties = await members.byIds(deposits.map((deposit) => deposit.memberId));
    return deposits.map((deposit) => view(deposit, parties.get(deposit.memberId)?.username ?? ''));
  }

  function view(deposit: DepositRecord, memberAccount: string): ManualDepositView {
    return {
      depositId: deposit.id,
      methodCode: deposit.methodCode,
      amount: minorToAmount(deposit.amountMinor),
      currency: deposit.currency,
      status: deposit.status === 'approving' ? ('pending' as const) : deposit.status,
      payUrl: null,
      createdAt: deposit.createdAt.toISOString(),
      memberAccount,
      payerReference: deposit.payerReference,
      rejectReason: deposit.rejectReason,
    };
  }

  /** The deposit's view before a decision and after it (what the decision's update sets). */
  async function decisionOf(
    before: DepositRecord,
    decided: Pick<ManualDepositView, 'status'> & Partial<Pick<ManualDepositView, 'rejectReason'>>,
  ): Promise<ManualDepositDecision> {
    const [beforeView] = await views([before]);
    if (!beforeView) throw new Error(`deposit ${before.id} has no view`);
    return { before: beforeView, after: { ...beforeView, ...decided } };
  }

  async function mustFindManual(merchantCode: string, depositId: string) {
    const deposit = await payments.findDeposit(depositId);
    if (!deposit || deposit.merchantCode !== merchantCode) throw new AppError('NOT_FOUND');
    const method = (await payments.methods(merchantCode)).find(
      (candidate) => candidate.code === deposit.methodCode,
    );
    if (method?.kind !== 'manual_bank') throw new AppError('NOT_FOUND');
    return deposit;
  }

  return {
    async list({ status, ...query }) {
      const page = await repository.pageOfIds({
        ...query,
        statuses: status === 'pending' ? ['pending', 'approving'] : [status],
      });
      const found = await Promise.all(page.items.map((id) => payments.findDeposit(id)));
      const deposits = found.filter((deposit): deposit is DepositRecord => deposit !== undefined);
      return { items: await views(deposits), nextCursor: page.nextCursor };
    },

    async approve(input) {
      const before = await mustFindManual(input.merchantCode, input.depositId);
      const change = await decisionOf(before, { status: 'completed' });
      await creditDepositInLedger(
        ledger,
        before,
        `manual:${before.payerReference ?? ''}`,
        (credit) =>
          payments.transaction(async (executor) => {
            const decisions = repository.within(executor);
            // The claim is in the credit's transaction too: of two approvals the second waits
            // on the row and then finds it no longer pending.
            if (!(await decisions.claimForApproval(before.id, input.operatorId))) {
              throw new AppError('DEPOSIT_NOT_PENDING');
            }
            await credit(executor);
            await decisions.completeApproval(before.id);
            await input.recordWithin?.(executor, change);
          }),
      );
      return change;
    },

    async reject(input) {
      const before = await mustFindManual(input.merchantCode, input.depositId);
      const change = await decisionOf(before, { status: 'rejected', rejectReason: input.reason });
      await payments.transaction(async (executor) => {
        if (
          !(await repository.within(executor).reject(before.id, input.operatorId, input.reason))
        ) {
          throw new AppError('DEPOSIT_NOT_PENDING');
        }
        await input.recordWithin?.(executor, change);
      });
      return change;
    },
  };
}
