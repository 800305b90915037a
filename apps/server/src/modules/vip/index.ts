import type { Db } from '../../db/database.js';
import type { AuditService } from '../audit/index.js';
import { createVipRanksConsumer } from './consumer.js';
import { createVipRepository } from './repository.js';
import { createVipService } from './service.js';

export { registerVipAdminRoutes } from './admin-routes.js';
export {
  VIP_DEFAULT_WINDOW_DAYS,
  VIP_RANKS_BATCH_SIZE,
  VIP_RANKS_CONSUMER,
} from './consumer.js';
export { seedDemoVipRanks, seedVipRanks } from './demo-seed.repository.js';
export type { VipRank } from './repository.js';
export { VIP_SERVICE_RANK_ABOVE, type VipActor, type VipService } from './service.js';

/** The name of the daily job that re-places every member as old activity leaves the window. */
export const VIP_REEVALUATE_JOB = 'vip-reevaluate';

/**
 * Club ranks (issue 20): the service (ranks of members, the member info's `clubLabel`, the
 * operators' calls) and the consumer that keeps ranks current from the event stream.
 * `vip.service.rankLevelOf(memberId)` is what the customer-service entry asks (rank above 4).
 */
export function createVip(db: Db, deps: { audit: AuditService }) {
  const repository = createVipRepository(db);
  return {
    service: createVipService(db, { repository, audit: deps.audit }),
    consumer: createVipRanksConsumer(repository),
  };
}
