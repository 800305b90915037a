export type { RollupCell } from './aggregate.js';
export type { RollupRow } from './repository.js';
export {
  createPlayRollups,
  PLAY_ROLLUPS_BATCH_SIZE,
  PLAY_ROLLUPS_CONSUMER,
  type PlayRollups,
} from './service.js';
