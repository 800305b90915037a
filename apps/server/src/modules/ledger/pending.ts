import { AppError } from '../../http/app-error.js';
import type { LedgerQueries } from './repository.js';
import type { TransferInput, TransferResult } from './service-interface.js';
import { assertTransferable, moveFunds, sameIdentity } from './transfer-rules.js';
import type { LedgerTransfer } from './types.js';

/**
 * Pending transfers (holds): made, then posted (all or part) or voided, once. Each function
 * runs with the queries of a transaction its caller opened.
 */

export type PendingOutcome = 'completed' | 'voided' | 'expired';

export interface ResolvePendingInput {
  id: string;
  pendingId: string;
  postAmountMinor: bigint | null;
}

/**
 * Inserts the transfer row first: a concurrent request with the same id waits on it and then
 * finds it, so one id is carried out once however many times it arrives.
 */
async function insertOrReplay(
  transactional: LedgerQueries,
  transfer: Omit<LedgerTransfer, 'createdAt'>,
): Promise<TransferResult | undefined> {
  if (await transactional.insertTransfer(transfer)) return undefined;
  const existing = await transactional.findTransfer(transfer.id);
  if (!existing) throw new Error(`transfer ${transfer.id} vanished`);
  if (!sameIdentity(existing, transfer)) throw new AppError('IDEMPOTENCY_CONFLICT');
  return { transfer: existing, replayed: true };
}

/** Posts or voids a pending transfer with the queries of an open transaction. */
export async function resolvePendingWith(
  transactional: LedgerQueries,
  input: ResolvePendingInput,
  outcome: PendingOutcome,
): Promise<TransferResult> {
  const pending = await transactional.findTransfer(input.pendingId, { lock: true });
  if (pending?.kind !== 'pending') throw new AppError('NOT_FOUND');
  const amountMinor = input.postAmountMinor ?? pending.amountMinor;
  if (amountMinor <= 0n || amountMinor > pending.amountMinor) {
    throw new AppError('VALIDATION_FAILED', { field: 'amountMinor' });
  }
  const record = {
    id: input.id,
    merchantCode: pending.merchantCode,
    debitAccountId: pending.debitAccountId,
    creditAccountId: pending.creditAccountId,
    amountMinor,
    code: pending.code,
    reference: pending.reference,
    kind: outcome === 'completed' ? ('post_pending' as const) : ('void_pending' as const),
    status: 'posted' as const,
    pendingId: pending.id,
    postedAmountMinor: null,
    expiresAt: null,
  };
  if (pending.status !== 'pending') {
    const existing = await transactional.findTransfer(input.id);
    if (existing && sameIdentity(existing, record)) return { transfer: existing, replayed: true };
    throw new AppError('TRANSFER_NOT_PENDING');
  }
  const replay = await insertOrReplay(transactional, record);
  if (replay) return replay;
  if (!(await transactional.moveHold(pending.debitAccountId, -pending.amountMinor))) {
    throw new Error(`hold of ${pending.id} is larger than its account's held amount`);
  }
  const posted = outcome === 'completed' ? amountMinor : 0n;
  if (posted > 0n) {
    await moveFunds(
      transactional,
      { id: input.id, merchantCode: pending.merchantCode },
      pending.debitAccountId,
      pending.creditAccountId,
      posted,
    );
  }
  await transactional.resolvePending(pending.id, outcome, posted);
  const transfer = await transactional.findTransfer(input.id);
  if (!transfer) throw new Error(`transfer ${input.id} vanished`);
  return { transfer, replayed: false };
}

/** Holds funds with a pending transfer, with the queries of an open transaction. */
export async function holdWith(
  transactional: LedgerQueries,
  input: TransferInput & { pending: { expiresAt?: Date } },
): Promise<TransferResult> {
  const accounts = await transactional.findAccounts([input.debitAccountId, input.creditAccountId]);
  const { debit } = assertTransferable(accounts, input.debitAccountId, input.creditAccountId);
  const replay = await insertOrReplay(transactional, {
    id: input.id,
    merchantCode: debit.merchantCode,
    debitAccountId: input.debitAccountId,
    creditAccountId: input.creditAccountId,
    amountMinor: input.amountMinor,
    code: input.code,
    reference: input.reference ?? '',
    kind: 'pending',
    status: 'pending',
    pendingId: null,
    postedAmountMinor: null,
    expiresAt: input.pending.expiresAt ?? null,
  });
  if (replay) return replay;
  if (!(await transactional.moveHold(input.debitAccountId, input.amountMinor))) {
    throw new AppError('INSUFFICIENT_FUNDS');
  }
  const transfer = await transactional.findTransfer(input.id);
  if (!transfer) throw new Error(`transfer ${input.id} vanished`);
  return { transfer, replayed: false };
}
