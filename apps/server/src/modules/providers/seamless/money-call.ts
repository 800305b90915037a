import { createHash } from 'node:crypto';
import {
  type ErrorCode,
  errorStatusByCode,
  type SeamlessAction,
  type SeamlessValue,
} from '@app/contract';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../http/app-error.js';
import { type CrashPointName, crashPoint } from '../../../safety/crash-points.js';
import type {
  GameSession,
  SeamlessQueries,
  StoredAnswer,
  WalletTransaction,
} from './repository.js';
import { checkLive, type WalletParts, wireMinor } from './wallet-parts.js';

export type MoneyAction = Extract<SeamlessAction, 'bet' | 'win' | 'rollback'>;

/** Refusals a provider gets as the transaction's first answer (stored, replayed to repeats). */
const STORED_REFUSALS = new Set<ErrorCode>([
  'SEAMLESS_INSUFFICIENT_FUNDS',
  'SEAMLESS_ROUND_CLOSED',
  'SEAMLESS_ROUND_NOT_FOUND',
  'SEAMLESS_BET_ROLLED_BACK',
  'SEAMLESS_ROLLBACK_INVALID',
  'SEAMLESS_BALANCE_LIMIT',
  'SEAMLESS_STAKE_OUT_OF_ROOM',
]);

function fingerprintOf(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export function refusal(errorCode: ErrorCode): StoredAnswer {
  return { ok: false, status: errorStatusByCode[errorCode], errorCode };
}

function answerOrThrow<T>(answer: StoredAnswer): T {
  if (answer.ok) return answer.value as T;
  throw new AppError(answer.errorCode as ErrorCode);
}

/** Replays the first answer of an id, or refuses a repeat whose fields differ. */
function replayOf(existing: WalletTransaction | undefined, kind: MoneyAction, fingerprint: string) {
  if (!existing?.answer) throw new AppError('SERVICE_UNAVAILABLE');
  if (existing.kind === 'marker') {
    // A rollback came first for this id: the late bet is refused, anything else conflicts.
    return refusal(kind === 'bet' ? 'SEAMLESS_BET_ROLLED_BACK' : 'SEAMLESS_TX_CONFLICT');
  }
  if (existing.kind !== kind || existing.fingerprint !== fingerprint) {
    return refusal('SEAMLESS_TX_CONFLICT');
  }
  return existing.answer;
}

/** The provider's transaction a money call claims: its id, its round and what it moves. */
export interface MoneyClaim<A extends MoneyAction> {
  kind: A;
  transactionId: string;
  roundRef: string;
  refTransactionId: string | null;
  amountMinor: bigint;
  fingerprintParts: unknown[];
}

/** What a call's work moved: the balance to answer and the ledger transfer (if money moved). */
export interface MoneyWork {
  balanceMinor: bigint;
  ledgerTransferId: string | null;
}

/**
 * One money call: claims the transaction id, carries `work` out under a savepoint and stores
 * its answer (or its refusal) with the money, in one database transaction.
 */
export async function moneyCall<A extends MoneyAction>(
  parts: WalletParts,
  vassalage: string,
  session: GameSession,
  options: { live: boolean },
  claim: MoneyClaim<A>,
  work: (queries: SeamlessQueries, executor: Db) => Promise<MoneyWork>,
): Promise<SeamlessValue<A>> {
  const fingerprint = fingerprintOf([
    claim.kind,
    session.memberId.toString(),
    ...claim.fingerprintParts,
  ]);
  const answer = await parts.repository.transaction(async (queries, executor) => {
    if (options.live) await checkLive(parts, queries, session);
    const claimed = await queries.claimTransaction({
      vassalage,
      transactionId: claim.transactionId,
      kind: claim.kind,
      merchantCode: session.merchantCode,
      memberId: session.memberId,
      roundRef: claim.roundRef,
      refTransactionId: claim.refTransactionId,
      amountMinor: claim.amountMinor,
      fingerprint,
    });
    if (!claimed) {
      return replayOf(
        await queries.findTransaction(vassalage, claim.transactionId),
        claim.kind,
        fingerprint,
      );
    }
    let stored: StoredAnswer;
    let ledgerTransferId: string | null = null;
    try {
      // The answer is made inside the savepoint: one the protocol cannot carry undoes the work.
      const done = await queries.attempt(async () => {
        const worked = await work(queries, executor);
        return { ...worked, balanceMinor: wireMinor(worked.balanceMinor) };
      });
      ledgerTransferId = done.ledgerTransferId;
      stored = {
        ok: true,
        value: { balanceMinor: done.balanceMinor, transactionId: claim.transactionId },
      };
    } catch (error) {
      if (!(error instanceof AppError && STORED_REFUSALS.has(error.errorCode))) throw error;
      stored = refusal(error.errorCode);
    }
    await queries.saveAnswer(vassalage, claim.transactionId, stored, ledgerTransferId);
    crashPoint(`seamless.${claim.kind}.before-commit` as CrashPointName);
    return stored;
  });
  crashPoint(`seamless.${claim.kind}.after-commit` as CrashPointName);
  return answerOrThrow(answer);
}
