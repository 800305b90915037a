import type { SeamlessBody, SeamlessValue } from '@app/contract';
import type { Db } from '../../../../db/database.js';
import { AppError } from '../../../../http/app-error.js';
import { moneyCall } from '../money-call.js';
import type { GameSession } from '../repository.js';
import {
  accountsOf,
  appendMoneyEvent,
  ledgerId,
  parsed,
  sessionOf,
  type WalletParts,
} from '../wallet-parts.js';

/** Ledger code of a stake: bets count as turnover (withdrawals). */
export const GAME_BET_CODE = 'bet';

/**
 * A game launched into a pvp room plays at that room's stakes: the provider sizes its tables,
 * but the room's limits are the operator's, so the wallet refuses a stake outside them. A launch
 * names only an open room of its game (GAME_ROOM_UNAVAILABLE otherwise); a room the operator
 * removed since sets no limit here, and the provider plays its default.
 */
async function checkRoomStakes(
  parts: WalletParts,
  executor: Db,
  session: GameSession,
  amountMinor: bigint,
): Promise<void> {
  if (session.roomId === null) return;
  const room = await parts.catalogue.pvpRoomStakesWithin(
    executor,
    session.merchantCode,
    session.roomId,
  );
  if (room && (amountMinor < room.minBetMinor || amountMinor > room.maxBetMinor)) {
    throw new AppError('SEAMLESS_STAKE_OUT_OF_ROOM');
  }
}

/**
 * A stake on a round, in one transaction with the round row, the stored answer and its event;
 * the session must be live. The same transaction id replays the first answer.
 */
export async function placeBet(
  parts: WalletParts,
  vassalage: string,
  input: SeamlessBody<'bet'>,
): Promise<SeamlessValue<'bet'>> {
  const { ledger, catalogue } = parts;
  const body = parsed('bet', input);
  const session = await sessionOf(parts, vassalage, body.sessionId);
  const { memberAccountId, houseAccountId } = await accountsOf(parts, session);
  const game =
    (await catalogue.gameByCode(session.merchantCode, vassalage, body.gameCode)) ??
    (await catalogue.gameByNode(session.nodeId));
  if (!game) throw new AppError('SEAMLESS_SESSION_INVALID');
  const amountMinor = BigInt(body.amountMinor);
  return moneyCall(
    parts,
    vassalage,
    session,
    { live: true },
    {
      kind: 'bet',
      transactionId: body.transactionId,
      roundRef: body.roundId,
      refTransactionId: null,
      amountMinor,
      fingerprintParts: [body.roundId, body.amountMinor, body.gameCode],
    },
    async (queries, executor) => {
      const round = await queries.lockRound(vassalage, body.roundId, {
        merchantCode: session.merchantCode,
        memberId: session.memberId,
        nodeId: game.nodeId,
        gameType: game.gameType,
        currency: session.currency,
      });
      if (!round || round.memberId !== session.memberId || round.status !== 'open') {
        throw new AppError('SEAMLESS_ROUND_CLOSED');
      }
      await checkRoomStakes(parts, executor, session, amountMinor);
      await parts.stakeGuard?.(executor, session.memberId, session.currency, amountMinor);
      const id = ledgerId(vassalage, body.transactionId);
      try {
        await ledger.transferWithin(executor, {
          id,
          debitAccountId: memberAccountId,
          creditAccountId: houseAccountId,
          amountMinor,
          code: GAME_BET_CODE,
          reference: `${vassalage}:${body.roundId}`,
        });
      } catch (error) {
        if (error instanceof AppError && error.errorCode === 'INSUFFICIENT_FUNDS') {
          throw new AppError('SEAMLESS_INSUFFICIENT_FUNDS');
        }
        throw error;
      }
      await queries.updateRound(round.id, {
        stakeMinor: amountMinor,
        status: 'open',
        ...(body.detail ? { detail: body.detail } : {}),
      });
      await appendMoneyEvent(executor, 'game.bet-placed', session, {
        roundRef: body.roundId,
        transactionId: body.transactionId,
        amountMinor,
      });
      return {
        balanceMinor: await ledger.availableWithin(executor, memberAccountId),
        ledgerTransferId: id,
      };
    },
  );
}
