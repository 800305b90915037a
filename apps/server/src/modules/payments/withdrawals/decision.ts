import type { Withdrawal } from '@app/contract';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../http/app-error.js';
import { crashPoint } from '../../../safety/crash-points.js';
import { appendEvents } from '../../events/index.js';
import { checkedProofImage } from './proof-image.js';
import type { WithdrawalRecord } from './repository.js';
import { adminWithdrawalView, withdrawalView } from './views.js';
import { accountNamesOf, mustFindWithdrawal, type WithdrawalParts } from './withdrawal-parts.js';

/** What an operator's decision changed, for the audit entry written in its transaction. */
export interface WithdrawalChange {
  before: Withdrawal;
  after: Withdrawal & { memberAccount: string };
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

/** Posts (approve) or voids (reject) the withdrawal's hold in the decision's transaction. */
async function payOutOrRelease(
  parts: WithdrawalParts,
  executor: Db,
  withdrawal: WithdrawalRecord,
  decision: 'approve' | 'reject',
  reason: string | undefined,
): Promise<void> {
  try {
    if (decision === 'approve') {
      await parts.ledger.postPendingWithin(executor, {
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
      await parts.ledger.voidPendingWithin(executor, {
        id: `withdrawal-release:${withdrawal.id}`,
        pendingId: withdrawal.holdTransferId,
      });
      // Like the payout, the release happens once (the row is locked while pending).
      await appendEvents(executor, [
        {
          type: 'withdrawal.rejected',
          merchantCode: withdrawal.merchantCode,
          memberId: withdrawal.memberId,
          payload: {
            withdrawalId: withdrawal.id,
            memberId: withdrawal.memberId.toString(),
            currency: withdrawal.currency,
            amountMinor: withdrawal.amountMinor.toString(),
            reason: reason ?? null,
          },
        },
      ]);
    }
  } catch (error) {
    if (error instanceof AppError && error.errorCode === 'TRANSFER_NOT_PENDING') {
      throw new AppError('WITHDRAWAL_NOT_PENDING');
    }
    throw error;
  }
}

/**
 * Pays out (approve) or releases (reject) the hold, once: the row is locked, the ledger
 * posts or voids, the status changes and `recordWithin` writes the caller's audit entry, all
 * in one transaction. The same decision again by the same operator (a retry, parallel or
 * after a crash) answers the decision with `replayed`; anything else finds it decided and
 * gets WITHDRAWAL_NOT_PENDING.
 */
export async function decideWithdrawal(
  parts: WithdrawalParts,
  input: WithdrawalDecisionInput,
): Promise<{ after: WithdrawalChange['after']; replayed: boolean }> {
  const decided = input.decision === 'approve' ? 'approved' : 'rejected';
  const found = await mustFindWithdrawal(parts, input.withdrawalId, input.merchantCode);
  // Read before the transaction, so the row lock is not held across the member module's read.
  const accounts = await accountNamesOf(parts, [found]);
  const replayOrRefuse = (withdrawal: WithdrawalRecord) => {
    if (withdrawal.status === decided && withdrawal.resolvedByOperatorId === input.operatorId) {
      return { after: adminWithdrawalView(withdrawal, accounts), replayed: true };
    }
    throw new AppError('WITHDRAWAL_NOT_PENDING');
  };
  if (found.status !== 'pending') return replayOrRefuse(found);
  // The image is checked before any money moves and before any lock: a bad file changes nothing.
  const proof =
    input.decision === 'approve' && input.proofImageBase64 !== undefined
      ? await checkedProofImage(input.proofImageBase64)
      : undefined;
  const outcome = await parts.repository.transaction(async (queries, executor) => {
    await queries.lock(found.id);
    const before = await queries.find(found.id);
    if (!before) throw new Error(`withdrawal ${found.id} vanished`);
    if (before.status !== 'pending') return { kind: 'decided' as const, record: before };
    await payOutOrRelease(parts, executor, before, input.decision, input.reason);
    crashPoint('withdrawal.payout.before-commit');
    await queries.resolve(before.id, {
      status: decided,
      operatorId: input.operatorId,
      rejectReason: input.decision === 'reject' ? (input.reason ?? null) : null,
      ...(proof ? { proof } : {}),
    });
    const after = await queries.find(before.id);
    if (!after) throw new Error(`withdrawal ${before.id} vanished`);
    const change = { before: withdrawalView(before), after: adminWithdrawalView(after, accounts) };
    await input.recordWithin?.(executor, change);
    if (input.decision === 'approve') crashPoint('withdrawal.approve.before-commit');
    return { kind: 'changed' as const, change };
  });
  if (outcome.kind === 'decided') return replayOrRefuse(outcome.record);
  crashPoint('withdrawal.payout.after-commit');
  if (input.decision === 'approve') crashPoint('withdrawal.approve.after-commit');
  return { after: outcome.change.after, replayed: false };
}
