export {
  appendEvents,
  type ConsumerLag,
  createEventsService,
  EVENTS_DEFAULT_RETENTION_DAYS,
  EVENTS_MAX_BATCH_SIZE,
  EVENTS_POLL_INTERVAL_MS,
  type EventConsumer,
  type EventsService,
  type RunnerLog,
  unappliedEvents,
} from './service.js';
export {
  type EventPayload,
  type EventType,
  eventPayloadSchemas,
  eventTypes,
  type NewEvent,
  type StoredEvent,
} from './types.js';
