export { seedDemoReferralRule } from './demo-seed.repository.js';
export {
  type ReferralRouteDeps,
  registerReferralAdminRoutes,
  registerReferralRoutes,
} from './routes.js';
export {
  createReferrals,
  normalizeReferralCode,
  REFERRAL_CODE_LENGTH,
  REFERRAL_FRIENDS_PER_ADDRESS_MAX,
  REFERRAL_LINK_PATH,
  REFERRALS_CONSUMER,
  type ReferralsAdminService,
  type ReferralsService,
  referralRewardTransferId,
} from './service.js';
