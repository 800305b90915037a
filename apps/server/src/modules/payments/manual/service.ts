import { type CursorPage, minorToAmount } from '@app/contract';
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
  }): Promise<ManualDepositDecision>;
  /** Rejects a pending deposit with the operator's reason. */
  reject(input: {
    merchantCode: string;
    depositId: string;
    operatorId: bigint;
    reason: string;
  }): Promise<ManualDepositDecision>;
}

/**
 * Operators decide manual bank deposits. Approve claims the deposit ('approving', one
 * conditional update), credits it through the ledger (`deposit:<id>`, so it is credited once
 * even when an approval is resumed) and completes it; reject takes only a pending deposit.
 * Whichever claims first wins; the other answers DEPOSIT_NOT_PENDING.
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
      if (!(await repository.claimForApproval(before.id, input.operatorId))) {
        throw new AppError('DEPOSIT_NOT_PENDING');
      }
      await creditDepositInLedger(
        ledger,
        before,
        `manual:${before.payerReference ?? ''}`,
        payments.transaction,
      );
      await repository.completeApproval(before.id);
      const after = await mustFindManual(input.merchantCode, input.depositId);
      const [beforeView, afterView] = await views([before, after]);
      return { before: beforeView as ManualDepositView, after: afterView as ManualDepositView };
    },

    async reject(input) {
      const before = await mustFindManual(input.merchantCode, input.depositId);
      if (!(await repository.reject(before.id, input.operatorId, input.reason))) {
        throw new AppError('DEPOSIT_NOT_PENDING');
      }
      const after = await mustFindManual(input.merchantCode, input.depositId);
      const [beforeView, afterView] = await views([before, after]);
      return { before: beforeView as ManualDepositView, after: afterView as ManualDepositView };
    },
  };
}
