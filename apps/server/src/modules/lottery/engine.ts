import { randomBytes } from 'node:crypto';
import { type LotteryDrawEventType, type LotteryResult, lotteryDrawTopic } from '@app/contract';
import { hashServerSeed } from '@app/game-math';
import { crashPoint } from '../../safety/crash-points.js';
import type { LedgerService } from '../ledger/index.js';
import type { EngineRounds } from '../providers/index.js';
import type { BetOutcome, LotteryBetRepository, SettleLine } from './bets/repository.js';
import { betTypeFor, drawHouseResult, settleLine } from './maths.js';
import {
  betRoundRef,
  LOTTERY_REFUND_CODE,
  LOTTERY_WIN_CODE,
  type LotteryAccounts,
  refundTransferId,
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
}) {
  const { repository, bets, ledger, accounts, rounds, log } = deps;
  const batchSize = deps.settleBatchSize ?? SETTLE_BATCH_SIZE;
  const refundBatchSize = deps.settleBatchSize ?? REFUND_BATCH_SIZE;
  const settleWorkers = deps.settleWorkers ?? SETTLE_WORKERS;

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

  function outcomeOf(game: LotteryGameRecord, line: SettleLine, result: LotteryResult): BetOutcome {
    const betType = betTypeFor(game.format, line.betType);
    if (!betType) throw new Error(`bet ${line.id}: unknown bet type ${line.betType}`);
    const { hits, payoutMinor } = settleLine(
      betType,
      { numbers: line.numbers, position: line.position },
      line.amountPerPointMinor,
      result,
    );
    return { betId: line.id, status: payoutMinor > 0n ? 'won' : 'lost', hits, payoutMinor };
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
   * Credits each won bet's payout from the house to its member, as one ledger set (one
   * transfer per bet, id `lottery:win:<betId>`). The accounts are looked up first, on the
   * pool: once this transaction has moved a house row, a lookup on another connection would
   * wait for it on the unique index.
   */
  async function creditWins(
    executor: Parameters<LedgerService['transferSetWithin']>[0],
    draw: LotteryDrawRecord,
    game: LotteryGameRecord,
    wins: readonly { line: SettleLine; payoutMinor: bigint }[],
  ): Promise<void> {
    if (wins.length === 0) return;
    const transfers = [];
    for (const group of groupByMerchantAndCurrency(wins)) {
      const accountsOf = await accounts.ofMany({
        merchantCode: group.merchantCode,
        currency: group.currency,
        vassalage: game.vassalage,
        memberIds: group.wins.map((win) => win.line.memberId),
      });
      for (const win of group.wins) {
        const pair = accountsOf.get(win.line.memberId);
        if (!pair) throw new Error(`lottery: no accounts for member ${win.line.memberId}`);
        transfers.push({
          id: winTransferId(win.line.id),
          debitAccountId: pair.houseAccountId,
          creditAccountId: pair.memberAccountId,
          amountMinor: win.payoutMinor,
          code: LOTTERY_WIN_CODE,
          reference: `lottery:${draw.gameCode}:${draw.drawNo}`,
        });
      }
    }
    await ledger.transferSetWithin(executor, transfers);
  }

  /**
   * Settles one chunk of a drawn draw's open bets as sets (docs/lottery-engine.md, "Settlement
   * as sets"): one statement locks and reads the chunk, the maths runs here, then one statement
   * each writes the outcomes, posts the wins and settles the rounds with their events. Answers
   * how many bets it took (0: none left).
   */
  async function settleChunk(
    draw: LotteryDrawRecord,
    game: LotteryGameRecord,
    afterId: bigint,
  ): Promise<BatchTaken> {
    const result = draw.result;
    if (!result) throw new Error(`draw ${draw.id} is drawn without a result`);
    const taken = await bets.transaction(async (queries, executor): Promise<BatchTaken> => {
      const chunk = await queries.lockOpenChunk(draw.id, batchSize, afterId);
      if (chunk.length === 0) return { taken: 0, lastId: afterId };
      const outcomes = chunk.map((line) => outcomeOf(game, line, result));
      const changed = await queries.applyOutcomes(outcomes);
      const settled = chunk
        .map((line, index) => ({ line, outcome: outcomes[index] as BetOutcome }))
        .filter(({ line }) => changed.has(line.id));
      // The rounds and their events first: the wins lock the house's balance rows, which every
      // other settler needs too, so they are taken last and held only until the commit.
      await rounds.settleSetWithin(executor, {
        vassalage: game.vassalage,
        gameCode: game.nodeId === null ? null : game.gameCode,
        sharedDetail: { result },
        rounds: settled.map(({ outcome }) => ({
          roundRef: betRoundRef(outcome.betId),
          winMinor: outcome.payoutMinor,
          detail: { hits: outcome.hits },
        })),
      });
      await creditWins(
        executor,
        draw,
        game,
        settled
          .filter(({ outcome }) => outcome.payoutMinor > 0n)
          .map(({ line, outcome }) => ({ line, payoutMinor: outcome.payoutMinor })),
      );
      crashPoint('lottery.settle-batch.before-commit');
      return { taken: chunk.length, lastId: chunk[chunk.length - 1]?.id ?? afterId };
    });
    if (taken.taken > 0) crashPoint('lottery.settle-batch.after-commit');
    return taken;
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
        refunded.map((bet) => ({
          vassalage: game.vassalage,
          roundRef: betRoundRef(bet.id),
          status: 'cancelled' as const,
          winMinor: 0n,
          refundedMinor: bet.stakeMinor,
          detail: { void: true },
        })),
      );
      return { taken: batch.length, lastId: batch[batch.length - 1]?.id ?? afterId };
    });
  }

  /** One settler: chunk after chunk until it finds no open bet it can lock. */
  async function settleChunks(draw: LotteryDrawRecord, game: LotteryGameRecord): Promise<number> {
    let settled = 0;
    let lastId = 0n;
    for (;;) {
      const chunk = await settleChunk(draw, game, lastId);
      if (chunk.taken === 0) return settled;
      settled += chunk.taken;
      lastId = chunk.lastId;
    }
  }

  return {
    ensureDraws,
    advance,

    /**
     * Settles a drawn draw in batches, then marks it settled (once, whoever finishes). Safe to
     * run again after a crash, or beside another settler: each batch locks its bets.
     */
    async settleDraw(drawId: bigint): Promise<number> {
      const draw = await drawOf(drawId);
      if (draw?.status !== 'drawn') return 0;
      const game = await gameOf(draw.gameId);
      // SETTLE_WORKERS chunks at once, each on its own connection: they split the bets through
      // SKIP LOCKED and overlap everything but the house rows' lock.
      // Every settler ends before the call does (a failed one leaves its chunk open for the
      // next run); the first failure is then reported.
      const runs = await Promise.allSettled(
        Array.from({ length: settleWorkers }, () => settleChunks(draw, game)),
      );
      const failed = runs.find((run) => run.status === 'rejected');
      if (failed) throw failed.reason;
      const counts = runs.map((run) => (run.status === 'fulfilled' ? run.value : 0));
      const done = await repository.markSettled(draw.id);
      if (done) await publish('settled', done);
      return counts.reduce((sum, count) => sum + count, 0);
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

/** Wins grouped by the merchant and currency of their accounts (a draw has one of each today). */
function groupByMerchantAndCurrency<T extends { line: SettleLine }>(
  wins: readonly T[],
): { merchantCode: string; currency: string; wins: T[] }[] {
  const groups = new Map<string, { merchantCode: string; currency: string; wins: T[] }>();
  for (const win of wins) {
    const key = `${win.line.merchantCode}\u0000${win.line.currency}`;
    let group = groups.get(key);
    if (!group) {
      group = { merchantCode: win.line.merchantCode, currency: win.line.currency, wins: [] };
      groups.set(key, group);
    }
    group.wins.push(win);
  }
  return [...groups.values()];
}
