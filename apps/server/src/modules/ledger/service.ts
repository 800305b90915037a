import { createHash } from 'node:crypto';
import { MAIN_WALLET } from '@app/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import {
  holdWith,
  type PendingOutcome,
  type ResolvePendingInput,
  resolvePendingWith,
} from './pending.js';
import {
  createTransferBatcher,
  postBatchWithin,
  postSetWithin,
  postSingle,
  postSingleWithin,
} from './posting.js';
import { createReconciliationStatusRepository } from './reconciliation.repository.js';
import { createLedgerRepository, type LedgerRepository } from './repository.js';
import type {
  BreakCheck,
  LedgerService,
  TransferInput,
  TransferResult,
} from './service-interface.js';
import { checkInput, EXPIRY_BATCH_LIMIT, HOUSE_ACCOUNT_SHARDS } from './transfer-rules.js';
import type { LedgerAsset, ReconciliationBreak } from './types.js';

export {
  EXPIRY_BATCH_LIMIT,
  HOUSE_ACCOUNT_SHARDS,
  TRANSFER_BATCH_MAX_SIZE,
  TRANSFER_BATCHES_IN_FLIGHT,
  TRANSFER_ID_MAX_LENGTH,
  TRANSFER_QUEUE_MAX,
  TRANSFER_REFERENCE_MAX_LENGTH,
  TRANSFER_SET_MAX_SIZE,
} from './transfer-rules.js';

/** The house account row of a key (the member): one of HOUSE_ACCOUNT_SHARDS, stable per key. */
function shardOf(shardKey: string | undefined): number {
  if (shardKey === undefined) return 0;
  return createHash('sha256').update(shardKey).digest().readUInt16BE(0) % HOUSE_ACCOUNT_SHARDS;
}

function transfer(
  repository: LedgerRepository,
  postBatched: ReturnType<typeof createTransferBatcher>,
  input: TransferInput,
): Promise<TransferResult> {
  checkInput(input);
  const pending = input.pending;
  if (!pending) return postSingle(repository, postBatched, input);
  return repository.transaction((transactional) => holdWith(transactional, { ...input, pending }));
}

function resolvePending(
  repository: LedgerRepository,
  input: ResolvePendingInput,
  outcome: PendingOutcome,
): Promise<TransferResult> {
  return repository.transaction((transactional) =>
    resolvePendingWith(transactional, input, outcome),
  );
}

/** Voids pending transfers past their expiry; answers how many. Safe to run anywhere, any time. */
async function expirePending(repository: LedgerRepository, now: Date): Promise<number> {
  const ids = await repository.expiredPendingIds(now, EXPIRY_BATCH_LIMIT);
  let expired = 0;
  for (const pendingId of ids) {
    try {
      await resolvePending(
        repository,
        { id: `expire:${pendingId}`, pendingId, postAmountMinor: null },
        'expired',
      );
      expired += 1;
    } catch (error) {
      // Posted or voided meanwhile by someone else: nothing left to expire.
      if (!(error instanceof AppError && error.errorCode === 'TRANSFER_NOT_PENDING')) throw error;
    }
  }
  return expired;
}

/** The system account of each shard key: one lookup per shard used, not per key. */
async function systemAccountsByShardKey(
  repository: LedgerRepository,
  input: {
    merchantCode: string;
    code: string;
    asset: LedgerAsset;
    currency: string;
    shardKeys: readonly string[];
  },
): Promise<Map<string, bigint>> {
  const { shardKeys, ...account } = input;
  const byShard = new Map<number, bigint>();
  const answer = new Map<string, bigint>();
  for (const shardKey of shardKeys) {
    const shard = shardOf(shardKey);
    let id = byShard.get(shard);
    if (id === undefined) {
      id = await repository.ensureSystemAccount({ ...account, shard });
      byShard.set(shard, id);
    }
    answer.set(shardKey, id);
  }
  return answer;
}

/** An account's available balance (posted less held), read in the caller's transaction. */
async function availableWithin(
  repository: LedgerRepository,
  executor: Db,
  accountId: bigint,
): Promise<bigint> {
  const [account] = await repository.within(executor).findAccounts([accountId]);
  if (!account) throw new Error(`ledger account ${accountId} missing`);
  return account.balanceMinor - account.heldMinor;
}

/**
 * The ledger service on its own repository over `db` (docs/architecture.md, the ledger). Each
 * line is one call of `LedgerService`, which documents it; posting.ts holds posted transfers,
 * pending.ts holds, transfer-rules.ts the limits and checks they share.
 */
export function createLedgerService(db: Db): LedgerService {
  const repository = createLedgerRepository(db);
  const postBatched = createTransferBatcher(repository);
  const breakChecks: BreakCheck[] = [];
  const reconciliationStatus = createReconciliationStatusRepository(db);

  return {
    memberAccount: (input) =>
      repository.ensureMemberAccount({ ...input, wallet: input.wallet ?? MAIN_WALLET }),
    systemAccount: (input) =>
      repository.ensureSystemAccount({ ...input, shard: shardOf(input.shardKey) }),
    memberAccounts: (input) =>
      repository.ensureMemberAccounts({ ...input, wallet: input.wallet ?? MAIN_WALLET }),
    systemAccountsByShardKey: (input) => systemAccountsByShardKey(repository, input),
    transfer: (input) => transfer(repository, postBatched, input),
    transferWithin: (executor, input) => postSingleWithin(repository, executor, input),
    transferBatchWithin: (executor, inputs) => postBatchWithin(repository, executor, inputs),
    transferSetWithin: (executor, inputs) => postSetWithin(repository, executor, inputs),
    availableWithin: (executor, accountId) => availableWithin(repository, executor, accountId),
    holdWithin: (executor, input) => {
      checkInput(input);
      return holdWith(repository.within(executor), { ...input, pending: input.pending ?? {} });
    },
    postPendingWithin: (executor, input) =>
      resolvePendingWith(
        repository.within(executor),
        { id: input.id, pendingId: input.pendingId, postAmountMinor: input.amountMinor ?? null },
        'completed',
      ),
    voidPendingWithin: (executor, input) =>
      resolvePendingWith(
        repository.within(executor),
        { ...input, postAmountMinor: null },
        'voided',
      ),
    postPending: (input) =>
      resolvePending(
        repository,
        { id: input.id, pendingId: input.pendingId, postAmountMinor: input.amountMinor ?? null },
        'completed',
      ),
    voidPending: (input) =>
      resolvePending(repository, { ...input, postAmountMinor: null }, 'voided'),
    expirePending: (now = new Date()) => expirePending(repository, now),
    memberEntries: (query) => repository.memberEntries(query),
    memberAvailableBalances: (memberId) => repository.memberAvailableByAccount(memberId),
    membersMainCashAvailable: (memberIds) => repository.membersMainCashAvailable(memberIds),
    findAccounts: (ids) => repository.findAccounts(ids),
    transferAmounts: (ids) => repository.transferAmounts(ids),
    findTransfer: (id) => repository.findTransfer(id),
    turnoverSinceLastDeposit: (accountId) => repository.turnoverSinceLastDeposit(accountId),
    // The wiring (services.ts) registers other modules' checks, so the ledger depends on none.
    addBreakCheck: (check) => {
      breakChecks.push(check);
    },
    reconcile: async (): Promise<ReconciliationBreak[]> => {
      const breaks: ReconciliationBreak[] = await repository.findBreaks();
      for (const check of breakChecks) breaks.push(...(await check()));
      return breaks;
    },
    recordReconciliation: (status) => reconciliationStatus.save(status),
    lastReconciliation: () => reconciliationStatus.find(),
  };
}
