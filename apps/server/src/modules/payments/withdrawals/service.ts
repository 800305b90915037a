import type { BankAccount, CursorPage, Withdrawal } from '@app/contract';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../http/app-error.js';
import type { ReconciliationBreak } from '../../ledger/index.js';
import type { Merchant } from '../../system/index.js';
import { casesOfMerchant, resolveCase, type WithdrawalCaseChange } from './cases.js';
import {
  decideWithdrawal,
  type WithdrawalChange,
  type WithdrawalDecisionInput,
} from './decision.js';
import type { ProofImageKind } from './proof-image.js';
import { requestWithdrawal, type WithdrawalRequestInput } from './request.js';
import {
  type AdminWithdrawal,
  adminWithdrawalView,
  bankAccountView,
  type WithdrawalCaseView,
  withdrawalView,
} from './views.js';
import { accountNamesOf, mustFindWithdrawal, type WithdrawalParts } from './withdrawal-parts.js';

export type { WithdrawalCaseChange } from './cases.js';
export type { WithdrawalChange, WithdrawalDecisionInput } from './decision.js';
export {
  IDEMPOTENCY_KEY_MAX_LENGTH,
  requiredTurnoverMinor,
  WITHDRAWAL_CLEARING_CODE,
  type WithdrawalRequestInput,
} from './request.js';
export {
  type AdminWithdrawal,
  bankAccountView,
  type WithdrawalCaseView,
  withdrawalView,
} from './views.js';

/** Approved withdrawals marked received by default per run of the job. */
export const AUTO_RECEIVE_BATCH_LIMIT = 500;

/** A proof-of-payment image. */
export interface ProofImageFile {
  kind: ProofImageKind;
  bytes: Buffer;
}

function sameName(a: string, b: string): boolean {
  const normalize = (text: string) =>
    text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
  return normalize(a) === normalize(b);
}

/**
 * Withdrawals: bank accounts, requests with their hold, the player's receipt, operators' review.
 * Withdrawals hold the amount at once (a pending ledger transfer) and are paid out or released
 * when an operator decides. The withdrawal's row lock decides races: the first decision wins,
 * the same operator's retries answer it, and anything else gets WITHDRAWAL_NOT_PENDING.
 */
export interface WithdrawalService {
  /** The member's bound bank accounts (numbers masked). */
  bankAccounts(memberId: bigint): Promise<BankAccount[]>;
  /**
   * Binds a bank account of an enabled bank on the merchant's list (any name when the merchant
   * has no list), whose name matches the member's payee name (within the limit).
   */
  addBankAccount(
    memberId: bigint,
    input: { bankName: string; accountNumber: string; accountName: string },
    merchantCode: string,
  ): Promise<BankAccount>;
  /** The enabled banks of the merchant's withdrawal list, in the operator's order. */
  banks(merchantCode: string): Promise<string[]>;
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
  /** A keyset page of the merchant's 'not received' cases, open or resolved, oldest first. */
  cases(query: {
    merchantCode: string;
    status: 'open' | 'resolved';
    cursor?: string | undefined;
    limit: number;
  }): Promise<CursorPage<WithdrawalCaseView>>;
  /** Closes a 'not received' case with the operator's note; answers the before and after. */
  resolveCase(input: {
    merchantCode: string;
    caseId: number;
    operatorId: bigint;
    note: string;
    /** Writes the caller's audit entry in the case's transaction. */
    recordWithin?: (executor: Db, change: WithdrawalCaseChange) => Promise<void>;
  }): Promise<WithdrawalCaseChange>;
  /** The member's withdrawals. */
  ofMember(memberId: bigint): Promise<Withdrawal[]>;
  /** A keyset page of the merchant's withdrawals of a status, oldest first (the queue). */
  ofMerchant(query: {
    merchantCode: string;
    status: 'pending' | 'approved' | 'rejected';
    cursor?: string | undefined;
    limit: number;
  }): Promise<CursorPage<AdminWithdrawal>>;
  /** Reconciliation: every withdrawal hold has its withdrawal, in the state its row says. */
  findBreaks(): Promise<ReconciliationBreak[]>;
  /** Pays out (approve) or releases (reject) the hold, once, with the caller's audit entry. */
  resolve(
    input: WithdrawalDecisionInput,
  ): Promise<{ after: WithdrawalChange['after']; replayed: boolean }>;
}

async function addBankAccount(
  parts: WithdrawalParts,
  memberId: bigint,
  input: { bankName: string; accountNumber: string; accountName: string },
  merchantCode: string,
): Promise<BankAccount> {
  if ((await parts.banks.check(merchantCode, input.bankName)) === 'not-listed') {
    throw new AppError('VALIDATION_FAILED', { field: 'bankName' });
  }
  const payeeName = await parts.paymentPasswords.payeeName(memberId);
  if (payeeName && !sameName(payeeName, input.accountName)) {
    throw new AppError('BANK_ACCOUNT_NAME_MISMATCH', { field: 'accountName' });
  }
  const added = await parts.repository.addBankAccount({ memberId, ...input });
  if (added === 'limit') throw new AppError('VALIDATION_FAILED', { field: 'bankAccounts' });
  return bankAccountView(added);
}

async function sendVerificationCode(
  parts: WithdrawalParts,
  input: { merchant: Merchant; memberId: bigint; ip: string },
) {
  const settings = await parts.repository.settings(input.merchant.code);
  if (!settings) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
  return parts.newIpVerification.sendCode({ ...input, settings });
}

/** A proof image, if `mayRead` allows its withdrawal's owner; NOT_FOUND otherwise. */
async function proofWhere(
  parts: WithdrawalParts,
  withdrawalId: string,
  mayRead: (proof: { memberId: bigint; merchantCode: string }) => boolean,
): Promise<ProofImageFile> {
  const proof = await parts.repository.proof(withdrawalId);
  if (!proof || !mayRead(proof)) throw new AppError('NOT_FOUND');
  return { kind: proof.kind, bytes: proof.bytes };
}

async function confirmReceipt(
  parts: WithdrawalParts,
  input: { merchantCode: string; memberId: bigint; withdrawalId: string; received: boolean },
): Promise<Withdrawal> {
  const withdrawal = await mustFindWithdrawal(parts, input.withdrawalId, input.merchantCode);
  if (withdrawal.memberId !== input.memberId) throw new AppError('NOT_FOUND');
  const recorded = await parts.repository.confirm(
    withdrawal.id,
    input.memberId,
    input.received ? 'received' : 'notReceived',
  );
  if (!recorded) throw new AppError('WITHDRAWAL_NOT_CONFIRMABLE');
  return withdrawalView(await mustFindWithdrawal(parts, withdrawal.id, input.merchantCode));
}

async function pageOfMerchant(
  parts: WithdrawalParts,
  query: Parameters<WithdrawalService['ofMerchant']>[0],
) {
  const page = await parts.repository.pageOfMerchant(query);
  const accounts = await accountNamesOf(parts, page.items);
  return {
    items: page.items.map((row) => adminWithdrawalView(row, accounts)),
    nextCursor: page.nextCursor,
  };
}

export function createWithdrawalService(parts: WithdrawalParts): WithdrawalService {
  const { repository } = parts;
  return {
    bankAccounts: async (memberId) =>
      (await repository.bankAccounts(memberId)).map(bankAccountView),
    addBankAccount: (memberId, input, merchantCode) =>
      addBankAccount(parts, memberId, input, merchantCode),
    banks: (merchantCode) => parts.banks.enabledNames(merchantCode),
    request: (input) => requestWithdrawal(parts, input),
    sendVerificationCode: (input) => sendVerificationCode(parts, input),
    proofOf: (memberId, withdrawalId) =>
      proofWhere(parts, withdrawalId, (proof) => proof.memberId === memberId),
    proofForMerchant: (merchantCode, withdrawalId) =>
      proofWhere(parts, withdrawalId, (proof) => proof.merchantCode === merchantCode),
    confirm: (input) => confirmReceipt(parts, input),
    autoReceive: () => repository.autoReceive(AUTO_RECEIVE_BATCH_LIMIT),
    cases: (query) => casesOfMerchant(parts, query),
    resolveCase: (input) => resolveCase(parts, input),
    ofMember: async (memberId) => (await repository.ofMember(memberId)).map(withdrawalView),
    ofMerchant: (query) => pageOfMerchant(parts, query),
    findBreaks: () => repository.findBreaks(),
    resolve: (input) => decideWithdrawal(parts, input),
  };
}
