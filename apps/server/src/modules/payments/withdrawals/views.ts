import { type BankAccount, minorToAmount, type Withdrawal } from '@app/contract';
import type { BankAccountRecord, WithdrawalCaseRecord, WithdrawalRecord } from './repository.js';

/** How withdrawals and bank accounts are shown to the member and to operators. */

/** A withdrawal as the operator sees it: the member's account name with it. */
export type AdminWithdrawal = Withdrawal & { memberAccount: string };

/** Account names by member id, read from the member module once per view. */
export type AccountNames = ReadonlyMap<bigint, string>;

/** A 'not received' case with its withdrawal. */
export interface WithdrawalCaseView {
  caseId: number;
  withdrawal: AdminWithdrawal;
  status: WithdrawalCaseRecord['status'];
  note: string | null;
  createdAt: string;
  resolvedAt: string | null;
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

export function adminWithdrawalView(
  withdrawal: WithdrawalRecord,
  accounts: AccountNames,
): AdminWithdrawal {
  return {
    ...withdrawalView(withdrawal),
    memberAccount: accounts.get(withdrawal.memberId) ?? '',
  };
}
