import type { SeamlessBody, SeamlessValue } from '@app/contract';
import type { Db } from '../../../../db/database.js';
import { AppError } from '../../../../http/app-error.js';
import { type MoneyWork, moneyCall, refusal } from '../money-call.js';
import type { GameSession, SeamlessQueries } from '../repository.js';
import {
  accountsOf,
  appendMoneyEvent,
  balanceAfterCredit,
  ledgerId,
  parsed,
  sessionOf,
  type WalletParts,
} from '../wallet-parts.js';

/** Ledger code of a stake given back. */
export const GAME_REFUND_CODE = 'refund';

interface RollbackStep {
  parts: WalletParts;
  vassalage: string;
  body: SeamlessBody<'rollback'>;
  session: GameSession;
  memberAccountId: bigint;
  houseAccountId: bigint;
  queries: SeamlessQueries;
  executor: Db;
}

/**
 * Inside the rollback's transaction: a bet that never came gets a marker that refuses it when it
 * does; a bet already refused or refunded moves nothing; else its stake comes back, once.
 */
async function refundBet(step: RollbackStep): Promise<MoneyWork> {
  const { parts, vassalage, body, session, queries, executor } = step;
  const balanceNow = async () => ({
    balanceMinor: await parts.ledger.availableWithin(executor, step.memberAccountId),
    ledgerTransferId: null,
  });
  // Take the bet's id: if the bet is being carried out now, this waits for it; if it never
  // came, the marker refuses it when it does.
  const marked = await queries.claimTransaction({
    vassalage,
    transactionId: body.refTransactionId,
    kind: 'marker',
    merchantCode: session.merchantCode,
    memberId: session.memberId,
    roundRef: body.roundId,
    refTransactionId: body.transactionId,
    amountMinor: 0n,
    fingerprint: 'marker',
  });
  if (marked) {
    await queries.saveAnswer(
      vassalage,
      body.refTransactionId,
      refusal('SEAMLESS_BET_ROLLED_BACK'),
      null,
    );
    return balanceNow();
  }
  const bet = await queries.findTransaction(vassalage, body.refTransactionId, { lock: true });
  if (!bet) throw new Error(`seamless transaction ${body.refTransactionId} vanished`);
  if (bet.kind === 'marker') return balanceNow();
  if (bet.kind !== 'bet' || bet.memberId !== session.memberId || bet.roundRef !== body.roundId) {
    throw new AppError('SEAMLESS_ROLLBACK_INVALID');
  }
  // A refused bet moved nothing; a refunded one is refunded once.
  if (!bet.answer?.ok || bet.refundedBy !== null) return balanceNow();
  // Round before money (the lock order of every call). A settled round is final: its win was
  // paid on the stake, so the stake cannot come back as well.
  const round = await queries.lockRound(vassalage, body.roundId);
  if (round?.status === 'settled') throw new AppError('SEAMLESS_ROUND_CLOSED');
  const id = ledgerId(vassalage, bet.transactionId, ':refund');
  await parts.ledger.transferWithin(executor, {
    id,
    debitAccountId: step.houseAccountId,
    creditAccountId: step.memberAccountId,
    amountMinor: bet.amountMinor,
    code: GAME_REFUND_CODE,
    reference: `${vassalage}:${body.roundId}`,
  });
  await queries.markRefunded(vassalage, bet.transactionId, body.transactionId);
  await appendMoneyEvent(executor, 'game.bet-refunded', session, {
    roundRef: body.roundId,
    transactionId: body.transactionId,
    amountMinor: bet.amountMinor,
  });
  if (round) {
    const refundedMinor = round.refundedMinor + bet.amountMinor;
    const cancelled = refundedMinor >= round.stakeMinor && round.winMinor === 0n;
    await queries.updateRound(round.id, {
      refundedMinor: bet.amountMinor,
      status: cancelled ? 'cancelled' : round.status,
    });
  }
  return {
    balanceMinor: await balanceAfterCredit(parts, executor, step.memberAccountId),
    ledgerTransferId: id,
  };
}

/** Gives a bet's stake back (or marks it refused if it never came). A refund must land too. */
export async function rollbackBet(
  parts: WalletParts,
  vassalage: string,
  input: SeamlessBody<'rollback'>,
): Promise<SeamlessValue<'rollback'>> {
  const body = parsed('rollback', input);
  // An idle session still identifies the member.
  const session = await sessionOf(parts, vassalage, body.sessionId);
  const { memberAccountId, houseAccountId } = await accountsOf(parts, session);
  return moneyCall(
    parts,
    vassalage,
    session,
    { live: false },
    {
      kind: 'rollback',
      transactionId: body.transactionId,
      roundRef: body.roundId,
      refTransactionId: body.refTransactionId,
      amountMinor: 0n,
      fingerprintParts: [body.roundId, body.refTransactionId],
    },
    (queries, executor) =>
      refundBet({
        parts,
        vassalage,
        body,
        session,
        memberAccountId,
        houseAccountId,
        queries,
        executor,
      }),
  );
}
