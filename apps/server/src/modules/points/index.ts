import type { Db } from '../../db/database.js';
import type { AuditService } from '../audit/index.js';
import type { PaymentPasswordService } from '../member/index.js';
import { createPointsAdminService } from './admin-service.js';
import { createPointsPlayConsumer } from './play-consumer.js';
import type { RedemptionRewardPorts } from './redemption-steps.js';
import { createPointsRepository } from './repository.js';
import { createPointsService } from './service.js';

export { loyaltyActorOf, registerPointsAdminRoutes } from './admin-routes.js';
export type { LoyaltyActor, PointsAdminService } from './admin-service.js';
export {
  type CreditPointsInput,
  creditPointsWithin,
  POINT_IDEMPOTENCY_KEY_MAX_LENGTH,
  POINT_REMARK_MAX_LENGTH,
  type PointReason,
  pointReasons,
} from './credit.js';
export { type PointsSeed, seedDemoPoints, seedPoints } from './demo-seed.repository.js';
export { POINTS_CURRENCY } from './ledger-accounts.js';
export { POINTS_PLAY_BATCH_SIZE, POINTS_PLAY_CONSUMER } from './play-consumer.js';
export type { RedemptionRewardPorts } from './redemption-steps.js';
export { POINTS_PASSWORD_LIMIT, registerPointsRoutes } from './routes.js';
export type { PointsService } from './service.js';

/**
 * The points module (issue 20): the member's calls, the operators' service and the consumer
 * that credits points for settled rounds.
 */
export function createPoints(
  db: Db,
  deps: {
    paymentPasswords: PaymentPasswordService;
    audit: AuditService;
    /** Member types by id (trial accounts earn nothing). */
    memberTypesOf: (ids: readonly bigint[]) => Promise<Map<bigint, number>>;
    /** Account names by id (the operators' queue). */
    accountsOf: (ids: readonly bigint[]) => Promise<Map<bigint, string>>;
    /** Bonus rewards go to the bonus engine, free spins to the free-spins module. */
    rewardPorts: RedemptionRewardPorts;
  },
) {
  const repository = createPointsRepository(db);
  return {
    points: createPointsService(db, {
      repository,
      paymentPasswords: deps.paymentPasswords,
      rewardPorts: deps.rewardPorts,
    }),
    admin: createPointsAdminService(db, {
      repository,
      audit: deps.audit,
      rewardPorts: deps.rewardPorts,
      accountsOf: deps.accountsOf,
    }),
    consumer: createPointsPlayConsumer({ repository, memberTypesOf: deps.memberTypesOf }),
  };
}
