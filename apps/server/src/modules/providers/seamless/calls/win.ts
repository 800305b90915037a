import type { SeamlessBody, SeamlessValue } from '@app/contract';
import { AppError } from '../../../../http/app-error.js';
import { appendRoundsSettled } from '../../rounds/repository.js';
import { moneyCall } from '../money-call.js';
import {
  accountsOf,
  appendMoneyEvent,
  balanceAfterCredit,
  ledgerId,
  parsed,
  sessionOf,
  type WalletParts,
} from '../wallet-parts.js';

/** Ledger code of a win. */
export const GAME_WIN_CODE = 'win';

/**
 * A win on a round (0 is a loss), in one transaction with the round row, the stored answer, its
 * event and, when the round closes, the round's settled event. Settlement must land: an idle
 * session still identifies the member.
 */
export async function payWin(
  parts: WalletParts,
  vassalage: string,
  input: SeamlessBody<'win'>,
): Promise<SeamlessValue<'win'>> {
  const { ledger, catalogue } = parts;
  const body = parsed('win', input);
  const session = await sessionOf(parts, vassalage, body.sessionId);
  const { memberAccountId, houseAccountId } = await accountsOf(parts, session);
  const sessionGame = body.roundClosed ? await catalogue.gameByNode(session.nodeId) : undefined;
  const amountMinor = BigInt(body.amountMinor);
  return moneyCall(
    parts,
    vassalage,
    session,
    { live: false },
    {
      kind: 'win',
      transactionId: body.transactionId,
      roundRef: body.roundId,
      refTransactionId: null,
      amountMinor,
      fingerprintParts: [body.roundId, body.amountMinor, body.roundClosed],
    },
    async (queries, executor) => {
      const round = await queries.lockRound(vassalage, body.roundId);
      if (!round || round.memberId !== session.memberId || round.stakeMinor === 0n) {
        throw new AppError('SEAMLESS_ROUND_NOT_FOUND');
      }
      if (round.status === 'cancelled' || round.refundedMinor >= round.stakeMinor) {
        throw new AppError('SEAMLESS_BET_ROLLED_BACK');
      }
      if (round.status !== 'open') throw new AppError('SEAMLESS_ROUND_CLOSED');
      const id = ledgerId(vassalage, body.transactionId);
      // A win of 0 is a loss: nothing moves, the round may close.
      if (amountMinor > 0n) {
        await ledger.transferWithin(executor, {
          id,
          debitAccountId: houseAccountId,
          creditAccountId: memberAccountId,
          amountMinor,
          code: GAME_WIN_CODE,
          reference: `${vassalage}:${body.roundId}`,
        });
      }
      await queries.updateRound(round.id, {
        winMinor: amountMinor,
        status: body.roundClosed ? 'settled' : 'open',
        ...(body.detail ? { detail: body.detail } : {}),
      });
      if (amountMinor > 0n) {
        await appendMoneyEvent(executor, 'game.win-paid', session, {
          roundRef: body.roundId,
          transactionId: body.transactionId,
          amountMinor,
        });
      }
      if (body.roundClosed) {
        // The session's game was looked up before the transaction; another node (a bet
        // named another game) is read on this transaction, never on a second connection.
        const game =
          round.nodeId === null
            ? undefined
            : round.nodeId === sessionGame?.nodeId
              ? sessionGame
              : await catalogue.gameByNodeWithin(executor, round.nodeId);
        await appendRoundsSettled(executor, [{ id: round.id, gameCode: game?.gameCode ?? null }]);
      }
      return {
        // A loss credits nothing, so it settles whatever the balance.
        balanceMinor:
          amountMinor > 0n
            ? await balanceAfterCredit(parts, executor, memberAccountId)
            : await ledger.availableWithin(executor, memberAccountId),
        ledgerTransferId: amountMinor > 0n ? id : null,
      };
    },
  );
}
