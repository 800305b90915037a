/**
 * The bonus engine (docs/bonus-engine.md): bonuses in the member's bonus wallet with their
 * wagering requirement, the wagering consumer, conversion, expiry and forfeit, the withdrawal
 * guard. Other modules grant through `grantWithin` in their own transaction.
 */
export { PROMOTION_EXPENSE_ACCOUNT } from './accounts.js';
export { registerBonusAdminRoutes } from './admin-routes.js';
export { BONUS_KEY_MAX_LENGTH } from './grant.js';
export {
  type BonusMemberCalls,
  type ClaimableSource,
  createBonusMemberCalls,
} from './member-calls.js';
export { type BonusOperatorCalls, createBonusOperatorCalls } from './operator-calls.js';
export { registerBonusRoutes } from './routes.js';
export {
  BONUS_EXPIRY_BATCH,
  type BonusService,
  createBonusService,
  type OpenRequirement,
} from './service.js';
export { BONUS_LEDGER_CODE } from './transitions.js';
export type { Bonus, BonusClosing, BonusGrant, BonusGrantResult } from './types.js';
export { BONUS_WAGERING_BATCH_SIZE, BONUS_WAGERING_CONSUMER } from './wagering.js';
export { DEFAULT_CATEGORY_WEIGHTS_PERCENT } from './weights.js';
