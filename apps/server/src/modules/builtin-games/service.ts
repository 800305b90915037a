import { randomBytes } from 'node:crypto';
import {
  BUILTIN_VASSALAGE,
  type BuiltinSession,
  type ErrorCode,
  minorToAmount,
  pageTotals,
  type RouteValue,
} from '@app/contract';
import { fairRandomSource } from '@app/game-math';
import type { Db } from '../../db/database.js';
import { createUnitOfWork, type UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import { crashPoint } from '../../safety/crash-points.js';
import type { GameEntries } from '../games/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { EngineRounds, SeamlessWallet } from '../providers/index.js';
import type { Merchant } from '../system/index.js';
import { builtinGameHandlerOf } from './games/index.js';
import type { BuiltinGameHandler, GameLimits } from './games/types.js';
import {
  BUILTIN_SESSION_IDLE_MS,
  BUILTIN_SESSION_TOUCH_INTERVAL_MS,
  createPlayContext,
  type RoundAccounts,
} from './play-context.js';
import {
  type BuiltinGameSession,
  type BuiltinRoundRow,
  createBuiltinGamesRepository,
  type NewRound,
  RoundInPlay,
  RoundRaced,
  type RoundToInsert,
  type SeedPair,
} from './repository.js';
import {
  betTransactionId,
  capped,
  fingerprintOf,
  handlerOrThrow,
  hashGameSession,
  isAppError,
  parseWith,
  publicRound,
  REFUSED_ROUND_CLEARED,
  rollbackTransactionId,
  sameStepAction,
  walletDetailOf,
  walletRoundId,
  winTransactionId,
} from './round-helpers.js';
import { createRoundMoney, type RoundRecordPlace } from './round-money.js';
import { createSeedService } from './seeds.js';
import { limitsOf } from './settings.js';

export { hashGameSession, publicRound } from './round-helpers.js';
export { BUILTIN_SESSION_IDLE_MS, BUILTIN_SESSION_TOUCH_INTERVAL_MS };
/** Sessions are forgotten this long after their last use (once no round refers to them). */
export const BUILTIN_SESSION_RETENTION_MS = 7 * 24 * 60 * 60_000;
const GAME_SESSION_BYTES = 32;
/** The job leaves a pending or paying round to its request for this long. */
export const BUILTIN_ROUND_RECOVER_AFTER_MS = 30_000;
/** A stepped round (Mines) left open this long is closed with the handler's `abandon`. */
export const BUILTIN_STEPPED_ROUND_ABANDON_AFTER_MS = 60 * 60_000;
/** Rounds the recovery job drives per run. */
export const BUILTIN_RECOVERY_BATCH = 100;

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
    walletSessionOwner: (
      walletSessionId: string,
    ) => Promise<{ merchantCode: string; memberId: bigint } | undefined>;
    /** Rounds move their money through the ledger in their own transaction. */
    ledger: LedgerService;
    /** The betting record (`game_rounds`) and its `round.settled` event, in that transaction. */
    engineRounds: EngineRounds;
    /** Catalogue entries (enabled, category, names) from the games module's cache. */
    gameEntries: GameEntries;
    /** Where a round's transaction comes from (default: one per call on `db`). */
    unitOfWork?: UnitOfWork;
    now?: () => number;
    /** Where the recovery job reports a round it could not finish (it tries again next run). */
    logError?: (details: object, message: string) => void;
  },
): BuiltinGamesService {
  const repository = createBuiltinGamesRepository(db);
  const { wallet } = deps;
  const logError = deps.logError ?? (() => {});
  const now = deps.now ?? Date.now;
  const seedService = createSeedService(repository);
  const unitOfWork = deps.unitOfWork ?? createUnitOfWork(db);
  const money = createRoundMoney({ ledger: deps.ledger, engineRounds: deps.engineRounds });
  const context = createPlayContext({
    repository,
    ledger: deps.ledger,
    ensureSeeds: (memberId) => seedService.seeds(memberId),
    now,
  });

  /** The live game session of a token (from memory), touched; else BUILTIN_SESSION_INVALID. */
  function sessionOf(token: string, merchant: Merchant): Promise<BuiltinGameSession> {
    return context.session(token, merchant.code);
  }

  /**
   * Where the betting record files the session's rounds; a game disabled in the catalogue (or
   * its vendor or provider) is refused, within the catalogue cache's time to live.
   */
  async function recordPlaceOf(session: BuiltinGameSession): Promise<RoundRecordPlace> {
    const entry = await deps.gameEntries.entry(session.nodeId);
    if (!entry?.listed || entry.merchantCode !== session.merchantCode) {
      throw new AppError('BUILTIN_GAME_UNAVAILABLE');
    }
    return { nodeId: session.nodeId, gameType: entry.gameType, currency: session.currency };
  }

  async function walletSessionOf(round: BuiltinRoundRow): Promise<string> {
    const session = await repository.findSession(round.sessionTokenHash);
    if (!session) throw new Error(`builtin round ${round.id} lost its session`);
    return session.walletSessionId;
  }

  async function reload(round: BuiltinRoundRow): Promise<BuiltinRoundRow> {
    const fresh = await repository.findRound(round.id);
    if (!fresh) throw new Error(`builtin round ${round.id} vanished`);
    return fresh;
  }

  /**
   * Cancels a round whose bet did not (or may not have) land: a rollback makes sure. What the
   * round would have shown goes with it (outcome, view, state, payout): a refused bet was never
   * played, so it keeps only the marker that makes a retry answer the same refusal.
   */
  async function cancel(round: BuiltinRoundRow, errorCode: ErrorCode, rollback: boolean) {
    if (rollback) {
      await wallet.rollback(BUILTIN_VASSALAGE, {
        sessionId: await walletSessionOf(round),
        transactionId: rollbackTransactionId(round),
        refTransactionId: betTransactionId(round),
        roundId: walletRoundId(round),
      });
    }
    await repository.updateRound(
      round.id,
      { status: 'cancelled', errorCode, ...REFUSED_ROUND_CLEARED },
      'pending',
    );
  }

  /**
   * Drives a round through the wallet as far as it goes: the bet of a pending round, the win
   * of a paying one. Bet and win are idempotent on their transaction ids, so a request and the
   * job (or two retries) may both drive a round: the money moves once.
   */
  async function drive(
    round: BuiltinRoundRow,
    options: { byJob: boolean },
  ): Promise<{ round: BuiltinRoundRow; balanceMinor: bigint | null }> {
    let current = round;
    let balanceMinor: bigint | null = null;
    if (current.status === 'pending') {
      try {
        const answer = await wallet.bet(BUILTIN_VASSALAGE, {
          sessionId: await walletSessionOf(current),
          transactionId: betTransactionId(current),
          roundId: walletRoundId(current),
          amountMinor: Number(current.stakeMinor),
          gameCode: current.gameCode,
          detail: { params: current.params },
        });
        balanceMinor = BigInt(answer.balanceMinor);
      } catch (error) {
        if (isAppError(error, 'SEAMLESS_INSUFFICIENT_FUNDS')) {
          // A stored refusal: nothing moved, and a retry of the bet is refused the same way.
          await cancel(current, 'BUILTIN_INSUFFICIENT_FUNDS', false);
        } else if (isAppError(error)) {
          // An idle session is refused before the wallet looks at the id: the bet may have
          // landed on an earlier try, so it is rolled back (a no-op marker if it never came).
          await cancel(
            current,
            error.errorCode === 'SEAMLESS_SESSION_INVALID'
              ? 'BUILTIN_SESSION_INVALID'
              : 'BUILTIN_GAME_UNAVAILABLE',
            true,
          );
        } else {
          throw error;
        }
        return { round: await reload(current), balanceMinor: null };
      }
      const finished = current.kind === 'instant';
      await repository.updateRound(current.id, { status: finished ? 'paying' : 'open' }, 'pending');
      current = await reload(current);
    }
    if (current.status === 'paying') {
      try {
        const answer = await wallet.win(BUILTIN_VASSALAGE, {
          sessionId: await walletSessionOf(current),
          transactionId: winTransactionId(current),
          roundId: walletRoundId(current),
          amountMinor: Number(current.payoutMinor),
          roundClosed: true,
          detail: walletDetailOf(current),
        });
        balanceMinor = BigInt(answer.balanceMinor);
      } catch (error) {
        if (!isAppError(error, 'SEAMLESS_BET_ROLLED_BACK')) throw error;
        // The stake was refunded: the round pays nothing more.
        await repository.updateRound(
          current.id,
          { status: 'cancelled', errorCode: 'BUILTIN_ROUND_FINISHED' },
          'paying',
        );
        return { round: await reload(current), balanceMinor: null };
      }
      await repository.updateRound(
        current.id,
        { status: 'settled', settledAt: new Date(now()), resumePending: options.byJob },
        'paying',
      );
      current = await reload(current);
    }
    return { round: current, balanceMinor };
  }

  /** The member's available cash, read from the ledger (rounds no longer touch the wallet session). */
  async function balanceOf(session: BuiltinGameSession): Promise<bigint> {
    const { memberAccountId } = await context.accounts(session);
    const [account] = await deps.ledger.findAccounts([memberAccountId]);
    return (account?.balanceMinor ?? 0n) - (account?.heldMinor ?? 0n);
  }

  /** The answer of a round: a cancelled round answers its error (a retry gets it again). */
  async function answerOf(
    session: BuiltinGameSession,
    driven: { round: BuiltinRoundRow; balanceMinor: bigint | null },
  ) {
    if (driven.round.status === 'cancelled') {
      throw new AppError((driven.round.errorCode as ErrorCode | null) ?? 'BUILTIN_ROUND_FINISHED');
    }
    const balanceMinor = driven.balanceMinor ?? (await balanceOf(session));
    return { round: publicRound(driven.round), balance: minorToAmount(balanceMinor) };
  }

  async function sessionAnswer(
    token: string,
    session: BuiltinGameSession,
    merchant: Merchant,
  ): Promise<BuiltinSession> {
    // A closed tab or a crash left these half way: they are finished now, and shown once.
    for (const unsettled of await repository.unsettledRounds(session.memberId, session.gameCode)) {
      try {
        await drive(unsettled, { byJob: true });
      } catch (error) {
        // The wallet cannot finish it now: the game still opens, and the job tries again.
        logError(
          { roundId: unsettled.id.toString(), err: (error as Error).message },
          'built-in games: unfinished round not settled on opening',
        );
      }
    }
    const open = await repository.openRound(session.memberId, session.gameCode);
    const resume = open ?? (await repository.takeResumeRound(session.memberId, session.gameCode));
    const limits = limitsOf(merchant.builtinGames, session.gameCode);
    const [balanceMinor, seeds, gameName] = await Promise.all([
      balanceOf(session),
      seedService.seeds(session.memberId),
      deps.gameEntries.name(session.nodeId, session.language, merchant.defaultGameLanguage),
    ]);
    return {
      gameSession: token,
      gameCode: session.gameCode,
      gameName: gameName ?? session.gameCode,
      language: session.language,
      currency: session.currency,
      balance: minorToAmount(balanceMinor),
      limits: {
        minStake: minorToAmount(limits.minStakeMinor),
        maxStake: minorToAmount(limits.maxStakeMinor),
        maxPayout: minorToAmount(limits.maxPayoutMinor),
      },
      settings: {
        autoplayAllowed: merchant.builtinGames.autoplayAllowed,
        turboAllowed: merchant.builtinGames.turboAllowed,
      },
      seeds,
      resumeRound: resume ? publicRound(resume) : null,
    };
  }

  function checkStake(stakeMinor: bigint, limits: GameLimits) {
    if (stakeMinor < limits.minStakeMinor || stakeMinor > limits.maxStakeMinor) {
      throw new AppError('BUILTIN_STAKE_OUT_OF_RANGE');
    }
  }

  /** The accounts of a stored round's member (its session gives the currency). */
  async function accountsOfRound(round: BuiltinRoundRow): Promise<RoundAccounts> {
    const session = await repository.findSession(round.sessionTokenHash);
    if (!session) throw new Error(`builtin round ${round.id} lost its session`);
    return context.accounts(session);
  }

  /**
   * Closes a stepped round left open too long with the handler's `abandon`: the result, the win
   * and the record's event in one transaction. A round paid through the seamless wallet (from
   * before the round transaction) goes on to `drive` as before.
   */
  async function abandonOpen(round: BuiltinRoundRow, handler: BuiltinGameHandler) {
    if (handler.kind !== 'stepped') return undefined;
    const accounts = round.paidThrough === 'ledger' ? await accountsOfRound(round) : undefined;
    return unitOfWork(async (executor) => {
      const queries = repository.within(executor);
      const locked = await queries.lockRound(round.id);
      if (locked?.status !== 'open') return locked;
      const result = handler.abandon(locked.state, locked.stakeMinor);
      const pay = capped(result.payoutMinor, locked.maxPayoutMinor);
      if (!accounts) {
        await queries.updateRound(locked.id, {
          state: result.state,
          view: result.view,
          status: 'paying',
          ...pay,
        });
        return { ...locked, status: 'paying' as const };
      }
      const settledAt = new Date(now());
      const finished: BuiltinRoundRow = {
        ...locked,
        state: result.state,
        view: result.view,
        status: 'settled',
        settledAt,
        resumePending: true,
        ...pay,
      };
      await queries.updateRound(locked.id, {
        state: result.state,
        view: result.view,
        status: 'settled',
        settledAt,
        resumePending: true,
        ...pay,
      });
      await money.finish(executor, finished, accounts);
      return finished;
    });
  }

  /** Drives one stalled round to its end (closing an open stepped round first); true when done. */
  async function recoverOne(round: BuiltinRoundRow): Promise<boolean> {
    let current = round;
    if (current.status === 'open') {
      const handler = builtinGameHandlerOf(current.gameCode);
      if (!handler) return false;
      const closed = await abandonOpen(current, handler);
      if (!closed) return false;
      current = closed;
    }
    if (current.status === 'settled' || current.status === 'cancelled') return true;
    const driven = await drive(current, { byJob: true });
    return driven.round.status === 'settled' || driven.round.status === 'cancelled';
  }

  /** The round a pair decides: its nonce's fair stream through the game's handler. */
  function decideRound(
    pair: SeedPair,
    handler: BuiltinGameHandler,
    base: Omit<NewRound, 'payoutMinor' | 'payoutCapped' | 'outcome' | 'view' | 'state'>,
    params: unknown,
  ): RoundToInsert {
    const source = fairRandomSource({
      serverSeed: pair.serverSeed,
      clientSeed: pair.clientSeed ?? '',
      nonce: pair.nonce,
    });
    if (handler.kind === 'instant') {
      const played = handler.play(source, params, base.stakeMinor);
      return {
        ...base,
        ...capped(played.payoutMinor, base.maxPayoutMinor),
        outcome: played.outcome,
        view: played.view,
        state: undefined,
        seedPair: pair,
        status: 'settled',
        settledAt: new Date(now()),
      };
    }
    const started = handler.start(source, params, base.stakeMinor);
    return {
      ...base,
      payoutMinor: 0n,
      payoutCapped: false,
      outcome: started.outcome,
      view: started.view,
      state: started.state,
      seedPair: pair,
      status: 'open',
      settledAt: null,
    };
  }

  /**
   * One new round in one transaction: the pair locked, the round of `clientRoundId` replayed if
   * it exists, else the nonce taken, the round stored, its stake (and an instant round's win)
   * moved, its record and event written. Anything refused rolls all of it back.
   */
  async function startRound(input: {
    session: BuiltinGameSession;
    clientRoundId: string;
    accounts: RoundAccounts;
    place: RoundRecordPlace;
    decide: (pair: SeedPair) => RoundToInsert;
  }): Promise<{ round: BuiltinRoundRow; created: boolean; balanceMinor: bigint }> {
    const { session, accounts } = input;
    const attempt = () =>
      unitOfWork(async (executor) => {
        const queries = repository.within(executor);
        const { pair, existingId } = await queries.lockActivePair(
          session.memberId,
          input.clientRoundId,
        );
        if (!pair) throw new AppError('SERVICE_UNAVAILABLE');
        const existing = existingId === null ? undefined : await queries.findRound(existingId);
        if (existing) {
          return {
            round: existing,
            created: false,
            balanceMinor: await money.balance(executor, accounts),
          };
        }
        const round = await queries.insertRound(input.decide(pair));
        await money.start(executor, round, accounts, input.place);
        const balanceMinor = await money.balance(executor, accounts);
        crashPoint('builtin.round.before-commit');
        return { round, created: true, balanceMinor };
      });
    const started = await attempt()
      .catch((error: unknown) => {
        // A twin committed while this one waited for the pair: the retry replays the twin.
        if (error instanceof RoundRaced) return attempt();
        throw error;
      })
      .catch((error: unknown) => {
        if (error instanceof RoundInPlay) throw new AppError('BUILTIN_ROUND_IN_PROGRESS');
        throw error;
      });
    if (started.created) crashPoint('builtin.round.after-commit');
    return started;
  }

  /**
   * One step of a stepped round in one transaction: the round locked, a retried step replayed,
   * else the step applied; a finishing step pays, settles and writes the event in it too.
   */
  async function stepRound(input: {
    session: BuiltinGameSession;
    handler: Extract<BuiltinGameHandler, { kind: 'stepped' }>;
    roundId: bigint;
    step: number;
    action: unknown;
    accounts: RoundAccounts;
  }): Promise<{ round: BuiltinRoundRow; balanceMinor: bigint }> {
    const { session, handler, accounts } = input;
    return unitOfWork(async (executor) => {
      const queries = repository.within(executor);
      const round = await queries.lockRound(input.roundId);
      if (!round || round.memberId !== session.memberId || round.gameCode !== session.gameCode) {
        throw new AppError('BUILTIN_ROUND_NOT_FOUND');
      }
      // A retry of a step already taken answers the round as it is now; the same step with
      // another action is not a retry.
      if (input.step < round.steps) {
        if (!sameStepAction(round, input.step, input.action)) {
          throw new AppError('BUILTIN_STEP_ACTION_CONFLICT');
        }
        return { round, balanceMinor: await money.balance(executor, accounts) };
      }
      if (input.step > round.steps) throw new AppError('BUILTIN_STEP_CONFLICT');
      if (round.status !== 'open') throw new AppError('BUILTIN_ROUND_FINISHED');
      const result = handler.act(round.state, input.action, round.stakeMinor);
      const ledgerPaid = round.paidThrough === 'ledger';
      const update = {
        state: result.state,
        view: result.view,
        steps: round.steps + 1,
        stepActions: [...round.stepActions, input.action],
        ...(result.finished
          ? {
              // An older round pays through the seamless wallet after this commit (`drive`).
              status: ledgerPaid ? ('settled' as const) : ('paying' as const),
              ...capped(result.payoutMinor, round.maxPayoutMinor),
              ...(ledgerPaid ? { settledAt: new Date(now()) } : {}),
            }
          : {}),
      };
      await queries.updateRound(round.id, update);
      const stepped: BuiltinRoundRow = { ...round, ...update };
      if (result.finished && ledgerPaid) await money.finish(executor, stepped, accounts);
      const balanceMinor = await money.balance(executor, accounts);
      crashPoint('builtin.step.before-commit');
      return { round: stepped, balanceMinor };
    });
  }

  return {
    /** Spends the launch token (seamless authenticate) and opens the play shell's session. */
    async open(launchToken: string, merchant: Merchant): Promise<BuiltinSession> {
      let authenticated: Awaited<ReturnType<SeamlessWallet['authenticate']>>;
      try {
        authenticated = await wallet.authenticate(BUILTIN_VASSALAGE, { launchToken });
      } catch (error) {
        if (isAppError(error)) throw new AppError('BUILTIN_SESSION_INVALID');
        throw error;
      }
      // The wallet's new session names the member; our own session row sits beside it.
      const owner = await deps.walletSessionOwner(authenticated.sessionId);
      if (!owner || owner.merchantCode !== merchant.code) {
        throw new AppError('BUILTIN_SESSION_INVALID');
      }
      const memberId = owner.memberId;
      const token = randomBytes(GAME_SESSION_BYTES).toString('base64url');
      const session = {
        tokenHash: hashGameSession(token),
        walletSessionId: authenticated.sessionId,
        merchantCode: merchant.code,
        memberId,
        nodeId: BigInt(authenticated.nodeId),
        gameCode: authenticated.gameCode,
        currency: authenticated.currency,
        language: authenticated.language,
      };
      await repository.insertSession(session);
      const opened = { ...session, lastUsedAt: new Date(now()) };
      context.remember(opened);
      return sessionAnswer(token, opened, merchant);
    },

    async session(token: string, merchant: Merchant): Promise<BuiltinSession> {
      return sessionAnswer(token, await sessionOf(token, merchant), merchant);
    },

    async balance(token: string, merchant: Merchant) {
      const session = await sessionOf(token, merchant);
      return { balance: minorToAmount(await balanceOf(session)), currency: session.currency };
    },

    async play(
      token: string,
      merchant: Merchant,
      input: { clientRoundId: string; params: unknown },
    ) {
      const session = await sessionOf(token, merchant);
      const handler = handlerOrThrow(session.gameCode);
      // Stored as parsed, never as sent: the schema's keys and bounds are all a round keeps.
      const params = parseWith(handler.paramsSchema, input.params, 'params');
      const limits = limitsOf(merchant.builtinGames, session.gameCode);
      const stakeMinor = handler.stakeOf(params, limits);
      checkStake(stakeMinor, limits);
      const [place, accounts] = await Promise.all([
        recordPlaceOf(session),
        context.accounts(session),
        context.ensureSeeds(session.memberId),
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
      const started = await startRound({
        session,
        clientRoundId: input.clientRoundId,
        accounts,
        place,
        decide: (pair) => decideRound(pair, handler, base, params),
      });
      const { round } = started;
      if (
        !started.created &&
        (round.paramsFingerprint !== paramsFingerprint || round.gameCode !== session.gameCode)
      ) {
        throw new AppError('BUILTIN_ROUND_CONFLICT');
      }
      // Only a round from before the round transaction can be half way (pending or paying).
      if (round.status === 'pending' || round.status === 'paying') {
        return answerOf(session, await drive(round, { byJob: false }));
      }
      return answerOf(session, started);
    },

    async act(
      token: string,
      merchant: Merchant,
      input: { roundId: string; step: number; action: unknown },
    ) {
      const session = await sessionOf(token, merchant);
      const handler = handlerOrThrow(session.gameCode);
      if (handler.kind !== 'stepped') throw new AppError('BUILTIN_PARAMS_INVALID');
      const action = parseWith(handler.actionSchema, input.action, 'action');
      const stepped = await stepRound({
        session,
        handler,
        roundId: BigInt(input.roundId),
        step: input.step,
        action,
        accounts: await context.accounts(session),
      });
      if (stepped.round.status === 'pending' || stepped.round.status === 'paying') {
        return answerOf(session, await drive(stepped.round, { byJob: false }));
      }
      return answerOf(session, stepped);
    },

    async history(token: string, merchant: Merchant, page: { pageNo: number; pageSize: number }) {
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

    async seeds(token: string, merchant: Merchant) {
      const session = await sessionOf(token, merchant);
      return seedService.seeds(session.memberId);
    },

    async rotateSeed(token: string, merchant: Merchant, clientSeed: string | null) {
      const session = await sessionOf(token, merchant);
      return seedService.rotate(session.memberId, clientSeed);
    },

    /** The member behind a game session (for rate limits keyed by member). */
    async memberOf(token: string, merchant: Merchant): Promise<bigint> {
      return (await sessionOf(token, merchant)).memberId;
    },

    /**
     * The recovery job: drives rounds a crash or a lost connection left pending or paying, and
     * closes stepped rounds left open too long with the handler's `abandon`. Answers how many
     * rounds it finished.
     */
    async recover(): Promise<number> {
      const stalled = await repository.stalledRounds(
        new Date(now() - BUILTIN_ROUND_RECOVER_AFTER_MS),
        new Date(now() - BUILTIN_STEPPED_ROUND_ABANDON_AFTER_MS),
        BUILTIN_RECOVERY_BATCH,
      );
      let finished = 0;
      for (const round of stalled) {
        try {
          if (await recoverOne(round)) finished += 1;
        } catch (error) {
          // One round that cannot go on (the wallet down, a lost session) must not hold up the rest.
          logError(
            { roundId: round.id.toString(), err: (error as Error).message },
            'built-in games: interrupted round not finished',
          );
        }
      }
      return finished;
    },

    prune(): Promise<void> {
      return repository.pruneSessions(new Date(now() - BUILTIN_SESSION_RETENTION_MS));
    },
  };
}
