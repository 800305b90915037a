export { createLottery, type Lottery, type LotteryDeps } from './create-lottery.js';
export {
  drawKeyOf,
  type LotteryPublish,
  SETTLE_BATCH_SIZE,
  SLIP_SETTLE_BATCH_SIZE,
} from './engine.js';
export {
  LOTTERY_BETS_RETENTION_MONTHS,
  maintainLotteryPartitions,
} from './partitions.repository.js';
export { registerLotteryAdminRoutes, registerLotteryRoutes } from './routes.js';
export {
  type LotteryGameSeed,
  type LotteryLimitsSeed,
  seedDemoLottery,
  seedLotteryGames,
} from './seed.js';
export type {
  LotteryOperators,
  LotteryReads,
  LotteryScope,
  LotteryService,
  LotterySlips,
  OperatorActor,
} from './service-interface.js';
