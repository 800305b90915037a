export {
  BALANCE_MOVING_EVENT_TYPES,
  BALANCE_PUSH_BATCH_SIZE,
  BALANCE_PUSH_CONSUMER,
  type BalancePush,
  balanceNudges,
  createBalancePush,
} from './service.js';
