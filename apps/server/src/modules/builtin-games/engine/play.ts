import { AppError } from '../../../http/app-error.js';
import type { Merchant } from '../../system/index.js';
import type { GameLimits } from '../games/types.js';
import type { BuiltinGameSession, SeedPair } from '../repository.js';
import { fingerprintOf, handlerOrThrow, parseWith } from '../round-helpers.js';
import type { RoundRecordPlace } from '../round-money.js';
import { limitsOf } from '../settings.js';
import type { Engine } from './engine.js';
import { playInstantRound, type RoundFunding } from './instant-round.js';
import { decideRound, startRound, stepRound } from './round-transactions.js';
import { roundAnswer } from './session-answers.js';
import { driveThroughWallet, isHalfWay } from './wallet-rounds.js';

function checkStake(stakeMinor: bigint, limits: GameLimits): void {
  if (stakeMinor < limits.minStakeMinor || stakeMinor > limits.maxStakeMinor) {
    throw new AppError('BUILTIN_STAKE_OUT_OF_RANGE');
  }
}

/**
 * Where the betting record files the session's rounds; a game disabled in the catalogue (or
 * its vendor or provider) is refused, within the catalogue cache's time to live.
 */
async function recordPlaceOf(
  engine: Engine,
  session: BuiltinGameSession,
): Promise<RoundRecordPlace> {
  const entry = await engine.gameEntries.entry(session.nodeId);
  if (!entry?.listed || entry.merchantCode !== session.merchantCode) {
    throw new AppError('BUILTIN_GAME_UNAVAILABLE');
  }
  return { nodeId: session.nodeId, gameType: entry.gameType, currency: session.currency };
}

/** What a round needs before it is decided: the game's handler, its stake, place and accounts. */
async function prepareRound(
  engine: Engine,
  session: BuiltinGameSession,
  merchant: Merchant,
  input: { clientRoundId: string; params: unknown },
) {
  const handler = handlerOrThrow(session.gameCode);
  // Stored as parsed, never as sent: the schema's keys and bounds are all a round keeps.
  const params = parseWith(handler.paramsSchema, input.params, 'params');
  const limits = limitsOf(merchant.builtinGames, session.gameCode, merchant.currency);
  const stakeMinor = handler.stakeOf(params, limits);
  checkStake(stakeMinor, limits);
  const [place, accounts] = await Promise.all([
    recordPlaceOf(engine, session),
    engine.context.accounts(session),
    engine.context.ensureSeeds(session.memberId),
  ]);
  const paramsFingerprint = fingerprintOf(params);
  const base = {
    merchantCode: session.merchantCode,
    memberId: session.memberId,
    gameCode: session.gameCode,
    sessionTokenHash: session.tokenHash,
    clientRoundId: input.clientRoundId,
    kind: handler.kind,
    params,
    paramsFingerprint,
    stakeMinor,
    maxPayoutMinor: limits.maxPayoutMinor,
  };
  const roundInput = {
    session,
    clientRoundId: input.clientRoundId,
    accounts,
    place,
    decide: (pair: SeedPair) => decideRound(engine, pair, handler, base, params),
  };
  return { handler, paramsFingerprint, roundInput };
}

/** Plays an instant round or opens a stepped one; the same clientRoundId replays. */
export async function playRound(
  engine: Engine,
  session: BuiltinGameSession,
  merchant: Merchant,
  input: { clientRoundId: string; params: unknown },
) {
  const { handler, paramsFingerprint, roundInput } = await prepareRound(
    engine,
    session,
    merchant,
    input,
  );
  // An instant round is one statement; a replayed one, and a stepped round's start, go
  // through the round transaction (which moves the nonce the remembered pair would expect).
  const played = handler.kind === 'instant' ? await playInstantRound(engine, roundInput) : null;
  if (played) return roundAnswer(engine, session, played);
  const started = await startRound(engine, roundInput);
  if (started.created) engine.context.forgetPair(session.memberId);
  const { round } = started;
  if (
    !started.created &&
    (round.paramsFingerprint !== paramsFingerprint || round.gameCode !== session.gameCode)
  ) {
    throw new AppError('BUILTIN_ROUND_CONFLICT');
  }
  // Only a round from before the round transaction can be half way (pending or paying).
  if (isHalfWay(round)) {
    return roundAnswer(engine, session, await driveThroughWallet(engine, round, { byJob: false }));
  }
  return roundAnswer(engine, session, started);
}

/**
 * Plays a new instant round whose stake another account pays (free spins), on the funding's
 * transaction. A client round id already played is BUILTIN_ROUND_CONFLICT: the caller keeps
 * its own record of the rounds it funded and replays them itself. The answer's balance is the
 * member's own cash, which the round did not touch.
 */
export async function playFundedRound(
  engine: Engine,
  session: BuiltinGameSession,
  merchant: Merchant,
  input: { clientRoundId: string; params: unknown; funding: RoundFunding },
) {
  const { handler, roundInput } = await prepareRound(engine, session, merchant, input);
  if (handler.kind !== 'instant') throw new AppError('BUILTIN_PARAMS_INVALID');
  const played = await playInstantRound(engine, { ...roundInput, funding: input.funding });
  if (!played) throw new AppError('BUILTIN_ROUND_CONFLICT');
  const answer = await roundAnswer(engine, session, { round: played.round, balanceMinor: null });
  return {
    ...answer,
    roundId: played.round.id,
    stakeMinor: played.round.stakeMinor,
    payoutMinor: played.round.payoutMinor,
  };
}

/** One step of an open stepped round (Mines). */
export async function actOnRound(
  engine: Engine,
  session: BuiltinGameSession,
  input: { roundId: string; step: number; action: unknown },
) {
  const handler = handlerOrThrow(session.gameCode);
  if (handler.kind !== 'stepped') throw new AppError('BUILTIN_PARAMS_INVALID');
  const action = parseWith(handler.actionSchema, input.action, 'action');
  const stepped = await stepRound(engine, {
    session,
    handler,
    roundId: BigInt(input.roundId),
    step: input.step,
    action,
    accounts: await engine.context.accounts(session),
  });
  if (isHalfWay(stepped.round)) {
    return roundAnswer(
      engine,
      session,
      await driveThroughWallet(engine, stepped.round, { byJob: false }),
    );
  }
  return roundAnswer(engine, session, stepped);
}
