import type { Db } from '../../db/database.js';
import type { AuditService } from '../audit/index.js';
import type { LedgerService } from '../ledger/index.js';
import { createEngineRounds } from '../providers/index.js';
import { createLotteryBetRepository } from './bets/repository.js';
import {
  createLotteryEngine,
  type EngineLog,
  type LotteryPublish,
  runLotteryTick,
} from './engine.js';
import { createLotteryAccounts } from './money.js';
import { createLotteryOperators } from './operators.js';
import { createLotteryRepository } from './repository.js';
import { createLotteryReads } from './service.js';
import { createLotterySlips } from './slips.js';

/** The lottery module wired on one database: reads, slips, operators and the draw engine. */
export function createLottery(
  db: Db,
  deps: {
    ledger: LedgerService;
    audit: AuditService;
    /** Realtime push of draw events (the hub); none: pages poll. */
    publish?: LotteryPublish | undefined;
    log: EngineLog;
    now?: () => number;
    settleBatchSize?: number;
  },
) {
  const now = deps.now ?? Date.now;
  const repository = createLotteryRepository(db);
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
  });
  return {
    repository,
    engine,
    reads: createLotteryReads({ repository, bets, now }),
    slips: createLotterySlips({ repository, bets, ledger: deps.ledger, accounts, rounds, now }),
    operators: createLotteryOperators({ repository, engine, audit: deps.audit }),
    /** One pass of the scheduler at `at` (default: now). */
    tick: (at: Date = new Date(now())) => runLotteryTick(engine, repository, at),
  };
}

export type Lottery = ReturnType<typeof createLottery>;
