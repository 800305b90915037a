export { registerGameRecordsRoutes } from './routes.js';
export {
  type BettingRecordsQuery,
  createGameRecordsService,
  type GameRecordsService,
  gameRecordRange,
} from './service.js';
