import { createHash } from 'node:crypto';
import { MAIN_WALLET } from '@app/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { createBatcher } from './batcher.js';
import { createLedgerRepository, type LedgerQueries, type LedgerRepository } from './repository.js';
import type {
  BreakCheck,
  LedgerService,
  TransferInput,
  TransferResult,
} from './service-interface.js';
import type {
  LedgerAccount,
  LedgerEntry,
  LedgerTransfer,
  MemberEntriesQuery,
  ReconciliationBreak,
  TransferIdentity,
} from './types.js';

/**
 * House accounts are split into this many rows, picked by a key (the member), so that
 * concurrent bets do not all wait on one row lock.
 */
export const HOUSE_ACCOUNT_SHARDS = 16;
/** Pending transfers voided per run of the expiry sweep. */
export const EXPIRY_BATCH_LIMIT = 500;
export const TRANSFER_ID_MAX_LENGTH = 200;
export const TRANSFER_REFERENCE_MAX_LENGTH = 200;
/** Most posted transfers sent to the database in one statement (see batcher.ts). */
export const TRANSFER_BATCH_MAX_SIZE = 128;
/** Batches in flight at once per process. */
export const TRANSFER_BATCHES_IN_FLIGHT = 2;
/**
 * Posted transfers waiting for a batch per process; beyond this the database is not keeping
 * up, and a caller is better told at once (503) than left waiting behind thousands of others.
 */
export const TRANSFER_QUEUE_MAX = 10_000;
/** A batch the database broke off as a deadlock (two batches each repeating the other's id) is retried this often. */
const BATCH_DEADLOCK_RETRIES = 2;
const DEADLOCK_DETECTED = '40P01';

function sameIdentity(existing: LedgerTransfer, requested: TransferIdentity): boolean {
  return (
    existing.debitAccountId === requested.debitAccountId &&
    existing.creditAccountId === requested.creditAccountId &&
    existing.amountMinor === requested.amountMinor &&
    existing.code === requested.code &&
    existing.reference === requested.reference &&
    existing.kind === requested.kind &&
    existing.pendingId === requested.pendingId
  );
}

function assertTransferable(accounts: LedgerAccount[], debitId: bigint, creditId: bigint) {
  const debit = accounts.find((account) => account.id === debitId);
  const credit = accounts.find((account) => account.id === creditId);
  if (!debit || !credit) throw new Error(`ledger account missing: ${debitId} or ${creditId}`);
  if (
    debit.merchantCode !== credit.merchantCode ||
    debit.asset !== credit.asset ||
    debit.currency !== credit.currency
  ) {
    throw new Error(
      `ledger accounts ${debitId} and ${creditId} differ in merchant, asset or currency`,
    );
  }
  return { debit, credit };
}

function checkInput(input: TransferInput) {
  if (input.amountMinor <= 0n)
    throw new Error(`transfer amount must be positive: ${input.amountMinor}`);
  if (input.debitAccountId === input.creditAccountId)
    throw new Error('transfer to the same account');
  if (input.id.length === 0 || input.id.length > TRANSFER_ID_MAX_LENGTH) {
    throw new Error(`transfer id length out of bounds: ${input.id.length}`);
  }
  if ((input.reference ?? '').length > TRANSFER_REFERENCE_MAX_LENGTH) {
    throw new Error('transfer reference too long');
  }
}

/**
 * Moves `amountMinor` from debit to credit, touching the two rows in id order so that two
 * transfers between the same accounts can never deadlock. Throws INSUFFICIENT_FUNDS (and the
 * surrounding transaction rolls back) when a member account cannot cover it.
 */
async function moveFunds(
  repository: LedgerQueries,
  transferId: string,
  debitAccountId: bigint,
  creditAccountId: bigint,
  amountMinor: bigint,
): Promise<void> {
  const movements = [
    { accountId: debitAccountId, amountMinor: -amountMinor },
    { accountId: creditAccountId, amountMinor },
  ].sort((a, b) => (a.accountId < b.accountId ? -1 : 1));
  const entries: LedgerEntry[] = [];
  for (const movement of movements) {
    const balanceAfterMinor = await repository.moveBalance(
      movement.accountId,
      movement.amountMinor,
    );
    if (balanceAfterMinor === undefined) throw new AppError('INSUFFICIENT_FUNDS');
    entries.push({ transferId, ...movement, balanceAfterMinor });
  }
  await repository.insertEntries(entries);
}

/** The ledger service on its own repository over `db`. */
export function createLedgerService(db: Db): LedgerService {
  const repository = createLedgerRepository(db);
  const postBatched = createBatcher({
    maxBatchSize: TRANSFER_BATCH_MAX_SIZE,
    maxInFlight: TRANSFER_BATCHES_IN_FLIGHT,
    maxQueued: TRANSFER_QUEUE_MAX,
    overflowError: () => new AppError('SERVICE_UNAVAILABLE'),
    run: async (items: Parameters<LedgerRepository['postTransferBatch']>[0][number][]) => {
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await repository.postTransferBatch(items);
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code !== DEADLOCK_DETECTED || attempt >= BATCH_DEADLOCK_RETRIES) throw error;
        }
      }
    },
  });

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
  async function resolvePendingWith(
    transactional: LedgerQueries,
    input: { id: string; pendingId: string; postAmountMinor: bigint | null },
    outcome: 'completed' | 'voided' | 'expired',
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
        input.id,
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

  function resolvePending(
    input: { id: string; pendingId: string; postAmountMinor: bigint | null },
    outcome: 'completed' | 'voided' | 'expired',
  ): Promise<TransferResult> {
    return repository.transaction((transactional) =>
      resolvePendingWith(transactional, input, outcome),
    );
  }

  /** Holds funds with a pending transfer, with the queries of an open transaction. */
  async function holdWith(
    transactional: LedgerQueries,
    input: TransferInput & { pending: { expiresAt?: Date } },
  ): Promise<TransferResult> {
    const accounts = await transactional.findAccounts([
      input.debitAccountId,
      input.creditAccountId,
    ]);
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

  const breakChecks: BreakCheck[] = [];

  return {
    // Parameter types come from LedgerService, which documents each method.
    memberAccount(input) {
      return repository.ensureMemberAccount({ ...input, wallet: input.wallet ?? MAIN_WALLET });
    },

    systemAccount(input) {
      const shard =
        input.shardKey === undefined
          ? 0
          : createHash('sha256').update(input.shardKey).digest().readUInt16BE(0) %
            HOUSE_ACCOUNT_SHARDS;
      return repository.ensureSystemAccount({ ...input, shard });
    },

    async transfer(input: TransferInput): Promise<TransferResult> {
      checkInput(input);
      const reference = input.reference ?? '';
      if (!input.pending) {
        // The hot path (bets, wins): batched with whatever else is arriving, one round trip.
        const outcome = await postBatched({
          id: input.id,
          debitAccountId: input.debitAccountId,
          creditAccountId: input.creditAccountId,
          amountMinor: input.amountMinor,
          code: input.code,
          reference,
        });
        if (outcome.outcome === 'insufficient') throw new AppError('INSUFFICIENT_FUNDS');
        if (outcome.outcome === 'invalid') {
          throw new Error(`ledger transfer ${input.id}: accounts do not match`);
        }
        if (outcome.outcome === 'posted') {
          const transfer: LedgerTransfer = {
            id: input.id,
            merchantCode: outcome.merchantCode,
            debitAccountId: input.debitAccountId,
            creditAccountId: input.creditAccountId,
            amountMinor: input.amountMinor,
            code: input.code,
            reference,
            kind: 'single',
            status: 'posted',
            pendingId: null,
            postedAmountMinor: null,
            expiresAt: null,
            createdAt: outcome.createdAt,
          };
          return { transfer, replayed: false };
        }
        const existing = await repository.findTransfer(input.id);
        if (!existing) throw new Error(`transfer ${input.id} vanished`);
        if (!sameIdentity(existing, { ...input, reference, kind: 'single', pendingId: null })) {
          throw new AppError('IDEMPOTENCY_CONFLICT');
        }
        return { transfer: existing, replayed: true };
      }
      const pending = input.pending;
      return repository.transaction((transactional) =>
        holdWith(transactional, { ...input, pending }),
      );
    },

    /**
     * A posted transfer carried out in a database transaction the caller opened (`executor`),
     * for a module whose own rows must commit or roll back with the money (game rounds). Same
     * idempotency as `transfer`; INSUFFICIENT_FUNDS leaves the caller's transaction usable.
     */
    async transferWithin(
      executor: Db,
      input: Omit<TransferInput, 'pending'>,
    ): Promise<TransferResult> {
      checkInput(input);
      const reference = input.reference ?? '';
      const queries = repository.within(executor);
      const outcome = await queries.postSingleTransferInTransaction({ ...input, reference });
      if (outcome === 'insufficient') throw new AppError('INSUFFICIENT_FUNDS');
      const transfer = await queries.findTransfer(input.id);
      if (!transfer) throw new Error(`transfer ${input.id} vanished`);
      if (outcome !== 'exists') return { transfer, replayed: false };
      if (!sameIdentity(transfer, { ...input, reference, kind: 'single', pendingId: null })) {
        throw new AppError('IDEMPOTENCY_CONFLICT');
      }
      return { transfer, replayed: true };
    },

    /**
     * Many posted transfers in the caller's transaction, in one statement (accounts locked in
     * id order): settlement batches. Each id is idempotent as in `transfer`; a member account
     * that cannot cover its part throws INSUFFICIENT_FUNDS (the caller's transaction rolls back).
     * Answers, per input, whether it was replayed.
     */
    async transferBatchWithin(
      executor: Db,
      inputs: readonly Omit<TransferInput, 'pending'>[],
    ): Promise<boolean[]> {
      if (inputs.length === 0) return [];
      for (const input of inputs) checkInput(input);
      const rows = inputs.map((input) => ({ ...input, reference: input.reference ?? '' }));
      const queries = repository.within(executor);
      const outcomes = await queries.postTransferBatch(rows);
      const replayed: boolean[] = [];
      for (const [index, outcome] of outcomes.entries()) {
        const row = rows[index] as (typeof rows)[number];
        if (outcome.outcome === 'insufficient') throw new AppError('INSUFFICIENT_FUNDS');
        if (outcome.outcome === 'invalid') {
          throw new Error(`ledger transfer ${row.id}: accounts do not match`);
        }
        if (outcome.outcome === 'exists') {
          const existing = await queries.findTransfer(row.id);
          if (!existing || !sameIdentity(existing, { ...row, kind: 'single', pendingId: null })) {
            throw new AppError('IDEMPOTENCY_CONFLICT');
          }
        }
        replayed.push(outcome.outcome === 'exists');
      }
      return replayed;
    },

    /** An account's available balance (posted less held), read in the caller's transaction. */
    async availableWithin(executor: Db, accountId: bigint): Promise<bigint> {
      const [account] = await repository.within(executor).findAccounts([accountId]);
      if (!account) throw new Error(`ledger account ${accountId} missing`);
      return account.balanceMinor - account.heldMinor;
    },

    /**
     * A pending transfer (a hold) made in a database transaction the caller opened, so that the
     * caller's rows commit or roll back with the hold. Same idempotency as `transfer`. A refusal
     * (INSUFFICIENT_FUNDS, IDEMPOTENCY_CONFLICT) throws and the caller must roll back.
     */
    holdWithin(
      executor: Db,
      input: Omit<TransferInput, 'pending'> & { pending?: { expiresAt?: Date } },
    ): Promise<TransferResult> {
      checkInput(input);
      return holdWith(repository.within(executor), { ...input, pending: input.pending ?? {} });
    },

    /** `postPending` in a database transaction the caller opened (see `holdWithin`). */
    postPendingWithin(
      executor: Db,
      input: { id: string; pendingId: string; amountMinor?: bigint },
    ): Promise<TransferResult> {
      return resolvePendingWith(
        repository.within(executor),
        { id: input.id, pendingId: input.pendingId, postAmountMinor: input.amountMinor ?? null },
        'completed',
      );
    },

    /** `voidPending` in a database transaction the caller opened (see `holdWithin`). */
    voidPendingWithin(executor: Db, input: { id: string; pendingId: string }) {
      return resolvePendingWith(
        repository.within(executor),
        { ...input, postAmountMinor: null },
        'voided',
      );
    },

    /** Posts a pending transfer, all of it or `amountMinor` of it; the rest of the hold is released. */
    postPending(input: { id: string; pendingId: string; amountMinor?: bigint }) {
      return resolvePending(
        { id: input.id, pendingId: input.pendingId, postAmountMinor: input.amountMinor ?? null },
        'completed',
      );
    },

    /** Releases a pending transfer's hold; nothing moves. */
    voidPending(input: { id: string; pendingId: string }) {
      return resolvePending({ ...input, postAmountMinor: null }, 'voided');
    },

    /** Voids pending transfers past their expiry; answers how many. Safe to run anywhere, any time. */
    async expirePending(now: Date = new Date()): Promise<number> {
      const ids = await repository.expiredPendingIds(now, EXPIRY_BATCH_LIMIT);
      let expired = 0;
      for (const pendingId of ids) {
        try {
          await resolvePending(
            { id: `expire:${pendingId}`, pendingId, postAmountMinor: null },
            'expired',
          );
          expired += 1;
        } catch (error) {
          // Posted or voided meanwhile by someone else: nothing left to expire.
          if (!(error instanceof AppError && error.errorCode === 'TRANSFER_NOT_PENDING'))
            throw error;
        }
      }
      return expired;
    },

    /** A page of a member's entries (statement), newest first, with the filtered count. */
    memberEntries(query: MemberEntriesQuery) {
      return repository.memberEntries(query);
    },

    /** Each account of a member with what is available in it (posted less held). */
    memberAvailableBalances(memberId: bigint) {
      return repository.memberAvailableByAccount(memberId);
    },

    findAccounts(ids: readonly bigint[]) {
      return repository.findAccounts(ids);
    },

    transferAmounts(ids: readonly string[]) {
      return repository.transferAmounts(ids);
    },

    findTransfer(id: string) {
      return repository.findTransfer(id);
    },

    /** The last deposit into an account and the valid bets since (the withdrawal turnover). */
    turnoverSinceLastDeposit(accountId: bigint) {
      return repository.turnoverSinceLastDeposit(accountId);
    },

    /**
     * Adds a check of another module's side of the money (a withdrawal has its hold, an
     * adjustment its audit entry) to `reconcile`; the wiring (services.ts) registers them, so
     * the ledger itself depends on no business module.
     */
    addBreakCheck(check: BreakCheck): void {
      breakChecks.push(check);
    },

    /** Every broken invariant, the ledger's and the registered checks'; the job expects none. */
    async reconcile(): Promise<ReconciliationBreak[]> {
      const breaks: ReconciliationBreak[] = await repository.findBreaks();
      for (const check of breakChecks) breaks.push(...(await check()));
      return breaks;
    },
  };
}
