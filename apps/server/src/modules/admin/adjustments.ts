import { createHash } from 'node:crypto';
import { minorToAmount } from '@app/contract';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import { crashPoint } from '../../safety/crash-points.js';
import type { AuditRecord, AuditService } from '../audit/index.js';
import { appendEvents } from '../events/index.js';
import type { LedgerService, ReconciliationBreak } from '../ledger/index.js';
import type { MemberDirectory } from '../member/index.js';
import type { Merchant } from '../system/index.js';
import { actorFields } from './operator-access.js';
import type { Operator } from './repository.js';

/** The system account adjustments are booked against (the operator's side of each). */
export const ADJUSTMENT_ACCOUNT_CODE = 'adjustment';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
/** The ledger code of adjustment transfers and the audit action that records each. */
export const ADJUSTMENT_TRANSFER_CODE = 'adjustment';
export const ADJUSTMENT_AUDIT_ACTION = 'member.adjust-balance';

export interface AdjustmentAnswer {
  adjustmentId: string;
  account: string;
  amount: number;
  balanceBefore: number;
  balanceAfter: number;
  currency: string;
}

/** The first answer, rebuilt from the audit entry written with it. */
function answerFromEntry(
  entry: AuditRecord,
  fixed: Pick<AdjustmentAnswer, 'adjustmentId' | 'account' | 'currency'>,
): AdjustmentAnswer {
  const before = entry.before as { availableBalance: number };
  const after = entry.after as { availableBalance: number; amount: number };
  return {
    ...fixed,
    amount: after.amount,
    balanceBefore: before.availableBalance,
    balanceAfter: after.availableBalance,
  };
}

/**
 * An operator credits or debits a member's cash with a reason: one ledger transfer (code
 * 'adjustment') between the member and the merchant's adjustment account, and its audit entry,
 * in one database transaction. The transfer id is made of the operator and the Idempotency-Key,
 * so a retry replays it and answers what the audit entry recorded the first time; the ledger's
 * conditional update refuses a debit the available balance does not cover (INSUFFICIENT_FUNDS).
 */
export function createAdjustmentService(deps: {
  ledger: LedgerService;
  directory: MemberDirectory;
  audit: AuditService;
  unitOfWork: UnitOfWork;
}) {
  const { ledger, directory, audit, unitOfWork } = deps;

  return {
    async adjust(input: {
      merchant: Merchant;
      operator: Operator;
      account: string;
      amountMinor: bigint;
      reason: string;
      idempotencyKey: string | undefined;
      ip: string;
    }): Promise<AdjustmentAnswer> {
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
      // The key is hashed into the id so any key fits the ledger's id length.
      const keyHash = createHash('sha256').update(idempotencyKey).digest('base64url');
      const transferId = `adjustment:${operator.id}:${keyHash}`;
      // The reason is part of the reference, so the same key with another reason is a conflict.
      const reasonHash = createHash('sha256').update(input.reason).digest('base64url');
      const fixed = {
        adjustmentId: transferId,
        account: member.username,
        currency: merchant.currency,
      };
      const subject = { subjectType: 'member', subjectId: member.id.toString() };

      const answer = await unitOfWork(async (executor) => {
        const { replayed } = await ledger.transferWithin(executor, {
          id: transferId,
          debitAccountId: credit ? adjustment : wallet,
          creditAccountId: credit ? wallet : adjustment,
          amountMinor: credit ? input.amountMinor : -input.amountMinor,
          code: ADJUSTMENT_TRANSFER_CODE,
          reference: `operator:${operator.username};reason:${reasonHash}`,
        });
        if (replayed) {
          const first = await audit.findEntry(
            {
              merchantCode: merchant.code,
              action: ADJUSTMENT_AUDIT_ACTION,
              ...subject,
              after: { transferId },
            },
            executor,
          );
          if (first) return answerFromEntry(first, fixed);
          // Moved before entries were written with the money: the entry below repairs the trail.
        }
        // The member's account is locked by the transfer until commit, so nothing else moved it
        // between the transfer and this read: before is exactly after less the adjustment.
        const balanceAfterMinor = await ledger.availableWithin(executor, wallet);
        const balanceBeforeMinor = replayed
          ? balanceAfterMinor
          : balanceAfterMinor - input.amountMinor;
        const result: AdjustmentAnswer = {
          ...fixed,
          amount: minorToAmount(input.amountMinor),
          balanceBefore: minorToAmount(balanceBeforeMinor),
          balanceAfter: minorToAmount(balanceAfterMinor),
        };
        await audit.recordWithin(executor, {
          ...actorFields(operator, input.ip),
          merchantCode: merchant.code,
          action: ADJUSTMENT_AUDIT_ACTION,
          ...subject,
          before: { availableBalance: result.balanceBefore },
          after: {
            availableBalance: result.balanceAfter,
            amount: result.amount,
            reason: input.reason,
            transferId,
          },
        });
        // Only the step that moved the money tells the stream; a replay moved nothing.
        if (!replayed) {
          await appendEvents(executor, [
            {
              type: 'balance.adjusted',
              merchantCode: merchant.code,
              memberId: member.id,
              payload: {
                memberId: member.id.toString(),
                transferId,
                operatorId: operator.id.toString(),
                currency: merchant.currency,
                amountMinor: input.amountMinor.toString(),
              },
            },
          ]);
        }
        crashPoint('admin.adjust-balance.before-commit');
        return result;
      }).catch((error: unknown) => {
        if (error instanceof AppError && error.errorCode === 'IDEMPOTENCY_CONFLICT') {
          throw new AppError('IDEMPOTENCY_KEY_MISMATCH');
        }
        throw error;
      });
      crashPoint('admin.adjust-balance.after-commit');
      return answer;
    },

    /** Reconciliation: every adjustment transfer has its audit entry. */
    async findBreaks(): Promise<ReconciliationBreak[]> {
      const missing = await audit.transfersWithoutEntry(
        ADJUSTMENT_TRANSFER_CODE,
        ADJUSTMENT_AUDIT_ACTION,
      );
      return missing.map((transferId) => ({
        invariant: 'adjustment-without-audit',
        subject: transferId,
        detail: `adjustment transfer ${transferId} has no ${ADJUSTMENT_AUDIT_ACTION} audit entry`,
      }));
    },
  };
}

export type AdjustmentService = ReturnType<typeof createAdjustmentService>;
