export { registerGameRecordsRoutes } from './routes.js';
export {
  createGameRecordsService,
  type GameRecordsService,
  gameRecordRange,
} from './service.js';
