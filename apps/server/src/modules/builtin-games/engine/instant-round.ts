import { BUILTIN_VASSALAGE } from '@app/contract';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../http/app-error.js';
import { crashPoint } from '../../../safety/crash-points.js';
import { createBatcher } from '../../ledger/index.js';
import {
  type InstantRoundInput,
  type InstantRoundRepository,
  type InstantRoundResult,
  RoundUnfunded,
} from '../instant-round.repository.js';
import type { RoundAccounts } from '../play-context.js';
import type { BuiltinGameSession, RoundToInsert, SeedPair } from '../repository.js';
import { recordDetailOf } from '../round-helpers.js';
import { BUILTIN_BET_CODE, BUILTIN_WIN_CODE, type RoundRecordPlace } from '../round-money.js';
import type { Engine } from './engine.js';
import type { RoundAnswer } from './round-transactions.js';

/**
 * A round whose stake another account pays and whose win it receives (free spins: the
 * merchant's free-spins account), played on the caller's transaction so that the caller's own
 * rows (the spin, the bonus of its win) commit with the round or not at all.
 */
export interface RoundFunding {
  accountId: bigint;
  executor: Db;
  betCode: string;
  winCode: string;
  /** Added to the betting record's detail (the record says the round was a free spin). */
  recordDetail?: Record<string, unknown>;
}

/**
 * How often an instant round is decided again from the pair the database answered, when the
 * remembered one was stale (another instance played or rotated in between). One retry is the
 * usual case; more means the member's rounds race across instances, and the player may retry.
 */
export const BUILTIN_STALE_PAIR_RETRIES = 3;

/**
 * Rounds in one batch statement. Each is a subtransaction, and a backend caches at most 64
 * subtransaction ids: past that every snapshot taken in the server while the batch runs gets
 * slower. Half of it leaves room.
 */
export const BUILTIN_ROUND_BATCH_MAX = 32;
/**
 * Batch statements in flight at once, of the pool's 20 connections: rounds arriving while they
 * run wait for the next batch (one commit for many). Four keep both cores of a small database
 * busy and leave the pool to every other call.
 */
export const BUILTIN_ROUND_BATCHES_IN_FLIGHT = 4;

/**
 * Plays instant rounds through the batch statement: a round that arrives while nothing is in
 * flight goes at once (a batch of one), so a quiet server adds no wait. A round the batch
 * could not play is played again on its own statement, where its error reaches the caller.
 */
export function createInstantRoundRunner(instantRounds: InstantRoundRepository) {
  const batched = createBatcher<InstantRoundInput, InstantRoundResult>({
    maxBatchSize: BUILTIN_ROUND_BATCH_MAX,
    maxInFlight: BUILTIN_ROUND_BATCHES_IN_FLIGHT,
    run: (inputs) => instantRounds.playMany(inputs),
  });
  return async (input: InstantRoundInput): Promise<InstantRoundResult> => {
    const result = await batched(input);
    if (result.status === 'insufficient') throw new RoundUnfunded();
    if (result.status === 'error') return instantRounds.play(input);
    return result;
  };
}

/**
 * An instant round in one database round trip (docs/games-builtin.md, "One statement per
 * instant round"): the outcome is decided in Node from the member's remembered pair and nonce,
 * and one statement checks that pair under its lock and writes the round, its nonce, record,
 * event, stake and win, or nothing. Answers null when the client round id was already played:
 * the caller replays it through the round transaction.
 */
export async function playInstantRound(
  engine: Engine,
  input: {
    session: BuiltinGameSession;
    clientRoundId: string;
    accounts: RoundAccounts;
    place: RoundRecordPlace;
    decide: (pair: SeedPair) => RoundToInsert;
    /** Who pays the stake (default: the member, through the shared batch statement). */
    funding?: RoundFunding | undefined;
  },
): Promise<(RoundAnswer & { created: true }) | null> {
  const { funding } = input;
  const play = funding
    ? (round: InstantRoundInput) => engine.instantRounds.playWith(funding.executor, round)
    : engine.playInstant;
  const { memberId } = input.session;
  let pair = engine.context.pairOf(memberId) ?? (await engine.instantRounds.activePair(memberId));
  for (let attempt = 0; pair; attempt += 1) {
    const round = input.decide(pair);
    const { detail, needsRoundId } = recordDetailOf(round);
    crashPoint('builtin.round.before-call');
    const result = await play({
      round,
      place: input.place,
      accounts: funding
        ? { ...input.accounts, memberAccountId: funding.accountId }
        : input.accounts,
      vassalage: BUILTIN_VASSALAGE,
      recordDetail: { engine: 'builtin', ...detail, ...funding?.recordDetail },
      detailNeedsRoundId: needsRoundId,
      betCode: funding?.betCode ?? BUILTIN_BET_CODE,
      winCode: funding?.winCode ?? BUILTIN_WIN_CODE,
    }).catch((error: unknown) => {
      if (error instanceof RoundUnfunded) throw new AppError('BUILTIN_INSUFFICIENT_FUNDS');
      // Whether the nonce moved is unknown: the next round reads the pair again.
      engine.context.forgetPair(memberId);
      throw error;
    });
    if (result.status === 'created') {
      engine.context.rememberPair(memberId, { ...pair, nonce: pair.nonce + 1 });
      crashPoint('builtin.round.after-commit');
      return { round: result.round, balanceMinor: result.balanceMinor, created: true };
    }
    if (result.status === 'exists') return null;
    if (result.status !== 'stale' || attempt >= BUILTIN_STALE_PAIR_RETRIES) break;
    engine.context.rememberPair(memberId, result.pair);
    pair = result.pair;
  }
  engine.context.forgetPair(memberId);
  throw new AppError('SERVICE_UNAVAILABLE');
}
