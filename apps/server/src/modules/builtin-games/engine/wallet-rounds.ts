import { BUILTIN_VASSALAGE, type ErrorCode } from '@app/contract';
import type { BuiltinRoundRow } from '../repository.js';
import {
  betTransactionId,
  isAppError,
  REFUSED_ROUND_CLEARED,
  rollbackTransactionId,
  walletDetailOf,
  walletRoundId,
  winTransactionId,
} from '../round-helpers.js';
import type { Engine } from './engine.js';

/**
 * Rounds stored before the round transaction paid through the seamless wallet in-process, in
 * steps (bet, then win). A crash could leave one half way: these functions finish it the old way.
 * New rounds never come here.
 */

/** A round as far as the wallet took it, and the balance the wallet answered (if it did). */
export interface DrivenRound {
  round: BuiltinRoundRow;
  balanceMinor: bigint | null;
}

async function walletSessionOf(engine: Engine, round: BuiltinRoundRow): Promise<string> {
  const session = await engine.repository.findSession(round.sessionTokenHash);
  if (!session) throw new Error(`builtin round ${round.id} lost its session`);
  return session.walletSessionId;
}

async function reload(engine: Engine, round: BuiltinRoundRow): Promise<BuiltinRoundRow> {
  const fresh = await engine.repository.findRound(round.id);
  if (!fresh) throw new Error(`builtin round ${round.id} vanished`);
  return fresh;
}

/**
 * Cancels a round whose bet did not (or may not have) land: a rollback makes sure. What the
 * round would have shown goes with it (outcome, view, state, payout): a refused bet was never
 * played, so it keeps only the marker that makes a retry answer the same refusal.
 */
async function cancel(
  engine: Engine,
  round: BuiltinRoundRow,
  errorCode: ErrorCode,
  rollback: boolean,
): Promise<void> {
  if (rollback) {
    await engine.wallet.rollback(BUILTIN_VASSALAGE, {
      sessionId: await walletSessionOf(engine, round),
      transactionId: rollbackTransactionId(round),
      refTransactionId: betTransactionId(round),
      roundId: walletRoundId(round),
    });
  }
  await engine.repository.updateRound(
    round.id,
    { status: 'cancelled', errorCode, ...REFUSED_ROUND_CLEARED },
    'pending',
  );
}

/** The bet of a pending round; a refusal cancels the round (rolled back where it may have landed). */
async function placeBet(engine: Engine, round: BuiltinRoundRow): Promise<DrivenRound> {
  let balanceMinor: bigint;
  try {
    const answer = await engine.wallet.bet(BUILTIN_VASSALAGE, {
      sessionId: await walletSessionOf(engine, round),
      transactionId: betTransactionId(round),
      roundId: walletRoundId(round),
      amountMinor: Number(round.stakeMinor),
      gameCode: round.gameCode,
      detail: { params: round.params },
    });
    balanceMinor = BigInt(answer.balanceMinor);
  } catch (error) {
    if (isAppError(error, 'SEAMLESS_INSUFFICIENT_FUNDS')) {
      // A stored refusal: nothing moved, and a retry of the bet is refused the same way.
      await cancel(engine, round, 'BUILTIN_INSUFFICIENT_FUNDS', false);
    } else if (isAppError(error)) {
      // An idle session is refused before the wallet looks at the id: the bet may have
      // landed on an earlier try, so it is rolled back (a no-op marker if it never came).
      await cancel(
        engine,
        round,
        error.errorCode === 'SEAMLESS_SESSION_INVALID'
          ? 'BUILTIN_SESSION_INVALID'
          : 'BUILTIN_GAME_UNAVAILABLE',
        true,
      );
    } else {
      throw error;
    }
    return { round: await reload(engine, round), balanceMinor: null };
  }
  const finished = round.kind === 'instant';
  await engine.repository.updateRound(
    round.id,
    { status: finished ? 'paying' : 'open' },
    'pending',
  );
  return { round: await reload(engine, round), balanceMinor };
}

/** The win of a paying round; a bet rolled back meanwhile ends the round with nothing more paid. */
async function payWin(
  engine: Engine,
  round: BuiltinRoundRow,
  options: { byJob: boolean },
): Promise<DrivenRound> {
  let balanceMinor: bigint;
  try {
    const answer = await engine.wallet.win(BUILTIN_VASSALAGE, {
      sessionId: await walletSessionOf(engine, round),
      transactionId: winTransactionId(round),
      roundId: walletRoundId(round),
      amountMinor: Number(round.payoutMinor),
      roundClosed: true,
      detail: walletDetailOf(round),
    });
    balanceMinor = BigInt(answer.balanceMinor);
  } catch (error) {
    if (!isAppError(error, 'SEAMLESS_BET_ROLLED_BACK')) throw error;
    // The stake was refunded: the round pays nothing more.
    await engine.repository.updateRound(
      round.id,
      { status: 'cancelled', errorCode: 'BUILTIN_ROUND_FINISHED' },
      'paying',
    );
    return { round: await reload(engine, round), balanceMinor: null };
  }
  await engine.repository.updateRound(
    round.id,
    { status: 'settled', settledAt: new Date(engine.now()), resumePending: options.byJob },
    'paying',
  );
  return { round: await reload(engine, round), balanceMinor };
}

/**
 * Drives a round through the wallet as far as it goes: the bet of a pending round, the win
 * of a paying one. Bet and win are idempotent on their transaction ids, so a request and the
 * job (or two retries) may both drive a round: the money moves once.
 */
export async function driveThroughWallet(
  engine: Engine,
  round: BuiltinRoundRow,
  options: { byJob: boolean },
): Promise<DrivenRound> {
  let driven: DrivenRound = { round, balanceMinor: null };
  if (driven.round.status === 'pending') {
    driven = await placeBet(engine, driven.round);
    if (driven.round.status === 'cancelled') return driven;
  }
  if (driven.round.status === 'paying') return payWin(engine, driven.round, options);
  return driven;
}

/** Whether a round is half way through the wallet (only rounds from before the round transaction). */
export function isHalfWay(round: BuiltinRoundRow): boolean {
  return round.status === 'pending' || round.status === 'paying';
}
