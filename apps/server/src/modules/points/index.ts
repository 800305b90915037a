export {
  type CreditPointsInput,
  creditPointsWithin,
  POINT_IDEMPOTENCY_KEY_MAX_LENGTH,
  POINT_REMARK_MAX_LENGTH,
  type PointReason,
  pointReasons,
} from './credit.js';
export { POINTS_CURRENCY } from './ledger-accounts.js';
