import { randomUUID } from 'node:crypto';
import { amountToMinor, type BankAccount, minorToAmount, type Withdrawal } from '@app/contract';
import { AppError } from '../../../http/app-error.js';
import type { LedgerService } from '../../ledger/index.js';
import type { PaymentPasswordService } from '../../member/index.js';
import type { Merchant } from '../../system/index.js';
import type { BankAccountRecord, WithdrawalRecord, WithdrawalRepository } from './repository.js';

/** The ledger account that withdrawals are paid out through. */
export const WITHDRAWAL_CLEARING_CODE = 'clearing:withdrawal';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

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

export function withdrawalView(withdrawal: WithdrawalRecord): Withdrawal {
  return {
    withdrawalId: withdrawal.id,
    amount: minorToAmount(withdrawal.amountMinor),
    currency: withdrawal.currency,
    status: withdrawal.status,
    bankAccount: bankAccountView(withdrawal.bankAccount),
    rejectReason: withdrawal.rejectReason,
    createdAt: withdrawal.createdAt.toISOString(),
  };
}

function sameName(a: string, b: string): boolean {
  const normalize = (text: string) =>
    text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
  return normalize(a) === normalize(b);
}

/**
 * Withdrawals hold the amount at once (a pending ledger transfer) and are paid out or released
 * when an operator decides. The ledger decides races: whoever posts or voids the hold first
 * wins, and the other gets WITHDRAWAL_NOT_PENDING.
 */
export function createWithdrawalService(deps: {
  repository: WithdrawalRepository;
  ledger: LedgerService;
  paymentPasswords: PaymentPasswordService;
}) {
  const { repository, ledger, paymentPasswords } = deps;

  async function mustFind(id: string, merchantCode: string) {
    const withdrawal = await repository.find(id);
    if (!withdrawal || withdrawal.merchantCode !== merchantCode) throw new AppError('NOT_FOUND');
    return withdrawal;
  }

  return {
    async bankAccounts(memberId: bigint): Promise<BankAccount[]> {
      return (await repository.bankAccounts(memberId)).map(bankAccountView);
    },

    async addBankAccount(
      memberId: bigint,
      input: { bankName: string; accountNumber: string; accountName: string },
    ): Promise<BankAccount> {
      const payeeName = await paymentPasswords.payeeName(memberId);
      if (payeeName && !sameName(payeeName, input.accountName)) {
        throw new AppError('BANK_ACCOUNT_NAME_MISMATCH', { field: 'accountName' });
      }
      const added = await repository.addBankAccount({ memberId, ...input });
      if (added === 'limit') throw new AppError('VALIDATION_FAILED', { field: 'bankAccounts' });
      return bankAccountView(added);
    },

    async request(input: {
      merchant: Merchant;
      memberId: bigint;
      bankAccountId: number;
      amount: number;
      paymentPassword: string;
      idempotencyKey: string | undefined;
    }): Promise<Withdrawal> {
      const { merchant, memberId, idempotencyKey } = input;
      if (idempotencyKey !== undefined && idempotencyKey.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
        throw new AppError('VALIDATION_FAILED', { field: 'Idempotency-Key' });
      }
      const amountMinor = amountToMinor(input.amount);
      if (idempotencyKey) {
        const existing = await repository.findByKey(memberId, idempotencyKey);
        if (existing) {
          if (
            existing.amountMinor !== amountMinor ||
            Number(existing.bankAccount.id) !== input.bankAccountId
          ) {
            throw new AppError('IDEMPOTENCY_KEY_MISMATCH');
          }
          return withdrawalView(existing);
        }
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
      const holdTransferId = `withdrawal:${id}`;
      await ledger.transfer({
        id: holdTransferId,
        debitAccountId: wallet,
        creditAccountId: clearing,
        amountMinor,
        code: 'withdrawal',
        reference: id,
        pending: {},
      });
      const inserted = await repository.insertWithdrawal({
        id,
        merchantCode: merchant.code,
        memberId,
        bankAccountId: account.id,
        amountMinor,
        currency: merchant.currency,
        holdTransferId,
        idempotencyKey: idempotencyKey ?? null,
      });
      if (!inserted) {
        // A concurrent request with the same key won: release this hold and answer that one.
        await ledger.voidPending({ id: `withdrawal-duplicate:${id}`, pendingId: holdTransferId });
        const existing = idempotencyKey
          ? await repository.findByKey(memberId, idempotencyKey)
          : undefined;
        if (!existing) throw new Error(`withdrawal ${id} could not be stored`);
        return withdrawalView(existing);
      }
      return withdrawalView(await mustFind(id, merchant.code));
    },

    async ofMember(memberId: bigint): Promise<Withdrawal[]> {
      return (await repository.ofMember(memberId)).map(withdrawalView);
    },

    async ofMerchant(merchantCode: string, status: 'pending' | 'approved' | 'rejected') {
      return (await repository.ofMerchant(merchantCode, status)).map((withdrawal) => ({
        ...withdrawalView(withdrawal),
        memberAccount: withdrawal.memberAccount,
      }));
    },

    /** Pays out (approve) or releases (reject) the hold, once; answers the before and after. */
    async resolve(input: {
      merchantCode: string;
      withdrawalId: string;
      operatorId: bigint;
      decision: 'approve' | 'reject';
      reason?: string;
    }) {
      const before = await mustFind(input.withdrawalId, input.merchantCode);
      if (before.status !== 'pending') throw new AppError('WITHDRAWAL_NOT_PENDING');
      try {
        if (input.decision === 'approve') {
          await ledger.postPending({
            id: `withdrawal-payout:${before.id}`,
            pendingId: before.holdTransferId,
          });
        } else {
          await ledger.voidPending({
            id: `withdrawal-release:${before.id}`,
            pendingId: before.holdTransferId,
          });
        }
      } catch (error) {
        if (error instanceof AppError && error.errorCode === 'TRANSFER_NOT_PENDING') {
          throw new AppError('WITHDRAWAL_NOT_PENDING');
        }
        throw error;
      }
      await repository.resolve(before.id, {
        status: input.decision === 'approve' ? 'approved' : 'rejected',
        operatorId: input.operatorId,
        rejectReason: input.decision === 'reject' ? (input.reason ?? null) : null,
      });
      const after = await mustFind(before.id, input.merchantCode);
      return {
        before: withdrawalView(before),
        after: { ...withdrawalView(after), memberAccount: after.memberAccount },
      };
    },
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
