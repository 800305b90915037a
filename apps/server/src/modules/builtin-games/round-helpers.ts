import { createHash } from 'node:crypto';
import {
  type BuiltinRound,
  type ErrorCode,
  minorToAmount,
  SEAMLESS_DETAIL_MAX_BYTES,
} from '@app/contract';
import { AppError } from '../../http/app-error.js';
import { builtinGameHandlerOf } from './games/index.js';
import type { BuiltinGameHandler, RoundDetail } from './games/types.js';
import type { BuiltinRoundRow } from './repository.js';

/**
 * The round engine's pure pieces: ids the seamless wallet sees, what a round shows the player
 * and the betting record, payout caps, and parameter checks.
 */

export function hashGameSession(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The seamless wallet's round id and transaction ids of a round (stable: retries replay). */
export const walletRoundId = (round: BuiltinRoundRow) => round.id.toString();
export const betTransactionId = (round: BuiltinRoundRow) => `inh-${round.id}-bet`;
export const winTransactionId = (round: BuiltinRoundRow) => `inh-${round.id}-win`;
export const rollbackTransactionId = (round: BuiltinRoundRow) => `inh-${round.id}-rollback`;

export function fingerprintOf(params: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(params ?? null))
    .digest('hex');
}

/** What `game_rounds.detail` gets at the end: `{params, outcome, view}`, within the wallet's size. */
export function walletDetailOf(round: BuiltinRoundRow): Record<string, unknown> {
  const detail: RoundDetail = { params: round.params, outcome: round.outcome, view: round.view };
  if (JSON.stringify(detail).length <= SEAMLESS_DETAIL_MAX_BYTES) return { ...detail };
  // Too large for the record: the round stays verifiable from the history by its id.
  return { params: round.params, outcome: null, builtinRoundId: round.id.toString() };
}

/** The round as the API answers it: a round in play never shows its hidden outcome. */
export function publicRound(round: BuiltinRoundRow): BuiltinRound {
  const inPlay = round.status === 'open' || round.status === 'pending';
  const hidden = inPlay && round.kind === 'stepped';
  return {
    roundId: round.id.toString(),
    gameCode: round.gameCode,
    status:
      round.status === 'settled' ? 'settled' : round.status === 'cancelled' ? 'cancelled' : 'open',
    stake: minorToAmount(round.stakeMinor),
    payout: minorToAmount(round.payoutMinor),
    payoutCapped: round.payoutCapped,
    detail: {
      params: round.params,
      outcome: hidden ? null : round.outcome,
      ...(round.view === null || round.view === undefined ? {} : { view: round.view }),
    },
    proof: { ...round.proof, nonce: round.nonce },
    ...(round.kind === 'stepped' ? { steps: round.steps } : {}),
    startedAt: round.createdAt.toISOString(),
    settledAt: round.settledAt?.toISOString() ?? null,
  };
}

export function capped(payoutMinor: bigint, maxPayoutMinor: bigint) {
  return payoutMinor > maxPayoutMinor
    ? { payoutMinor: maxPayoutMinor, payoutCapped: true }
    : { payoutMinor, payoutCapped: false };
}

export function handlerOrThrow(gameCode: string): BuiltinGameHandler {
  const handler = builtinGameHandlerOf(gameCode);
  if (!handler) throw new AppError('BUILTIN_GAME_UNAVAILABLE');
  return handler;
}

export function parseWith<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  value: unknown,
): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError('BUILTIN_PARAMS_INVALID');
  return result.data;
}

export function isAppError(error: unknown, code?: ErrorCode): error is AppError {
  return error instanceof AppError && (code === undefined || error.errorCode === code);
}
