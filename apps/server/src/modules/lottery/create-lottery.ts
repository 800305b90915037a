import type { Db } from '../../db/database.js';
import type { AuditService } from '../audit/index.js';
import { createGameLookups, createListCache, type GameLookups } from '../games/index.js';
import type { LedgerService } from '../ledger/index.js';
import { createEngineRounds } from '../providers/index.js';
import { createLotteryBetRepository } from './bets/repository.js';
import {
  createLotteryEngine,
  type EngineLog,
  type LotteryPublish,
  runLotteryTick,
} from './engine.js';
import { createLotteryGameSettings } from './game-settings.js';
import { createLotteryAccounts } from './money.js';
import { createLotteryOperators } from './operators.js';
import { createLotteryRepository, type LotteryRepository } from './repository.js';
import { createLotteryReads } from './service.js';
import type { LotteryService } from './service-interface.js';
import { createLotterySlips, type LotteryStakeGuard } from './slips.js';
import type { LotteryGameRecord } from './types.js';

/** Closing takes at most this share of a shortened interval. */
const FAST_CLOSE_SHARE = 4;

/** House interval games read as drawing every `seconds` (browser journeys); others unchanged. */
function withFastInterval(
  repository: LotteryRepository,
  seconds: number | undefined,
): LotteryRepository {
  if (!seconds) return repository;
  const adjust = (game: LotteryGameRecord): LotteryGameRecord =>
    game.source === 'house' && game.schedule.kind === 'interval'
      ? {
          ...game,
          schedule: { kind: 'interval', intervalSeconds: seconds },
          closeOffsetSeconds: Math.min(
            game.closeOffsetSeconds,
            Math.floor(seconds / FAST_CLOSE_SHARE),
          ),
        }
      : game;
  return {
    ...repository,
    games: async (...args) => (await repository.games(...args)).map(adjust),
    gameByCode: async (...args) => {
      const game = await repository.gameByCode(...args);
      return game && adjust(game);
    },
    gameById: async (...args) => {
      const game = await repository.gameById(...args);
      return game && adjust(game);
    },
    allEnabledGames: async () => (await repository.allEnabledGames()).map(adjust),
  };
}

/**
 * Games with their catalogue entry (the node the betting record and the lobby link to), read
 * through the games module's lookups, which the running server caches.
 */
function withCatalogueNodes(
  repository: LotteryRepository,
  catalogue: Pick<GameLookups, 'gameByCode'>,
): LotteryRepository {
  const withNode = async (game: LotteryGameRecord): Promise<LotteryGameRecord> => {
    const entry = await catalogue.gameByCode(game.merchantCode, game.vassalage, game.gameCode);
    return { ...game, nodeId: entry?.nodeId ?? null };
  };
  const maybe = async (game: LotteryGameRecord | undefined) => game && withNode(game);
  return {
    ...repository,
    games: async (...args) => Promise.all((await repository.games(...args)).map(withNode)),
    gameByCode: async (...args) => maybe(await repository.gameByCode(...args)),
    gameById: async (...args) => maybe(await repository.gameById(...args)),
    allEnabledGames: async () => Promise.all((await repository.allEnabledGames()).map(withNode)),
  };
}

/**
 * A game by its code from memory for `ttlMs` (every slip reads it; an operator changes a game's
 * limits rarely, and the change shows after at most that long). 0 reads the database each time.
 */
function withCachedGameByCode(repository: LotteryRepository, ttlMs: number): LotteryRepository {
  const cache = createListCache(ttlMs);
  return {
    ...repository,
    gameByCode: (merchantCode, gameCode) =>
      cache.get(`${merchantCode}:${gameCode}`, () => repository.gameByCode(merchantCode, gameCode)),
  };
}

/** What the lottery is wired from: the ledger, the audit log, the catalogue and the clock. */
export interface LotteryDeps {
  ledger: LedgerService;
  /** The catalogue by key (the games' nodes); uncached lookups on `db` when not given. */
  catalogue?: Pick<GameLookups, 'gameByCode'>;
  /** How long a game read by its code (each slip) is served from memory; 0 or none: not. */
  gameCacheTtlMs?: number;
  audit: AuditService;
  /** Realtime push of draw events (the hub); none: pages poll. */
  publish?: LotteryPublish | undefined;
  log: EngineLog;
  now?: () => number;
  settleBatchSize?: number;
  /** Settlers per draw (SETTLE_WORKERS by default); a test of one crash order takes 1. */
  settleWorkers?: number;
  /** Slips per transaction of a settlement's second pass (tests use small ones). */
  slipSettleBatchSize?: number;
  /** Test-only (config LOTTERY_FAST_INTERVAL_SECONDS): house interval games draw this often. */
  fastIntervalSeconds?: number | undefined;
  /** Refuses a bet line above a wagering bonus's max bet (module bonus). */
  stakeGuard?: LotteryStakeGuard | undefined;
}

/**
 * Everything the lottery is made of on one database, its repository and engine included: the
 * module's own wiring, which `createLottery` narrows to the declared service and tests reach
 * through `test-seams.ts`.
 */
export function wireLottery(db: Db, deps: LotteryDeps) {
  const now = deps.now ?? Date.now;
  const repository = withCachedGameByCode(
    withFastInterval(
      withCatalogueNodes(createLotteryRepository(db), deps.catalogue ?? createGameLookups(db)),
      deps.fastIntervalSeconds,
    ),
    deps.gameCacheTtlMs ?? 0,
  );
  const bets = createLotteryBetRepository(db);
  const accounts = createLotteryAccounts(deps.ledger);
  const rounds = createEngineRounds();
  const engine = createLotteryEngine({
    repository,
    bets,
    ledger: deps.ledger,
    accounts,
    rounds,
    publish: deps.publish,
    log: deps.log,
    ...(deps.settleBatchSize ? { settleBatchSize: deps.settleBatchSize } : {}),
    ...(deps.settleWorkers ? { settleWorkers: deps.settleWorkers } : {}),
    ...(deps.slipSettleBatchSize ? { slipSettleBatchSize: deps.slipSettleBatchSize } : {}),
  });
  return {
    repository,
    engine,
    reads: createLotteryReads({ repository, bets, now }),
    slips: createLotterySlips({
      repository,
      bets,
      ledger: deps.ledger,
      accounts,
      rounds,
      now,
      stakeGuard: deps.stakeGuard,
    }),
    operators: {
      ...createLotteryOperators({ repository, engine, audit: deps.audit }),
      ...createLotteryGameSettings({ repository, audit: deps.audit }),
    },
    /** One pass of the scheduler at `at` (default: now). */
    tick: (at: Date = new Date(now())) => runLotteryTick(engine, repository, at),
  };
}

/** The lottery module wired on one database, as the rest of the server may use it. */
export function createLottery(db: Db, deps: LotteryDeps): LotteryService {
  const { reads, slips, operators, tick } = wireLottery(db, deps);
  return { reads, slips, operators, tick };
}

export type Lottery = LotteryService;
