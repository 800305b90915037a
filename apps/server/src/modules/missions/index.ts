export { DEMO_MISSIONS, seedDemoMissions } from './demo-seed.repository.js';
export { boardRangeOf, periodEndOf, periodKeyOf } from './periods.js';
export {
  type CreditPointsWithin,
  createRewardPayer,
  LOYALTY_CASH_TRANSFER_CODE,
  type RewardPayer,
  type RewardPayment,
} from './reward-payer.js';
export {
  loyaltyActorOf,
  type MissionRouteDeps,
  registerMissionAdminRoutes,
  registerMissionRoutes,
} from './routes.js';
export {
  createMissions,
  type LoyaltyActor,
  MISSIONS_BATCH_SIZE,
  MISSIONS_CONSUMER,
  type MissionsAdminService,
  type MissionsService,
  missionRewardTransferId,
} from './service.js';
export { maskName, rewardFromDisplay, rewardToDisplay } from './units.js';
