import { randomUUID } from 'node:crypto';
import {
  amountToMinor,
  type BankAccount,
  minorToAmount,
  type PageTotals,
  pageReply,
  type Withdrawal,
} from '@app/contract';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../http/app-error.js';
import { crashPoint } from '../../../safety/crash-points.js';
import { appendEvents } from '../../events/index.js';
import type { LedgerService, ReconciliationBreak } from '../../ledger/index.js';
import type { MemberDirectory, PaymentPasswordService } from '../../member/index.js';
import type { Merchant } from '../../system/index.js';
import type { NewIpVerification } from './new-ip-verification.js';
import { checkedProofImage, type ProofImageKind } from './proof-image.js';
import type {
  BankAccountRecord,
  WithdrawalCaseRecord,
  WithdrawalRecord,
  WithdrawalRepository,
} from './repository.js';

/** Approved withdrawals marked received by default per run of the job. */
export const AUTO_RECEIVE_BATCH_LIMIT = 500;

/** The ledger account that withdrawals are paid out through. */
export const WITHDRAWAL_CLEARING_CODE = 'clearing:withdrawal';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

/** What an operator's decision changed, for the audit entry written in its transaction. */
export interface WithdrawalChange {
  before: Withdrawal;
  after: Withdrawal & { memberAccount: string };
}

function maskAccountNumber(accountNumber: string): string {
  return `•••• ${accountNumber.slice(-4)}`;
}

export function bankAccountView(account: BankAccountRecord): BankAccount {
  return {
    id: Number(account.id),
    bankName: account.bankName,
    accountNumberMasked: maskAccountNumber(account.accountNumber),
    accountName: account.accountName,
  };
}

/** Received once the player says so or lets the time pass; a rejection paid nothing out. */
function receivedMinor(withdrawal: WithdrawalRecord): bigint {
  return withdrawal.status === 'approved' &&
    (withdrawal.receipt === 'received' || withdrawal.receipt === 'autoReceived')
    ? withdrawal.amountMinor
    : 0n;
}

export function withdrawalView(withdrawal: WithdrawalRecord): Withdrawal {
  const received = receivedMinor(withdrawal);
  const remaining = withdrawal.status === 'rejected' ? 0n : withdrawal.amountMinor - received;
  return {
    withdrawalId: withdrawal.id,
    amount: minorToAmount(withdrawal.amountMinor),
    currency: withdrawal.currency,
    status: withdrawal.status,
    bankAccount: bankAccountView(withdrawal.bankAccount),
    rejectReason: withdrawal.rejectReason,
    createdAt: withdrawal.createdAt.toISOString(),
    receipt: withdrawal.receipt,
    receivedAmount: minorToAmount(received),
    remainingAmount: minorToAmount(remaining),
    hasProof: withdrawal.hasProof,
    autoReceiveAt: withdrawal.autoReceiveAt?.toISOString() ?? null,
  };
}

/** deposit x multiple, in minor units, rounded up (a multiple may have two decimals). */
export function requiredTurnoverMinor(depositMinor: bigint, multiple: string): bigint {
  const [whole = '0', fraction = ''] = multiple.split('.');
  const hundredths = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return (depositMinor * hundredths + 99n) / 100n;
}

function sameName(a: string, b: string): boolean {
  const normalize = (text: string) =>
    text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
  return normalize(a) === normalize(b);
}

/**
 * Withdrawals hold the amount at once (a pending ledger transfer) and are paid out or released
 * when an operator decides. The withdrawal's row lock decides races: the first decision wins,
 * the same operator's retries answer it, and anything else gets WITHDRAWAL_NOT_PENDING.
 */
/** A withdrawal as the operator sees it: the member's account name with it. */
export type AdminWithdrawal = Withdrawal & { memberAccount: string };

/** Account names by member id, read from the member module once per view. */
type AccountNames = ReadonlyMap<bigint, string>;

/** A 'not received' case with its withdrawal. */
export interface WithdrawalCaseView {
  caseId: number;
  withdrawal: AdminWithdrawal;
  status: WithdrawalCaseRecord['status'];
  note: string | null;
  createdAt: string;
  resolvedAt: string | null;
}

/** A proof-of-payment image. */
export interface ProofImageFile {
  kind: ProofImageKind;
  bytes: Buffer;
}

/** A member's withdrawal request as the route reads it. */
export interface WithdrawalRequestInput {
  merchant: Merchant;
  memberId: bigint;
  bankAccountId: number;
  amount: number;
  paymentPassword: string;
  idempotencyKey: string | undefined;
  ip: string;
  verification?: { code?: string | undefined; accountName?: string | undefined } | undefined;
}

/** An operator's decision on a pending withdrawal. */
export interface WithdrawalDecisionInput {
  merchantCode: string;
  withdrawalId: string;
  operatorId: bigint;
  decision: 'approve' | 'reject';
  reason?: string;
  /** Approval only: the proof of payment, base64 (checked and re-encoded here). */
  proofImageBase64?: string;
  recordWithin?: (executor: Db, change: WithdrawalChange) => Promise<void>;
}

/** Withdrawals: bank accounts, requests with their hold, the player's receipt, operators' review. */
export interface WithdrawalService {
  /** The member's bound bank accounts (numbers masked). */
  bankAccounts(memberId: bigint): Promise<BankAccount[]>;
  /** Binds a bank account whose name matches the member's payee name (within the limit). */
  addBankAccount(
    memberId: bigint,
    input: { bankName: string; accountNumber: string; accountName: string },
  ): Promise<BankAccount>;
  /** Records a withdrawal and holds its amount in one transaction; a retry with the same key replays. */
  request(input: WithdrawalRequestInput): Promise<Withdrawal>;
  /** Sends the new-address verification code by SMS or e-mail. */
  sendVerificationCode(input: {
    merchant: Merchant;
    memberId: bigint;
    ip: string;
  }): Promise<{ method: 'sms' | 'email'; expiredMinutes: number }>;
  /** The proof image of the member's own withdrawal; NOT_FOUND for anyone else's. */
  proofOf(memberId: bigint, withdrawalId: string): Promise<ProofImageFile>;
  /** Any proof of the operator's own merchant (reviewing a 'not received' case). */
  proofForMerchant(merchantCode: string, withdrawalId: string): Promise<ProofImageFile>;
  /** The player's answer to an approved withdrawal, once, before it counts as received. */
  confirm(input: {
    merchantCode: string;
    memberId: bigint;
    withdrawalId: string;
    received: boolean;
  }): Promise<Withdrawal>;
  /** The scheduled job: unanswered approvals past the merchant's minutes count as received. */
  autoReceive(): Promise<number>;
  /** The merchant's 'not received' cases, open or resolved. */
  cases(merchantCode: string, status: 'open' | 'resolved'): Promise<WithdrawalCaseView[]>;
  /** Closes a 'not received' case with the operator's note; answers the before and after. */
  resolveCase(input: {
    merchantCode: string;
    caseId: number;
    operatorId: bigint;
    note: string;
  }): Promise<{ before: WithdrawalCaseView; after: WithdrawalCaseView }>;
  /** The member's withdrawals. */
  ofMember(memberId: bigint): Promise<Withdrawal[]>;
  /** A page of the merchant's withdrawals of a status, oldest first (the operator's queue). */
  ofMerchant(query: {
    merchantCode: string;
    status: 'pending' | 'approved' | 'rejected';
    pageNo: number;
    pageSize: number;
  }): Promise<{ list: AdminWithdrawal[] } & PageTotals>;
  /** Reconciliation: every withdrawal hold has its withdrawal, in the state its row says. */
  findBreaks(): Promise<ReconciliationBreak[]>;
  /** Pays out (approve) or releases (reject) the hold, once, with the caller's audit entry. */
  resolve(
    input: WithdrawalDecisionInput,
  ): Promise<{ after: WithdrawalChange['after']; replayed: boolean }>;
}

export function createWithdrawalService(deps: {
  repository: WithdrawalRepository;
  ledger: LedgerService;
  paymentPasswords: PaymentPasswordService;
  newIpVerification: NewIpVerification;
  /** The member module's directory: account names for the operator's views. */
  members: Pick<MemberDirectory, 'byIds'>;
}): WithdrawalService {
  const { repository, ledger, paymentPasswords, newIpVerification, members } = deps;

  /** Refuses while the bets since the last deposit are below deposit x the merchant's multiple. */
  async function checkTurnover(walletAccountId: bigint, multiple: string) {
    if (Number(multiple) <= 0) return;
    const turnover = await ledger.turnoverSinceLastDeposit(walletAccountId);
    if (!turnover) return;
    const required = requiredTurnoverMinor(turnover.depositMinor, multiple);
    if (turnover.betsMinor < required) {
      throw new AppError('TURNOVER_NOT_MET', {
        requiredAmount: minorToAmount(required),
        doneAmount: minorToAmount(turnover.betsMinor),
      });
    }
  }

  /** The account names of the members of these withdrawals, in one read. */
  async function accountsOf(withdrawals: readonly WithdrawalRecord[]): Promise<AccountNames> {
    const parties = await members.byIds(withdrawals.map((withdrawal) => withdrawal.memberId));
    return new Map([...parties].map(([id, party]) => [id, party.username]));
  }

  /** Cases with their withdrawals; the members' account names are read once for all. */
  async function caseViews(
    records: readonly WithdrawalCaseRecord[],
    merchantCode: string,
  ): Promise<WithdrawalCaseView[]> {
    const withdrawals = await Promise.all(
      records.map((record) => mustFind(record.withdrawalId, merchantCode)),
    );
    const accounts = await accountsOf(withdrawals);
    return records.map((record, index) => ({
      caseId: Number(record.id),
      withdrawal: adminView(withdrawals[index] as WithdrawalRecord, accounts),
      status: record.status,
      note: record.note,
      createdAt: record.createdAt.toISOString(),
      resolvedAt: record.resolvedAt?.toISOString() ?? null,
    }));
  }

  /** The first request's answer for a retry with its key; another body is a mismatch. */
  function replayRequest(existing: WithdrawalRecord, amountMinor: bigint, bankAccountId: number) {
    if (existing.amountMinor !== amountMinor || Number(existing.bankAccount.id) !== bankAccountId) {
      throw new AppError('IDEMPOTENCY_KEY_MISMATCH');
    }
    return withdrawalView(existing);
  }

  /** Posts (approve) or voids (reject) the withdrawal's hold in the decision's transaction. */
  async function payOutOrRelease(
    executor: Db,
    withdrawal: WithdrawalRecord,
    decision: 'approve' | 'reject',
  ) {
    try {
      if (decision === 'approve') {
        await ledger.postPendingWithin(executor, {
          id: `withdrawal-payout:${withdrawal.id}`,
          pendingId: withdrawal.holdTransferId,
        });
        // Only a pending withdrawal reaches here (its row is locked), so it is paid once.
        await appendEvents(executor, [
          {
            type: 'withdrawal.paid',
            merchantCode: withdrawal.merchantCode,
            memberId: withdrawal.memberId,
            payload: {
              withdrawalId: withdrawal.id,
              memberId: withdrawal.memberId.toString(),
              currency: withdrawal.currency,
              amountMinor: withdrawal.amountMinor.toString(),
            },
          },
        ]);
      } else {
        await ledger.voidPendingWithin(executor, {
          id: `withdrawal-release:${withdrawal.id}`,
          pendingId: withdrawal.holdTransferId,
        });
      }
    } catch (error) {
      if (error instanceof AppError && error.errorCode === 'TRANSFER_NOT_PENDING') {
        throw new AppError('WITHDRAWAL_NOT_PENDING');
      }
      throw error;
    }
  }

  function adminView(withdrawal: WithdrawalRecord, accounts: AccountNames): AdminWithdrawal {
    return {
      ...withdrawalView(withdrawal),
      memberAccount: accounts.get(withdrawal.memberId) ?? '',
    };
  }

  async function mustFind(id: string, merchantCode: string) {
    const withdrawal = await repository.find(id);
    if (!withdrawal || withdrawal.merchantCode !== merchantCode) throw new AppError('NOT_FOUND');
    return withdrawal;
  }

  return {
    async bankAccounts(memberId) {
      return (await repository.bankAccounts(memberId)).map(bankAccountView);
    },

    async addBankAccount(memberId, input) {
      const payeeName = await paymentPasswords.payeeName(memberId);
      if (payeeName && !sameName(payeeName, input.accountName)) {
        throw new AppError('BANK_ACCOUNT_NAME_MISMATCH', { field: 'accountName' });
      }
      const added = await repository.addBankAccount({ memberId, ...input });
      if (added === 'limit') throw new AppError('VALIDATION_FAILED', { field: 'bankAccounts' });
      return bankAccountView(added);
    },

    async request(input) {
      const { merchant, memberId, idempotencyKey } = input;
      if (idempotencyKey !== undefined && idempotencyKey.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
        throw new AppError('VALIDATION_FAILED', { field: 'Idempotency-Key' });
      }
      const amountMinor = amountToMinor(input.amount);
      if (idempotencyKey) {
        const existing = await repository.findByKey(memberId, idempotencyKey);
        if (existing) return replayRequest(existing, amountMinor, input.bankAccountId);
      }
      await paymentPasswords.verify(memberId, input.paymentPassword);
      const settings = await repository.settings(merchant.code);
      if (!settings) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
      if (amountMinor < settings.minAmountMinor || amountMinor > settings.maxAmountMinor) {
        throw new AppError('AMOUNT_OUT_OF_RANGE', {
          field: 'amount',
          minAmount: minorToAmount(settings.minAmountMinor),
          maxAmount: minorToAmount(settings.maxAmountMinor),
        });
      }
      const account = (await repository.bankAccounts(memberId)).find(
        (candidate) => Number(candidate.id) === input.bankAccountId,
      );
      if (!account) throw new AppError('NOT_FOUND', { field: 'bankAccountId' });

      const id = randomUUID();
      const [wallet, clearing] = await Promise.all([
        ledger.memberAccount({
          merchantCode: merchant.code,
          memberId,
          asset: 'cash',
          currency: merchant.currency,
        }),
        ledger.systemAccount({
          merchantCode: merchant.code,
          code: WITHDRAWAL_CLEARING_CODE,
          asset: 'cash',
          currency: merchant.currency,
        }),
      ]);
      await checkTurnover(wallet, settings.turnoverMultiple);
      await newIpVerification.check({
        merchant,
        memberId,
        ip: input.ip,
        settings,
        bankAccountName: account.accountName,
        verification: input.verification,
      });
      const holdTransferId = `withdrawal:${id}`;
      // The row first, then the hold, in one transaction: a crash leaves both or neither, and a
      // concurrent request with the same key waits on the row and then answers the first one.
      const inserted = await repository.transaction(async (queries, executor) => {
        const stored = await queries.insertWithdrawal({
          id,
          merchantCode: merchant.code,
          memberId,
          bankAccountId: account.id,
          amountMinor,
          currency: merchant.currency,
          holdTransferId,
          idempotencyKey: idempotencyKey ?? null,
        });
        if (!stored) return false;
        await ledger.holdWithin(executor, {
          id: holdTransferId,
          debitAccountId: wallet,
          creditAccountId: clearing,
          amountMinor,
          code: 'withdrawal',
          reference: id,
        });
        crashPoint('withdrawal.request.before-commit');
        return true;
      });
      if (!inserted) {
        const existing = idempotencyKey
          ? await repository.findByKey(memberId, idempotencyKey)
          : undefined;
        if (!existing) throw new Error(`withdrawal ${id} could not be stored`);
        return replayRequest(existing, amountMinor, input.bankAccountId);
      }
      crashPoint('withdrawal.request.after-commit');
      // Withdrawn from here once: a later withdrawal from the same address is not asked again.
      await newIpVerification.rememberIp(memberId, input.ip);
      return withdrawalView(await mustFind(id, merchant.code));
    },

    async sendVerificationCode(input) {
      const settings = await repository.settings(input.merchant.code);
      if (!settings) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
      return newIpVerification.sendCode({ ...input, settings });
    },

    /** The proof image of the member's own withdrawal; NOT_FOUND for anyone else's. */
    async proofOf(memberId, withdrawalId) {
      const proof = await repository.proof(withdrawalId);
      if (!proof || proof.memberId !== memberId) throw new AppError('NOT_FOUND');
      return { kind: proof.kind, bytes: proof.bytes };
    },

    /** Any proof of the operator's own merchant (reviewing a 'not received' case). */
    async proofForMerchant(merchantCode, withdrawalId) {
      const proof = await repository.proof(withdrawalId);
      if (!proof || proof.merchantCode !== merchantCode) throw new AppError('NOT_FOUND');
      return { kind: proof.kind, bytes: proof.bytes };
    },

    /** The player's answer to an approved withdrawal, once, before it counts as received. */
    async confirm(input) {
      const withdrawal = await mustFind(input.withdrawalId, input.merchantCode);
      if (withdrawal.memberId !== input.memberId) throw new AppError('NOT_FOUND');
      const recorded = await repository.confirm(
        withdrawal.id,
        input.memberId,
        input.received ? 'received' : 'notReceived',
      );
      if (!recorded) throw new AppError('WITHDRAWAL_NOT_CONFIRMABLE');
      return withdrawalView(await mustFind(withdrawal.id, input.merchantCode));
    },

    /** The scheduled job: unanswered approvals past the merchant's minutes count as received. */
    autoReceive() {
      return repository.autoReceive(AUTO_RECEIVE_BATCH_LIMIT);
    },

    async cases(merchantCode, status) {
      return caseViews(await repository.cases(merchantCode, status), merchantCode);
    },

    /** Closes a 'not received' case with the operator's note; answers the before and after. */
    async resolveCase(input) {
      const record = await repository.findCase(input.merchantCode, BigInt(input.caseId));
      if (!record) throw new AppError('NOT_FOUND');
      if (record.status !== 'open') throw new AppError('WITHDRAWAL_CASE_NOT_OPEN');
      const [before] = await caseViews([record], input.merchantCode);
      if (!(await repository.resolveCase(record.id, input.operatorId, input.note))) {
        throw new AppError('WITHDRAWAL_CASE_NOT_OPEN');
      }
      const after = await repository.findCase(input.merchantCode, record.id);
      if (!before || !after) throw new Error(`case ${record.id} vanished`);
      const [afterView] = await caseViews([after], input.merchantCode);
      return { before, after: afterView as WithdrawalCaseView };
    },

    async ofMember(memberId) {
      return (await repository.ofMember(memberId)).map(withdrawalView);
    },

    /** A page of the merchant's withdrawals of a status, oldest first (the operator's queue). */
    async ofMerchant(query) {
      const { rows, totalCount } = await repository.pageOfMerchant(query);
      const accounts = await accountsOf(rows);
      return pageReply(
        rows.map((row) => adminView(row, accounts)),
        totalCount,
        query.pageSize,
      );
    },

    /** Reconciliation: every withdrawal hold has its withdrawal, in the state its row says. */
    findBreaks() {
      return repository.findBreaks();
    },

    /**
     * Pays out (approve) or releases (reject) the hold, once: the row is locked, the ledger
     * posts or voids, the status changes and `recordWithin` writes the caller's audit entry, all
     * in one transaction. The same decision again by the same operator (a retry, parallel or
     * after a crash) answers the decision with `replayed`; anything else finds it decided and
     * gets WITHDRAWAL_NOT_PENDING.
     */
    async resolve(input) {
      const decided = input.decision === 'approve' ? 'approved' : 'rejected';
      const found = await mustFind(input.withdrawalId, input.merchantCode);
      // Read before the transaction, so the row lock is not held across the member module's read.
      const accounts = await accountsOf([found]);
      const replayOrRefuse = (withdrawal: WithdrawalRecord) => {
        if (withdrawal.status === decided && withdrawal.resolvedByOperatorId === input.operatorId) {
          return { after: adminView(withdrawal, accounts), replayed: true };
        }
        throw new AppError('WITHDRAWAL_NOT_PENDING');
      };
      if (found.status !== 'pending') return replayOrRefuse(found);
      // The image is checked before any money moves and before any lock: a bad file changes nothing.
      const proof =
        input.decision === 'approve' && input.proofImageBase64 !== undefined
          ? await checkedProofImage(input.proofImageBase64)
          : undefined;
      const outcome = await repository.transaction(async (queries, executor) => {
        await queries.lock(found.id);
        const before = await queries.find(found.id);
        if (!before) throw new Error(`withdrawal ${found.id} vanished`);
        if (before.status !== 'pending') return { kind: 'decided' as const, record: before };
        await payOutOrRelease(executor, before, input.decision);
        crashPoint('withdrawal.payout.before-commit');
        await queries.resolve(before.id, {
          status: decided,
          operatorId: input.operatorId,
          rejectReason: input.decision === 'reject' ? (input.reason ?? null) : null,
          ...(proof ? { proof } : {}),
        });
        const after = await queries.find(before.id);
        if (!after) throw new Error(`withdrawal ${before.id} vanished`);
        const change = { before: withdrawalView(before), after: adminView(after, accounts) };
        await input.recordWithin?.(executor, change);
        if (input.decision === 'approve') crashPoint('withdrawal.approve.before-commit');
        return { kind: 'changed' as const, change };
      });
      if (outcome.kind === 'decided') return replayOrRefuse(outcome.record);
      crashPoint('withdrawal.payout.after-commit');
      if (input.decision === 'approve') crashPoint('withdrawal.approve.after-commit');
      return { after: outcome.change.after, replayed: false };
    },
  };
}
