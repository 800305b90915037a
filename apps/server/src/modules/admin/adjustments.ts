import { createHash } from 'node:crypto';
import { minorToAmount } from '@app/contract';
import { AppError } from '../../http/app-error.js';
import type { AuditService } from '../audit/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { MemberDirectory } from '../member/index.js';
import type { Merchant } from '../system/index.js';
import type { Operator } from './repository.js';

/** The system account adjustments are booked against (the operator's side of each). */
export const ADJUSTMENT_ACCOUNT_CODE = 'adjustment';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

/**
 * An operator credits or debits a member's cash with a reason: one ledger transfer (code
 * 'adjustment') between the member and the merchant's adjustment account. The transfer id is
 * made of the operator and the Idempotency-Key, so a retry replays it; the ledger's conditional
 * update refuses a debit the member's available balance does not cover (INSUFFICIENT_FUNDS).
 */
export function createAdjustmentService(deps: {
  ledger: LedgerService;
  directory: MemberDirectory;
  audit: AuditService;
}) {
  const { ledger, directory, audit } = deps;

  async function available(accountId: bigint): Promise<bigint> {
    const [account] = await ledger.findAccounts([accountId]);
    return account ? account.balanceMinor - account.heldMinor : 0n;
  }

  return {
    async adjust(input: {
      merchant: Merchant;
      operator: Operator;
      account: string;
      amountMinor: bigint;
      reason: string;
      idempotencyKey: string | undefined;
      ip: string;
    }) {
      const { merchant, operator, idempotencyKey } = input;
      if (!idempotencyKey) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
      if (idempotencyKey.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
        throw new AppError('VALIDATION_FAILED', { field: 'Idempotency-Key' });
      }
      if (input.amountMinor === 0n) throw new AppError('VALIDATION_FAILED', { field: 'amount' });
      const member = await directory.byAccount(merchant.code, input.account);
      if (!member || member.merchantCode !== merchant.code) {
        throw new AppError('NOT_FOUND', { field: 'account' });
      }
      const [wallet, adjustment] = await Promise.all([
        ledger.memberAccount({
          merchantCode: merchant.code,
          memberId: member.id,
          asset: 'cash',
          currency: merchant.currency,
        }),
        ledger.systemAccount({
          merchantCode: merchant.code,
          code: ADJUSTMENT_ACCOUNT_CODE,
          asset: 'cash',
          currency: merchant.currency,
        }),
      ]);
      const credit = input.amountMinor > 0n;
      const amountMinor = credit ? input.amountMinor : -input.amountMinor;
      // The key is hashed into the id so any key fits the ledger's id length.
      const keyHash = createHash('sha256').update(idempotencyKey).digest('base64url');
      const transferId = `adjustment:${operator.id}:${keyHash}`;
      // The reason is part of the reference, so the same key with another reason is a conflict.
      const reasonHash = createHash('sha256').update(input.reason).digest('base64url');
      const balanceBeforeMinor = await available(wallet);
      let replayed: boolean;
      try {
        ({ replayed } = await ledger.transfer({
          id: transferId,
          debitAccountId: credit ? adjustment : wallet,
          creditAccountId: credit ? wallet : adjustment,
          amountMinor,
          code: 'adjustment',
          reference: `operator:${operator.username};reason:${reasonHash}`,
        }));
      } catch (error) {
        if (error instanceof AppError && error.errorCode === 'IDEMPOTENCY_CONFLICT') {
          throw new AppError('IDEMPOTENCY_KEY_MISMATCH');
        }
        throw error;
      }
      const balanceAfterMinor = await available(wallet);
      const result = {
        adjustmentId: transferId,
        account: member.username,
        amount: minorToAmount(input.amountMinor),
        balanceBefore: minorToAmount(balanceBeforeMinor),
        balanceAfter: minorToAmount(balanceAfterMinor),
        currency: merchant.currency,
      };
      if (!replayed) {
        await audit.record({
          merchantCode: merchant.code,
          operatorId: operator.id,
          action: 'member.adjust-balance',
          subjectType: 'member',
          subjectId: member.id.toString(),
          before: { availableBalance: result.balanceBefore },
          after: {
            availableBalance: result.balanceAfter,
            amount: result.amount,
            reason: input.reason,
            transferId,
          },
          ip: input.ip,
        });
      }
      return result;
    },
  };
}

export type AdjustmentService = ReturnType<typeof createAdjustmentService>;
