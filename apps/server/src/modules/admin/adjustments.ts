import { createHash } from 'node:crypto';
import { ADJUSTMENT_SECOND_APPROVAL_ABOVE_MINOR, minorToAmount } from '@app/contract';
import type { Db } from '../../db/database.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import { crashPoint } from '../../safety/crash-points.js';
import type { AuditRecord, AuditService } from '../audit/index.js';
import { appendEvents } from '../events/index.js';
import type { LedgerService, ReconciliationBreak } from '../ledger/index.js';
import type { MemberDirectory } from '../member/index.js';
import type { Merchant } from '../system/index.js';
import {
  type AdjustmentRequestRow,
  createAdjustmentRequestRepository,
} from './adjustment-requests.repository.js';
import { actorFields } from './operator-access.js';
import type { Operator } from './repository.js';

/** The system account adjustments are booked against (the operator's side of each). */
export const ADJUSTMENT_ACCOUNT_CODE = 'adjustment';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
/** The ledger code of adjustment transfers and the audit action that records each. */
export const ADJUSTMENT_TRANSFER_CODE = 'adjustment';
export const ADJUSTMENT_AUDIT_ACTION = 'member.adjust-balance';

export interface CompletedAdjustment {
  status: 'completed';
  adjustmentId: string;
  account: string;
  amount: number;
  balanceBefore: number;
  balanceAfter: number;
  currency: string;
}

export interface PendingAdjustment {
  status: 'pending';
  requestId: string;
  account: string;
  amount: number;
  currency: string;
}

export type AdjustmentAnswer = CompletedAdjustment | PendingAdjustment;

/** The audit action of a request that waits for a second operator, and of each decision. */
export const ADJUSTMENT_REQUEST_AUDIT_ACTION = 'member.adjust-balance.request';
export const ADJUSTMENT_REJECT_AUDIT_ACTION = 'member.adjust-balance.reject';

/** The first answer, rebuilt from the audit entry written with it. */
function answerFromEntry(
  entry: AuditRecord,
  fixed: Pick<CompletedAdjustment, 'adjustmentId' | 'account' | 'currency'>,
): CompletedAdjustment {
  const before = entry.before as { availableBalance: number };
  const after = entry.after as { availableBalance: number; amount: number };
  return {
    status: 'completed',
    ...fixed,
    amount: after.amount,
    balanceBefore: before.availableBalance,
    balanceAfter: after.availableBalance,
  };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

export function requestAnswerOf(
  row: AdjustmentRequestRow,
  account: string,
): AdjustmentRequestAnswer {
  return {
    id: row.id.toString(),
    memberId: row.memberId.toString(),
    account,
    amount: minorToAmount(row.amountMinor),
    currency: row.currency,
    reason: row.reason,
    requestedBy: row.requestedBy.toString(),
    requestedByUsername: row.requestedByUsername,
    requestedAtMs: row.createdAt.getTime(),
    status: row.status,
    decidedByUsername: row.decidedByUsername,
    rejectReason: row.rejectReason,
  };
}

export interface AdjustmentRequestAnswer {
  id: string;
  memberId: string;
  account: string;
  amount: number;
  currency: string;
  reason: string;
  requestedBy: string;
  requestedByUsername: string;
  requestedAtMs: number;
  status: 'pending' | 'approved' | 'rejected';
  decidedByUsername: string | null;
  rejectReason: string | null;
}

/**
 * An operator credits or debits a member's cash with a reason: one ledger transfer (code
 * 'adjustment') between the member and the merchant's adjustment account, and its audit entry,
 * in one database transaction. The transfer id is made of the operator and the Idempotency-Key,
 * so a retry replays it and answers what the audit entry recorded the first time; the ledger's
 * conditional update refuses a debit the available balance does not cover (INSUFFICIENT_FUNDS).
 *
 * Above the merchant's limit (`adjustment_settings`, else ADJUSTMENT_SECOND_APPROVAL_ABOVE_MINOR)
 * nothing moves: a pending request is stored with its audit entry, and a different operator
 * approves it (the money moves then, once: the request row is locked and must still be pending,
 * and the transfer id is the request's) or rejects it.
 */
export function createAdjustmentService(deps: {
  ledger: LedgerService;
  directory: MemberDirectory;
  audit: AuditService;
  unitOfWork: UnitOfWork;
  db: Db;
}) {
  const { ledger, directory, audit, unitOfWork } = deps;
  const requests = createAdjustmentRequestRepository(deps.db);

  async function limitMinorOf(merchantCode: string): Promise<bigint> {
    return (
      (await requests.secondApprovalAboveMinor(merchantCode)) ??
      BigInt(ADJUSTMENT_SECOND_APPROVAL_ABOVE_MINOR)
    );
  }

  async function accountsOf(merchant: Merchant, memberId: bigint) {
    const [wallet, adjustment] = await Promise.all([
      ledger.memberAccount({
        merchantCode: merchant.code,
        memberId,
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
    return { wallet, adjustment };
  }

  /**
   * The money step in the caller's transaction: the transfer, its audit entry and its event.
   * Answers the first answer again when the transfer was made before (a replay).
   */
  async function moveWithin(
    executor: Db,
    step: {
      merchant: Merchant;
      member: { id: bigint; username: string };
      operator: Operator;
      amountMinor: bigint;
      transferId: string;
      reference: string;
      reason: string;
      ip: string;
      /** More of the audit entry's `after` (the request and who asked, for an approval). */
      auditAfter?: Record<string, unknown>;
    },
  ): Promise<CompletedAdjustment> {
    const { merchant, member, transferId } = step;
    const { wallet, adjustment } = await accountsOf(merchant, member.id);
    const credit = step.amountMinor > 0n;
    const fixed = {
      adjustmentId: transferId,
      account: member.username,
      currency: merchant.currency,
    };
    const subject = { subjectType: 'member', subjectId: member.id.toString() };
    const { replayed } = await ledger.transferWithin(executor, {
      id: transferId,
      debitAccountId: credit ? adjustment : wallet,
      creditAccountId: credit ? wallet : adjustment,
      amountMinor: credit ? step.amountMinor : -step.amountMinor,
      code: ADJUSTMENT_TRANSFER_CODE,
      reference: step.reference,
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
    const balanceBeforeMinor = replayed ? balanceAfterMinor : balanceAfterMinor - step.amountMinor;
    const result: CompletedAdjustment = {
      status: 'completed',
      ...fixed,
      amount: minorToAmount(step.amountMinor),
      balanceBefore: minorToAmount(balanceBeforeMinor),
      balanceAfter: minorToAmount(balanceAfterMinor),
    };
    await audit.recordWithin(executor, {
      ...actorFields(step.operator, step.ip),
      merchantCode: merchant.code,
      action: ADJUSTMENT_AUDIT_ACTION,
      ...subject,
      before: { availableBalance: result.balanceBefore },
      after: {
        availableBalance: result.balanceAfter,
        amount: result.amount,
        reason: step.reason,
        transferId,
        ...step.auditAfter,
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
            operatorId: step.operator.id.toString(),
            currency: merchant.currency,
            amountMinor: step.amountMinor.toString(),
          },
        },
      ]);
    }
    return result;
  }

  function conflictAsMismatch(error: unknown): never {
    if (error instanceof AppError && error.errorCode === 'IDEMPOTENCY_CONFLICT') {
      throw new AppError('IDEMPOTENCY_KEY_MISMATCH');
    }
    throw error;
  }

  /** Above the limit: the request and its audit entry, once per operator and key. */
  async function requestApproval(input: {
    merchant: Merchant;
    operator: Operator;
    member: { id: bigint; username: string };
    amountMinor: bigint;
    reason: string;
    keyHash: string;
    ip: string;
  }): Promise<PendingAdjustment> {
    const { merchant, operator, member } = input;
    const row = await unitOfWork(async (executor) => {
      const { row: stored, created } = await requests.within(executor).insertOnce({
        merchantCode: merchant.code,
        memberId: member.id,
        amountMinor: input.amountMinor,
        currency: merchant.currency,
        reason: input.reason,
        requestedBy: operator.id,
        requestedByUsername: operator.username,
        requestKey: input.keyHash,
      });
      if (!created) {
        const same =
          stored.memberId === member.id &&
          stored.amountMinor === input.amountMinor &&
          stored.reason === input.reason;
        if (!same) throw new AppError('IDEMPOTENCY_KEY_MISMATCH');
        return stored;
      }
      await audit.recordWithin(executor, {
        ...actorFields(operator, input.ip),
        action: ADJUSTMENT_REQUEST_AUDIT_ACTION,
        subjectType: 'member',
        subjectId: member.id.toString(),
        before: null,
        after: {
          requestId: stored.id.toString(),
          amount: minorToAmount(input.amountMinor),
          reason: input.reason,
          status: 'pending',
        },
      });
      return stored;
    });
    return {
      status: 'pending',
      requestId: row.id.toString(),
      account: member.username,
      amount: minorToAmount(row.amountMinor),
      currency: row.currency,
    };
  }

  /** The request of the operator's merchant, locked, still pending, and not the operator's own. */
  async function decidableWithin(executor: Db, operator: Operator, requestId: bigint) {
    const row = await requests.within(executor).findForUpdate(operator.merchantCode, requestId);
    if (!row) throw new AppError('NOT_FOUND', { field: 'requestId' });
    if (row.status !== 'pending') throw new AppError('ADJUSTMENT_NOT_PENDING');
    if (row.requestedBy === operator.id) throw new AppError('ADJUSTMENT_SAME_OPERATOR');
    return row;
  }

  async function accountNameOf(memberId: bigint): Promise<string> {
    return (await directory.byId(memberId))?.username ?? '';
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
      // The key is hashed into the id so any key fits the ledger's id length.
      const keyHash = sha256(idempotencyKey);
      const magnitude = input.amountMinor < 0n ? -input.amountMinor : input.amountMinor;
      if (magnitude > (await limitMinorOf(merchant.code))) {
        return requestApproval({ ...input, member, keyHash });
      }
      const transferId = `adjustment:${operator.id}:${keyHash}`;
      const answer = await unitOfWork(async (executor) => {
        const result = await moveWithin(executor, {
          merchant,
          member,
          operator,
          amountMinor: input.amountMinor,
          transferId,
          // The reason is part of the reference, so the same key with another reason is a conflict.
          reference: `operator:${operator.username};reason:${sha256(input.reason)}`,
          reason: input.reason,
          ip: input.ip,
        });
        crashPoint('admin.adjust-balance.before-commit');
        return result;
      }).catch(conflictAsMismatch);
      crashPoint('admin.adjust-balance.after-commit');
      return answer;
    },

    /**
     * A second operator approves a pending request: the row is locked, so of two approvals
     * racing, the second finds it approved (ADJUSTMENT_NOT_PENDING); the transfer id is the
     * request's, so even a replayed step cannot move the money twice.
     */
    async approve(input: {
      merchant: Merchant;
      operator: Operator;
      requestId: bigint;
      ip: string;
    }): Promise<AdjustmentRequestAnswer & { balanceAfter: number }> {
      const { merchant, operator } = input;
      return unitOfWork(async (executor) => {
        const row = await decidableWithin(executor, operator, input.requestId);
        const member = await directory.byId(row.memberId);
        if (!member || member.merchantCode !== merchant.code) throw new AppError('NOT_FOUND');
        const transferId = `adjustment-request:${row.id}`;
        const moved = await moveWithin(executor, {
          merchant,
          member,
          operator,
          amountMinor: row.amountMinor,
          transferId,
          reference: `request:${row.id};requested-by:${row.requestedByUsername};approved-by:${operator.username}`,
          reason: row.reason,
          ip: input.ip,
          auditAfter: {
            requestId: row.id.toString(),
            requestedBy: row.requestedByUsername,
            approvedBy: operator.username,
          },
        });
        const decided = await requests.within(executor).decide(row.id, {
          status: 'approved',
          decidedBy: operator.id,
          decidedByUsername: operator.username,
          transferId,
        });
        crashPoint('admin.adjust-balance.before-commit');
        return { ...requestAnswerOf(decided, member.username), balanceAfter: moved.balanceAfter };
      }).catch(conflictAsMismatch);
    },

    /** A second operator rejects a pending request: nothing moves; audited with the reason. */
    async reject(input: {
      operator: Operator;
      requestId: bigint;
      reason: string;
      ip: string;
    }): Promise<AdjustmentRequestAnswer> {
      const { operator } = input;
      const decided = await unitOfWork(async (executor) => {
        const row = await decidableWithin(executor, operator, input.requestId);
        const after = await requests.within(executor).decide(row.id, {
          status: 'rejected',
          decidedBy: operator.id,
          decidedByUsername: operator.username,
          rejectReason: input.reason,
        });
        await audit.recordWithin(executor, {
          ...actorFields(operator, input.ip),
          action: ADJUSTMENT_REJECT_AUDIT_ACTION,
          subjectType: 'member',
          subjectId: row.memberId.toString(),
          before: { requestId: row.id.toString(), status: 'pending' },
          after: { requestId: row.id.toString(), status: 'rejected', reason: input.reason },
        });
        return after;
      });
      return requestAnswerOf(decided, await accountNameOf(decided.memberId));
    },

    /** The merchant's pending requests, oldest first, keyset paged, with the limit. */
    async pending(merchantCode: string, afterId: bigint | undefined, limit: number) {
      const rows = await requests.pending(merchantCode, afterId, limit + 1);
      const page = rows.slice(0, limit);
      const members = await directory.byIds(page.map((row) => row.memberId));
      return {
        list: page.map((row) => requestAnswerOf(row, members.get(row.memberId)?.username ?? '')),
        nextAfterId: rows.length > limit ? (page.at(-1)?.id.toString() ?? null) : null,
        secondApprovalAbove: minorToAmount(await limitMinorOf(merchantCode)),
      };
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
