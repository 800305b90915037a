import { randomBytes } from 'node:crypto';
import { type LotteryDrawEventType, type LotteryResult, lotteryDrawTopic } from '@app/contract';
import { hashServerSeed } from '@app/game-math';
import type { Db } from '../../db/database.js';
import { crashPoint } from '../../safety/crash-points.js';
import type { LedgerService } from '../ledger/index.js';
import type { EngineRounds } from '../providers/index.js';
import type {
  BetOutcome,
  LotteryBetQueries,
  LotteryBetRepository,
  SettleLine,
  SlipTotal,
} from './bets/repository.js';
import { betTypeFor, drawHouseResult, settleLine } from './maths.js';
import {
  betRoundRef,
  LOTTERY_REFUND_CODE,
  LOTTERY_WIN_CODE,
  type LotteryAccounts,
  refundTransferId,
  slipRoundRef,
  slipWinTransferId,
  winTransferId,
} from './money.js';
import { drawEvent } from './presenters.js';
import type { LotteryRepository } from './repository.js';
import { planDraws } from './schedule.js';
import type { LotteryBetRecord, LotteryDrawRecord, LotteryGameRecord, NewDraw } from './types.js';

/**
 * Bets settled per database transaction (a chunk): a crash loses at most one chunk's work,
 * redone by the next run. 5,000 keeps a chunk's transaction near a tenth of a second on the
 * shared machine (members' balances are locked that long) while the fixed statements per chunk
 * cost little per bet; the ledger set limit (TRANSFER_SET_MAX_SIZE) is above it.
 */
export const SETTLE_BATCH_SIZE = 5_000;
/**
 * Chunks settled at once per draw, each on its own pooled connection: two keep both cores of a
 * small database busy; more would only queue on the house accounts' rows, which every chunk
 * with a win locks (and on the pool's DATABASE_POOL_MAX_CONNECTIONS).
 */
export const SETTLE_WORKERS = 2;
/**
 * Slips settled per transaction in the second pass: each is up to one win transfer, one round
 * and one event, so 2,000 keeps a chunk near the first pass's size in rows written, and the
 * ledger set (TRANSFER_SET_MAX_SIZE) above it.
 */
export const SLIP_SETTLE_BATCH_SIZE = 2_000;
/**
 * Bets refunded per transaction of a void draw: the refund goes bet by bet through the ledger's
 * batch call (rare, operator-made), so it keeps the smaller batch.
 */
export const REFUND_BATCH_SIZE = 500;
/** Bytes of a house draw's seed (hex in the row), from the CSPRNG. */
const SEED_BYTES = 32;

export type LotteryPublish = (event: {
  merchantCode: string;
  topic: string;
  data: unknown;
}) => Promise<void>;

/** What one settlement or refund batch took: how many bets, up to which id. */
interface BatchTaken {
  taken: number;
  lastId: bigint;
}

export interface EngineLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The public key of a house draw: `drawSeededResult`'s `drawKey`, known before the draw. */
export function drawKeyOf(gameCode: string, drawNo: string): string {
  return `${gameCode}:${drawNo}`;
}

/**
 * The draw machine: plans draws, opens, closes and draws them, settles and refunds their bets.
 * Every step is a conditional update on the draw's or bet's status, so running it twice, or on
 * several instances at once, changes each thing once (docs/lottery-engine.md).
 */
export function createLotteryEngine(deps: {
  repository: LotteryRepository;
  bets: LotteryBetRepository;
  ledger: LedgerService;
  accounts: LotteryAccounts;
  rounds: EngineRounds;
  publish?: LotteryPublish | undefined;
  log: EngineLog;
  settleBatchSize?: number;
  settleWorkers?: number;
  slipSettleBatchSize?: number;
}) {
  const { repository, bets, ledger, accounts, rounds, log } = deps;
  const batchSize = deps.settleBatchSize ?? SETTLE_BATCH_SIZE;
  const refundBatchSize = deps.settleBatchSize ?? REFUND_BATCH_SIZE;
  const settleWorkers = deps.settleWorkers ?? SETTLE_WORKERS;
  const slipBatchSize = deps.slipSettleBatchSize ?? SLIP_SETTLE_BATCH_SIZE;

  async function publish(type: LotteryDrawEventType, draw: LotteryDrawRecord): Promise<void> {
    if (!deps.publish) return;
    try {
      await deps.publish({
        merchantCode: draw.merchantCode,
        topic: lotteryDrawTopic(draw.gameCode),
        data: drawEvent(type, draw),
      });
    } catch (error) {
      // Pages refetch on reconnect; a lost event never blocks the draw.
      log.error(
        { drawId: draw.id.toString(), type, error: String(error) },
        'lottery event not published',
      );
    }
  }

  const gameCache = new Map<bigint, LotteryGameRecord>();
  async function gameOf(gameId: bigint): Promise<LotteryGameRecord> {
    const known = gameCache.get(gameId);
    if (known) return known;
    const game = await repository.gameById(gameId);
    if (!game) throw new Error(`lottery game ${gameId} missing`);
    gameCache.set(gameId, game);
    return game;
  }

  /** Creates the next draws of every enabled game (the unique game+time keeps one of each). */
  async function ensureDraws(now: Date): Promise<number> {
    let created = 0;
    for (const game of await repository.allEnabledGames()) {
      const planned = planDraws({
        schedule: game.schedule,
        closeOffsetSeconds: game.closeOffsetSeconds,
        latestDrawAt: await repository.latestDrawAt(game.id),
        now,
      });
      const draws: NewDraw[] = planned.map((plan) => {
        const seed = game.source === 'house' ? randomBytes(SEED_BYTES).toString('hex') : null;
        return {
          gameId: game.id,
          merchantCode: game.merchantCode,
          ...plan,
          seed,
          seedHash: seed === null ? null : hashServerSeed(seed),
          drawKey: game.source === 'house' ? drawKeyOf(game.gameCode, plan.drawNo) : null,
          limits: {
            minStakeMinor: game.minStakeMinor,
            maxStakeMinor: game.maxStakeMinor,
            maxLiabilityMinor: game.maxLiabilityMinor,
          },
        };
      });
      created += await repository.insertDraws(draws);
    }
    return created;
  }

  /** Opens, closes and draws what is due; each change is published by whoever made it. */
  async function advance(now: Date): Promise<void> {
    for (const draw of await repository.openDue(now)) await publish('opened', draw);
    for (const draw of await repository.closeDue(now)) await publish('closed', draw);
    for (const draw of await repository.houseDrawsDue(now)) {
      const game = await gameOf(draw.gameId);
      if (!draw.seed || !draw.drawKey) throw new Error(`house draw ${draw.id} has no seed`);
      const result = drawHouseResult(game.format, { serverSeed: draw.seed, drawKey: draw.drawKey });
      const drawn = await repository.markDrawn(draw.id, result);
      if (drawn) await publish('drawn', drawn);
    }
  }

  /**
   * Each bet's outcome from the maths. Many bets of a draw are the same line (the same type,
   * position, numbers and amount per point), and a line's outcome depends on nothing else, so
   * each distinct line is computed once per chunk.
   */
  function outcomesOf(
    game: LotteryGameRecord,
    chunk: readonly SettleLine[],
    result: LotteryResult,
  ): BetOutcome[] {
    const known = new Map<string, { hits: number; payoutMinor: bigint }>();
    return chunk.map((line) => {
      const key = `${line.betType}\u0000${line.position}\u0000${line.amountPerPointMinor}\u0000${line.numbers.join('\u0000')}`;
      let settled = known.get(key);
      if (!settled) {
        const betType = betTypeFor(game.format, line.betType);
        if (!betType) throw new Error(`bet ${line.id}: unknown bet type ${line.betType}`);
        settled = settleLine(
          betType,
          { numbers: line.numbers, position: line.position },
          line.amountPerPointMinor,
          result,
        );
        known.set(key, settled);
      }
      const { hits, payoutMinor } = settled;
      return { betId: line.id, status: payoutMinor > 0n ? 'won' : 'lost', hits, payoutMinor };
    });
  }

  /**
   * Credits `amount` of each changed bet from the house to its member, once (transfer id per
   * bet). The accounts are looked up first: once this transaction has moved a house row, a
   * lookup on another connection would wait for it on the unique index.
   */
  async function creditBets(
    executor: Parameters<LedgerService['transferWithin']>[0],
    game: LotteryGameRecord,
    credits: { bet: LotteryBetRecord; amountMinor: bigint; kind: 'win' | 'refund' }[],
  ): Promise<void> {
    const paid = credits.filter((credit) => credit.amountMinor > 0n);
    const accountsOf: { memberAccountId: bigint; houseAccountId: bigint }[] = [];
    for (const credit of paid) {
      accountsOf.push(
        await accounts.of({
          merchantCode: credit.bet.merchantCode,
          memberId: credit.bet.memberId,
          currency: credit.bet.currency,
          vassalage: game.vassalage,
        }),
      );
    }
    await ledger.transferBatchWithin(
      executor,
      paid.map((credit, index) => {
        const { memberAccountId, houseAccountId } = accountsOf[index] as {
          memberAccountId: bigint;
          houseAccountId: bigint;
        };
        return {
          id:
            credit.kind === 'win' ? winTransferId(credit.bet.id) : refundTransferId(credit.bet.id),
          debitAccountId: houseAccountId,
          creditAccountId: memberAccountId,
          amountMinor: credit.amountMinor,
          code: credit.kind === 'win' ? LOTTERY_WIN_CODE : LOTTERY_REFUND_CODE,
          reference: `lottery:${credit.bet.gameCode}:${credit.bet.drawNo}`,
        };
      }),
    );
  }

  /**
   * The ledger transfers of wins, one per key (a slip, or a bet of a slip placed before per-slip
   * settlement), from the house to the member. The accounts are looked up first, on the pool:
   * once this transaction has moved a house row, a lookup on another connection would wait for
   * it on the unique index.
   */
  async function winTransfers(
    draw: LotteryDrawRecord,
    game: LotteryGameRecord,
    wins: readonly WinToPay[],
  ): Promise<Parameters<LedgerService['transferSetWithin']>[1][number][]> {
    const transfers = [];
    for (const group of groupByMerchantAndCurrency(wins)) {
      const accountsOf = await accounts.ofMany({
        merchantCode: group.merchantCode,
        currency: group.currency,
        vassalage: game.vassalage,
        memberIds: group.wins.map((win) => win.memberId),
      });
      for (const win of group.wins) {
        const pair = accountsOf.get(win.memberId);
        if (!pair) throw new Error(`lottery: no accounts for member ${win.memberId}`);
        transfers.push({
          id: win.transferId,
          debitAccountId: pair.houseAccountId,
          creditAccountId: pair.memberAccountId,
          amountMinor: win.amountMinor,
          code: LOTTERY_WIN_CODE,
          reference: `lottery:${draw.gameCode}:${draw.drawNo}`,
        });
      }
    }
    return transfers;
  }

  /**
   * The bets of slips placed before per-slip settlement, in their chunk's transaction: each
   * bet's own round closed with its event, and each won bet paid by its own transfer.
   */
  async function settleLegacyBets(
    executor: Db,
    draw: LotteryDrawRecord,
    game: LotteryGameRecord,
    settled: readonly { line: SettleLine; outcome: BetOutcome }[],
  ): Promise<void> {
    if (settled.length === 0) return;
    await rounds.settleSetWithin(executor, {
      vassalage: game.vassalage,
      gameCode: game.nodeId === null ? null : game.gameCode,
      sharedDetail: { result: draw.result },
      rounds: settled.map(({ outcome }) => ({
        roundRef: betRoundRef(outcome.betId),
        winMinor: outcome.payoutMinor,
        detail: { hits: outcome.hits },
      })),
    });
    const wins = settled
      .filter(({ outcome }) => outcome.payoutMinor > 0n)
      .map(({ line, outcome }) => ({
        transferId: winTransferId(line.id),
        merchantCode: line.merchantCode,
        memberId: line.memberId,
        currency: line.currency,
        amountMinor: outcome.payoutMinor,
      }));
    if (wins.length > 0) {
      await ledger.transferSetWithin(executor, await winTransfers(draw, game, wins));
    }
  }

  /**
   * Pass one of a drawn draw (docs/lottery-engine.md, "Settlement in two passes"): one chunk
   * of open bets gets its outcomes, computed here by the maths, in one statement. A chunk with
   * bets of slips placed before per-slip settlement also settles those bets' rounds and wins,
   * in the same transaction.
   */
  async function settleBetChunk(
    draw: LotteryDrawRecord,
    game: LotteryGameRecord,
    chunk: readonly SettleLine[],
    legacySlips: ReadonlySet<string>,
  ): Promise<number> {
    const result = draw.result;
    if (!result) throw new Error(`draw ${draw.id} is drawn without a result`);
    const outcomes = outcomesOf(game, chunk, result);
    const range = chunkRange(chunk);
    const hasLegacy = legacySlips.size > 0 && chunk.some((line) => legacySlips.has(line.slipId));
    const changedCount = await bets.transaction(async (queries, executor) => {
      const changed = await queries.applyOutcomes(outcomes, range, hasLegacy);
      if (hasLegacy) {
        await settleLegacyBets(
          executor,
          draw,
          game,
          chunk
            .map((line, index) => ({ line, outcome: outcomes[index] as BetOutcome }))
            .filter(({ line }) => changed.ids.has(line.id) && legacySlips.has(line.slipId)),
        );
      }
      crashPoint('lottery.settle-batch.before-commit');
      return changed.count;
    });
    crashPoint('lottery.settle-batch.after-commit');
    return changedCount;
  }

  /**
   * Pass two, one chunk of slips in one transaction: each slip whose bets are all settled gets
   * one win transfer for the sum of its won bets (`lottery:win:slip:<slipId>`), its round
   * closed and its `round.settled` event, and is marked settled. A slip with a bet still open
   * (a chunk of another settler, not yet committed) is left to that settler or the next tick.
   */
  async function settleSlipChunk(
    draw: LotteryDrawRecord,
    game: LotteryGameRecord,
    slips: readonly SlipTotal[],
    executor: Db,
    queries: LotteryBetQueries,
  ): Promise<void> {
    const ready = slips.filter((slip) => !slip.hasOpenBets && slip.currency !== null);
    const perSlip = ready.filter((slip) => slip.roundPerSlip);
    // The rounds and their events first: the wins lock the house's balance rows, which every
    // other settler needs too, so they are taken last and held only until the commit.
    await rounds.settleSetWithin(executor, {
      vassalage: game.vassalage,
      gameCode: game.nodeId === null ? null : game.gameCode,
      sharedDetail: { result: draw.result },
      rounds: perSlip.map((slip) => ({
        roundRef: slipRoundRef(slip.slipId),
        winMinor: slip.winMinor,
        detail: {},
      })),
    });
    const wins = perSlip
      .filter((slip) => slip.winMinor > 0n)
      .map((slip) => ({
        transferId: slipWinTransferId(slip.slipId),
        merchantCode: slip.merchantCode,
        memberId: slip.memberId,
        currency: slip.currency as string,
        amountMinor: slip.winMinor,
      }));
    if (wins.length > 0) {
      await ledger.transferSetWithin(executor, await winTransfers(draw, game, wins));
    }
    await queries.markSlipsSettled(ready.map((slip) => slip.slipId));
    crashPoint('lottery.settle-slips.before-commit');
  }

  /** Refunds one batch of a void draw's open bets; answers how many it took. */
  async function refundBatch(
    draw: LotteryDrawRecord,
    game: LotteryGameRecord,
    afterId: bigint,
  ): Promise<BatchTaken> {
    return bets.transaction(async (queries, executor) => {
      const batch = await queries.lockOpenBatch(draw.id, refundBatchSize, afterId);
      if (batch.length === 0) return { taken: 0, lastId: afterId };
      const refunded = await queries.refundBets(
        batch.map((bet) => bet.id),
        'void',
      );
      await creditBets(
        executor,
        game,
        refunded.map((bet) => ({ bet, amountMinor: bet.stakeMinor, kind: 'refund' as const })),
      );
      await rounds.closeWithin(
        executor,
        refunded
          .filter((bet) => !bet.roundPerSlip)
          .map((bet) => ({
            vassalage: game.vassalage,
            roundRef: betRoundRef(bet.id),
            status: 'cancelled' as const,
            winMinor: 0n,
            refundedMinor: bet.stakeMinor,
            detail: { void: true },
          })),
      );
      // A slip's round is cancelled once the refunds of its bets reach its whole stake.
      await rounds.refundPartsWithin(executor, {
        vassalage: game.vassalage,
        parts: refunded
          .filter((bet) => bet.roundPerSlip)
          .map((bet) => ({
            roundRef: slipRoundRef(bet.slipId),
            refundMinor: bet.stakeMinor,
            transactionId: refundTransferId(bet.id),
          })),
      });
      return { taken: batch.length, lastId: batch[batch.length - 1]?.id ?? afterId };
    });
  }

  /**
   * Pass one with `settleWorkers` settlers on their own connections: each takes the next chunk
   * of open bets (the reads are one at a time, so the settlers take different chunks) and
   * writes its outcomes. Every settler ends before this does; the first failure is then thrown.
   */
  async function settleBets(draw: LotteryDrawRecord, game: LotteryGameRecord): Promise<number> {
    const legacySlips = await bets.legacySlipIds(draw.id);
    let afterId = 0n;
    const nextChunk = oneAtATime(async () => {
      const chunk = await bets.openChunk(draw.id, batchSize, afterId);
      afterId = chunk[chunk.length - 1]?.id ?? afterId;
      return chunk;
    });
    const settler = async () => {
      let settled = 0;
      for (;;) {
        const chunk = await nextChunk();
        if (chunk.length === 0) return settled;
        settled += await settleBetChunk(draw, game, chunk, legacySlips);
      }
    };
    return sumOfAll(Array.from({ length: settleWorkers }, settler));
  }

  /** Pass two with `settleWorkers` settlers, each taking the next chunk of unsettled slips. */
  async function settleSlips(draw: LotteryDrawRecord, game: LotteryGameRecord): Promise<number> {
    let afterId = FIRST_SLIP_ID;
    const lockNext = oneAtATime(async (queries: LotteryBetQueries) => {
      const slips = await queries.lockUnsettledSlips(draw.id, slipBatchSize, afterId);
      afterId = slips[slips.length - 1]?.slipId ?? afterId;
      return slips;
    });
    const settler = async () => {
      let taken = 0;
      for (;;) {
        const slips = await bets.transaction(async (queries, executor) => {
          const locked = await lockNext(queries);
          if (locked.length > 0) await settleSlipChunk(draw, game, locked, executor, queries);
          return locked.length;
        });
        if (slips === 0) return taken;
        crashPoint('lottery.settle-slips.after-commit');
        taken += slips;
      }
    };
    return sumOfAll(Array.from({ length: settleWorkers }, settler));
  }

  return {
    ensureDraws,
    advance,

    /**
     * Settles a drawn draw in two passes (bets, then slips), then marks it settled (once,
     * whoever finishes). Safe to run again after a crash, or beside another settler: each
     * write changes only bets still open and slips not yet settled.
     */
    async settleDraw(drawId: bigint): Promise<number> {
      const draw = await drawOf(drawId);
      if (draw?.status !== 'drawn') return 0;
      const game = await gameOf(draw.gameId);
      const settled = await settleBets(draw, game);
      await settleSlips(draw, game);
      const done = await repository.markSettled(draw.id);
      if (done) await publish('settled', done);
      return settled;
    },

    /** Refunds every open bet of a void draw, in batches; each bet once. */
    async refundVoidDraw(drawId: bigint): Promise<number> {
      const draw = await drawOf(drawId);
      if (draw?.status !== 'void') return 0;
      const game = await gameOf(draw.gameId);
      let refunded = 0;
      let lastId = 0n;
      for (;;) {
        const batch = await refundBatch(draw, game, lastId);
        if (batch.taken === 0) break;
        refunded += batch.taken;
        lastId = batch.lastId;
      }
      return refunded;
    },

    publish,
  };

  function drawOf(drawId: bigint): Promise<LotteryDrawRecord | undefined> {
    return repository.drawByIdAnyMerchant(drawId);
  }
}

export type LotteryEngine = ReturnType<typeof createLotteryEngine>;

/** One pass of the scheduler: plan, advance, then settle and refund whatever waits. */
export async function runLotteryTick(
  engine: LotteryEngine,
  repository: LotteryRepository,
  now: Date,
): Promise<void> {
  await engine.ensureDraws(now);
  await engine.advance(now);
  const work = await repository.drawsWithWork();
  for (const drawId of work.drawn) await engine.settleDraw(drawId);
  for (const drawId of work.voided) await engine.refundVoidDraw(drawId);
}

/** A win to pay: its transfer id, its member's merchant and currency, and the amount. */
interface WinToPay {
  transferId: string;
  merchantCode: string;
  memberId: bigint;
  currency: string;
  amountMinor: bigint;
}

/** Wins grouped by the merchant and currency of their accounts (a draw has one of each today). */
function groupByMerchantAndCurrency<T extends { merchantCode: string; currency: string }>(
  wins: readonly T[],
): { merchantCode: string; currency: string; wins: T[] }[] {
  const groups = new Map<string, { merchantCode: string; currency: string; wins: T[] }>();
  for (const win of wins) {
    const key = `${win.merchantCode}\u0000${win.currency}`;
    let group = groups.get(key);
    if (!group) {
      group = { merchantCode: win.merchantCode, currency: win.currency, wins: [] };
      groups.set(key, group);
    }
    group.wins.push(win);
  }
  return [...groups.values()];
}

/** The first slip id of the second pass's walk (uuids sort as bytes; none is below this). */
const FIRST_SLIP_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Wraps `work` so that its calls run one after another (the settlers' reads of the next chunk:
 * each moves a cursor that the next read starts from).
 */
function oneAtATime<A extends unknown[], T>(
  work: (...args: A) => Promise<T>,
): (...args: A) => Promise<T> {
  let queue: Promise<unknown> = Promise.resolve();
  return (...args: A) => {
    const run = queue.then(() => work(...args));
    queue = run.catch(() => undefined);
    return run;
  };
}

/** Waits for every run (a failed one leaves its chunk for the next run), then sums or throws. */
async function sumOfAll(runs: readonly Promise<number>[]): Promise<number> {
  const ended = await Promise.allSettled(runs);
  const failed = ended.find((run) => run.status === 'rejected');
  if (failed) throw failed.reason;
  return ended.reduce((sum, run) => sum + (run.status === 'fulfilled' ? run.value : 0), 0);
}

/**
 * The id range of a chunk (read in id order) and a range holding its bets' placing times (their
 * partition key). JavaScript dates keep milliseconds and the column microseconds, so the end is
 * one millisecond past the last.
 */
function chunkRange(chunk: readonly SettleLine[]): {
  fromId: bigint;
  toId: bigint;
  placedFrom: Date;
  placedTo: Date;
} {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const line of chunk) {
    const placedAtMs = line.placedAt.getTime();
    if (placedAtMs < from) from = placedAtMs;
    if (placedAtMs > to) to = placedAtMs;
  }
  return {
    fromId: chunk[0]?.id ?? 0n,
    toId: chunk[chunk.length - 1]?.id ?? 0n,
    placedFrom: new Date(from),
    placedTo: new Date(to + 1),
  };
}
