import type { Db } from '../../db/database.js';
import { createUnitOfWork } from '../../db/unit-of-work.js';
import type { AuditService } from '../audit/index.js';
import type { LedgerService } from '../ledger/index.js';
import { createPromotionsAdminService } from './admin-service.js';
import type {
  PromotionBonusPort,
  PromotionFreeSpinsPort,
  PromotionPointsPort,
} from './bonus-port.js';
import { createDepositConsumer, createRaffleTicketConsumer } from './consumers.js';
import { createRaffleDrawer } from './raffles.js';
import { createPromotionsRepository } from './repository.js';
import { createPromotionsService } from './service.js';

export { registerPromotionAdminRoutes } from './admin-routes.js';
export type { PromotionActor, PromotionsAdminService } from './admin-service.js';
export type {
  BonusGrant,
  PromotionBonusPort,
  PromotionBonusTotals,
  PromotionPointsPort,
} from './bonus-port.js';
export {
  PROMOTION_DEPOSITS_CONSUMER,
  PROMOTION_RAFFLE_TICKETS_CONSUMER,
} from './consumers.js';
export { demoPromotionSeeds, seedDemoPromotions } from './demo-promotions.js';
export { drawRaffle, raffleDrawKey } from './raffle-draw.js';
export { RAFFLE_DRAWS_PER_RUN } from './raffles.js';
export { PROMOTION_REWARD_ACCOUNT_CODE } from './rewards.js';
export { registerPromotionRoutes } from './routes.js';
export { type PromotionSeed, seedPromotions } from './seed-promotions.js';
export type { PromotionsService, PromotionViewer } from './service.js';

/**
 * The promotions module (issue 19 part B): the catalogue and member flows, the operators'
 * side, the two event consumers (deposits, raffle tickets) and the raffle drawer.
 */
export function createPromotions(
  db: Db,
  deps: {
    ledger: LedgerService;
    audit: AuditService;
    /** The bonus engine; null leaves bonus rewards unavailable (cash and raffles still work). */
    bonus: PromotionBonusPort | null;
    /** The free-spins module; absent leaves free-spins rewards unavailable. */
    freeSpins?: PromotionFreeSpinsPort | null;
    /** The points module; absent leaves points rewards unavailable. */
    points?: PromotionPointsPort | null;
    uplineOf(memberId: bigint): Promise<bigint | null>;
    /** The names of a member's labels (module member); promotions may be limited to labels. */
    labelsOf(memberId: bigint): Promise<readonly string[]>;
    /** A member's club rank level, 0 without a rank (module vip). */
    vipRankOf(memberId: bigint): Promise<number>;
    accountsOf(memberIds: readonly bigint[]): Promise<Map<bigint, string>>;
    currencyOf(merchantCode: string): Promise<string>;
    logError(details: object, message: string): void;
    now?: () => number;
  },
) {
  const repository = createPromotionsRepository(db);
  const unitOfWork = createUnitOfWork(db);
  const shared = {
    repository,
    ledger: deps.ledger,
    bonus: deps.bonus,
    freeSpins: deps.freeSpins ?? null,
    points: deps.points ?? null,
    uplineOf: deps.uplineOf,
    labelsOf: deps.labelsOf,
    vipRankOf: deps.vipRankOf,
    now: deps.now ?? Date.now,
  };
  return {
    service: createPromotionsService({ ...shared, db, unitOfWork, accountsOf: deps.accountsOf }),
    admin: createPromotionsAdminService({
      ...shared,
      db,
      unitOfWork,
      audit: deps.audit,
      currencyOf: deps.currencyOf,
      accountsOf: deps.accountsOf,
    }),
    consumers: [
      createDepositConsumer({ ...shared, logError: deps.logError }),
      createRaffleTicketConsumer({ ...shared, logError: deps.logError }),
    ],
    raffles: createRaffleDrawer({ db, unitOfWork, repository, now: shared.now }),
  };
}

export type Promotions = ReturnType<typeof createPromotions>;
