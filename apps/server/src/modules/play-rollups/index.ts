export type { RollupCell } from './aggregate.js';
export type { RollupDayCell, RollupRow } from './repository.js';
export {
  createPlayRollups,
  PLAY_ROLLUPS_BATCH_SIZE,
  PLAY_ROLLUPS_CONSUMER,
  PLAY_ROLLUPS_UNAPPLIED_READ_MAX,
  type PlayRollups,
  type PlayRollupsReader,
  playRollupsReader,
  type SettledRoundKey,
} from './service.js';
