export {
  createPlayMetrics,
  PLAY_METRICS_BATCH_SIZE,
  PLAY_METRICS_CONSUMER,
  type PlayMetrics,
} from './service.js';
