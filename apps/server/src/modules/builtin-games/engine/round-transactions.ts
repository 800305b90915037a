import { fairRandomSource } from '@app/game-math';
import { AppError } from '../../../http/app-error.js';
import { crashPoint } from '../../../safety/crash-points.js';
import type { BuiltinGameHandler } from '../games/types.js';
import type { RoundAccounts } from '../play-context.js';
import {
  type BuiltinGameSession,
  type BuiltinRoundRow,
  type NewRound,
  RoundInPlay,
  RoundRaced,
  type RoundToInsert,
  type SeedPair,
} from '../repository.js';
import { capped, sameStepAction } from '../round-helpers.js';
import type { RoundRecordPlace } from '../round-money.js';
import type { Engine } from './engine.js';

/**
 * The round transactions (docs/games-builtin.md): an instant round, a step of a stepped round,
 * and the closing of an abandoned one, each in one database transaction with its money, its
 * betting record and its event.
 */

export type RoundBase = Omit<
  NewRound,
  'payoutMinor' | 'payoutCapped' | 'outcome' | 'view' | 'state'
>;

/** A round and the member's balance inside the transaction that wrote it. */
export interface RoundAnswer {
  round: BuiltinRoundRow;
  balanceMinor: bigint;
}

/** The round a pair decides: its nonce's fair stream through the game's handler. */
export function decideRound(
  engine: Engine,
  pair: SeedPair,
  handler: BuiltinGameHandler,
  base: RoundBase,
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
      settledAt: new Date(engine.now()),
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
export async function startRound(
  engine: Engine,
  input: {
    session: BuiltinGameSession;
    clientRoundId: string;
    accounts: RoundAccounts;
    place: RoundRecordPlace;
    decide: (pair: SeedPair) => RoundToInsert;
  },
): Promise<RoundAnswer & { created: boolean }> {
  const { session, accounts } = input;
  const attempt = () =>
    engine.unitOfWork(async (executor) => {
      const queries = engine.repository.within(executor);
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
          balanceMinor: await engine.money.balance(executor, accounts),
        };
      }
      const round = await queries.insertRound(input.decide(pair));
      await engine.money.start(executor, round, accounts, input.place);
      const balanceMinor = await engine.money.balance(executor, accounts);
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
export function stepRound(
  engine: Engine,
  input: {
    session: BuiltinGameSession;
    handler: Extract<BuiltinGameHandler, { kind: 'stepped' }>;
    roundId: bigint;
    step: number;
    action: unknown;
    accounts: RoundAccounts;
  },
): Promise<RoundAnswer> {
  const { session, handler, accounts } = input;
  return engine.unitOfWork(async (executor) => {
    const queries = engine.repository.within(executor);
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
      return { round, balanceMinor: await engine.money.balance(executor, accounts) };
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
            // An older round pays through the seamless wallet after this commit.
            status: ledgerPaid ? ('settled' as const) : ('paying' as const),
            ...capped(result.payoutMinor, round.maxPayoutMinor),
            ...(ledgerPaid ? { settledAt: new Date(engine.now()) } : {}),
          }
        : {}),
    };
    await queries.updateRound(round.id, update);
    const stepped: BuiltinRoundRow = { ...round, ...update };
    if (result.finished && ledgerPaid) await engine.money.finish(executor, stepped, accounts);
    const balanceMinor = await engine.money.balance(executor, accounts);
    crashPoint('builtin.step.before-commit');
    return { round: stepped, balanceMinor };
  });
}

/** The accounts of a stored round's member (its session gives the currency). */
async function accountsOfRound(engine: Engine, round: BuiltinRoundRow): Promise<RoundAccounts> {
  const session = await engine.repository.findSession(round.sessionTokenHash);
  if (!session) throw new Error(`builtin round ${round.id} lost its session`);
  return engine.context.accounts(session);
}

/**
 * Closes a stepped round left open too long with the handler's `abandon`: the result, the win
 * and the record's event in one transaction. A round paid through the seamless wallet (from
 * before the round transaction) is only marked paying; the wallet pays it afterwards.
 */
export async function abandonOpenRound(
  engine: Engine,
  round: BuiltinRoundRow,
  handler: BuiltinGameHandler,
): Promise<BuiltinRoundRow | undefined> {
  if (handler.kind !== 'stepped') return undefined;
  const accounts =
    round.paidThrough === 'ledger' ? await accountsOfRound(engine, round) : undefined;
  return engine.unitOfWork(async (executor) => {
    const queries = engine.repository.within(executor);
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
    const closing = {
      state: result.state,
      view: result.view,
      status: 'settled' as const,
      settledAt: new Date(engine.now()),
      resumePending: true,
      ...pay,
    };
    await queries.updateRound(locked.id, closing);
    const finished: BuiltinRoundRow = { ...locked, ...closing };
    await engine.money.finish(executor, finished, accounts);
    return finished;
  });
}
