import { type BuiltinSession, minorToAmount, pageTotals, type RouteValue } from '@app/contract';
import type { Db } from '../../db/database.js';
import { createUnitOfWork, type UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import type { GameEntries } from '../games/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { EngineRounds, SeamlessWallet } from '../providers/index.js';
import type { Merchant } from '../system/index.js';
import type { Engine } from './engine/engine.js';
import type { RoundFunding } from './engine/instant-round.js';
import { createInstantRoundRunner } from './engine/instant-round.js';
import { actOnRound, playFundedRound, playRound } from './engine/play.js';
import { recoverStalledRounds } from './engine/recovery.js';
import {
  availableBalanceOf,
  openSession,
  roundAnswer,
  sessionAnswer,
} from './engine/session-answers.js';
import {
  createInstantRoundRepository,
  type InstantRoundInput,
  type InstantRoundResult,
} from './instant-round.repository.js';
import {
  BUILTIN_SESSION_IDLE_MS,
  BUILTIN_SESSION_TOUCH_INTERVAL_MS,
  createPlayContext,
} from './play-context.js';
import { createBuiltinGamesRepository } from './repository.js';
import { publicRound } from './round-helpers.js';
import { createRoundMoney, type RoundStakeGuard } from './round-money.js';
import { createSeedService } from './seeds.js';

export {
  BUILTIN_RECOVERY_BATCH,
  BUILTIN_ROUND_RECOVER_AFTER_MS,
  BUILTIN_STEPPED_ROUND_ABANDON_AFTER_MS,
} from './engine/recovery.js';
export { hashGameSession, publicRound } from './round-helpers.js';
export { BUILTIN_SESSION_IDLE_MS, BUILTIN_SESSION_TOUCH_INTERVAL_MS };
/** Sessions are forgotten this long after their last use (once no round refers to them). */
export const BUILTIN_SESSION_RETENTION_MS = 7 * 24 * 60 * 60_000;

/** A funded round's answer, with the figures its payer needs. */
export type FundedRoundAnswer = RouteValue<'builtinPlay'> & {
  roundId: bigint;
  stakeMinor: bigint;
  payoutMinor: bigint;
};

/** The built-in games' round engine, as the play shell's routes and the jobs call it. */
export interface BuiltinGamesService {
  /** Spends the launch token (seamless authenticate) and opens the play shell's session. */
  open(launchToken: string, merchant: Merchant): Promise<BuiltinSession>;
  /** The open session of a game-session token. */
  session(token: string, merchant: Merchant): Promise<BuiltinSession>;
  /** The member's balance as the seamless wallet reports it. */
  balance(token: string, merchant: Merchant): Promise<RouteValue<'builtinBalance'>>;
  /** Plays an instant round or opens a stepped one; the same clientRoundId replays. */
  play(
    token: string,
    merchant: Merchant,
    input: { clientRoundId: string; params: unknown },
  ): Promise<RouteValue<'builtinPlay'>>;
  /** One step of an open stepped round (Mines). */
  act(
    token: string,
    merchant: Merchant,
    input: { roundId: string; step: number; action: unknown },
  ): Promise<RouteValue<'builtinAct'>>;
  /** A page of the member's rounds of the session's game. */
  history(
    token: string,
    merchant: Merchant,
    page: { pageNo: number; pageSize: number },
  ): Promise<RouteValue<'builtinHistory'>>;
  /** The member's active and next fair seeds (server seeds hashed). */
  seeds(token: string, merchant: Merchant): Promise<RouteValue<'builtinSeeds'>>;
  /** Retires the active seed pair (revealing it) and starts the next, with a new client seed if given. */
  rotateSeed(
    token: string,
    merchant: Merchant,
    clientSeed: string | null,
  ): Promise<RouteValue<'builtinRotateSeed'>>;
  /** The member behind a game session (for rate limits keyed by member). */
  memberOf(token: string, merchant: Merchant): Promise<bigint>;
  /** The member, game and currency of a live game session (free spins list that game's grants). */
  sessionOwner(
    token: string,
    merchant: Merchant,
  ): Promise<{ memberId: bigint; gameCode: string; currency: string }>;
  /**
   * Plays a new instant round whose stake another account pays and whose win it receives (free
   * spins), on the funding's transaction: the caller's rows commit with the round.
   */
  playFunded(
    token: string,
    merchant: Merchant,
    input: { clientRoundId: string; params: unknown; funding: RoundFunding },
  ): Promise<FundedRoundAnswer>;
  /** A round of the session's member as the play shell shows it (a funded round replayed). */
  replayRound(
    token: string,
    merchant: Merchant,
    roundId: bigint,
  ): Promise<RouteValue<'builtinPlay'>>;
  /** The recovery job: finishes rounds left pending, paying or open too long; answers how many. */
  recover(): Promise<number>;
  /** Forgets long-idle sessions that no round refers to. */
  prune(): Promise<void>;
}

/**
 * The built-in games' round engine (docs/games-builtin.md): game sessions, the fair seeds,
 * instant and stepped rounds paid through the seamless wallet in-process, and the recovery of
 * rounds a crash or a closed tab left unfinished.
 */
export function createBuiltinGamesService(
  db: Db,
  deps: {
    wallet: SeamlessWallet;
    /** Who a seamless-wallet session belongs to (the providers module's session lookup). */
    walletSessionOwner: Engine['walletSessionOwner'];
    /** Rounds move their money through the ledger in their own transaction. */
    ledger: LedgerService;
    /** The betting record (`game_rounds`) and its `round.settled` event, in that transaction. */
    engineRounds: EngineRounds;
    /** Catalogue entries (enabled, category, names) from the games module's cache. */
    gameEntries: GameEntries;
    /** Refuses a stake above a wagering bonus's max bet (module bonus), in the round's transaction. */
    stakeGuard?: RoundStakeGuard | undefined;
    /** Where a round's transaction comes from (default: one per call on `db`). */
    unitOfWork?: UnitOfWork;
    /**
     * Runs an instant round's one statement (default: on its own, autocommitted). Tests pass one
     * that runs it in a transaction they fail before the commit.
     */
    playInstant?: (
      input: InstantRoundInput,
      playWith: (executor: Db, input: InstantRoundInput) => Promise<InstantRoundResult>,
    ) => Promise<InstantRoundResult>;
    now?: () => number;
    /** Where the recovery job reports a round it could not finish (it tries again next run). */
    logError?: (details: object, message: string) => void;
  },
): BuiltinGamesService {
  const repository = createBuiltinGamesRepository(db);
  const now = deps.now ?? Date.now;
  const seeds = createSeedService(repository);
  const instantRounds = createInstantRoundRepository(db);
  const engine: Engine = {
    repository,
    wallet: deps.wallet,
    walletSessionOwner: deps.walletSessionOwner,
    ledger: deps.ledger,
    gameEntries: deps.gameEntries,
    money: createRoundMoney({
      ledger: deps.ledger,
      engineRounds: deps.engineRounds,
      stakeGuard: deps.stakeGuard,
    }),
    context: createPlayContext({
      repository,
      ledger: deps.ledger,
      ensureSeeds: (memberId) => seeds.seeds(memberId),
      now,
    }),
    seeds,
    unitOfWork: deps.unitOfWork ?? createUnitOfWork(db),
    instantRounds,
    playInstant: deps.playInstant
      ? (input) => deps.playInstant?.(input, instantRounds.playWith) as Promise<InstantRoundResult>
      : createInstantRoundRunner(instantRounds),
    now,
    logError: deps.logError ?? (() => {}),
  };
  /** The live game session of a token (from memory), touched; else BUILTIN_SESSION_INVALID. */
  const sessionOf = (token: string, merchant: Merchant) =>
    engine.context.session(token, merchant.code);

  return {
    open: (launchToken, merchant) => openSession(engine, launchToken, merchant),
    session: async (token, merchant) =>
      sessionAnswer(engine, token, await sessionOf(token, merchant), merchant),
    balance: async (token, merchant) => {
      const session = await sessionOf(token, merchant);
      return {
        balance: minorToAmount(await availableBalanceOf(engine, session)),
        currency: session.currency,
      };
    },
    play: async (token, merchant, input) =>
      playRound(engine, await sessionOf(token, merchant), merchant, input),
    act: async (token, merchant, input) =>
      actOnRound(engine, await sessionOf(token, merchant), input),
    history: async (token, merchant, page) => {
      const session = await sessionOf(token, merchant);
      const { rows, totalCount } = await repository.history(
        session.memberId,
        session.gameCode,
        page,
      );
      return {
        list: rows.map(publicRound),
        pageNo: page.pageNo,
        pageSize: page.pageSize,
        ...pageTotals(totalCount, page.pageSize),
      };
    },
    seeds: async (token, merchant) => seeds.seeds((await sessionOf(token, merchant)).memberId),
    rotateSeed: async (token, merchant, clientSeed) => {
      const { memberId } = await sessionOf(token, merchant);
      // The statement would refuse the retired pair anyway; forgetting it saves a round trip.
      engine.context.forgetPair(memberId);
      try {
        return await seeds.rotate(memberId, clientSeed);
      } finally {
        engine.context.forgetPair(memberId);
      }
    },
    memberOf: async (token, merchant) => (await sessionOf(token, merchant)).memberId,
    sessionOwner: async (token, merchant) => {
      const { memberId, gameCode, currency } = await sessionOf(token, merchant);
      return { memberId, gameCode, currency };
    },
    playFunded: async (token, merchant, input) =>
      playFundedRound(engine, await sessionOf(token, merchant), merchant, input),
    replayRound: async (token, merchant, roundId) => {
      const session = await sessionOf(token, merchant);
      const round = await repository.findRound(roundId);
      if (!round || round.memberId !== session.memberId) throw new AppError('NOT_FOUND');
      return roundAnswer(engine, session, { round, balanceMinor: null });
    },
    recover: () => recoverStalledRounds(engine),
    prune: () => repository.pruneSessions(new Date(now() - BUILTIN_SESSION_RETENTION_MS)),
  };
}
