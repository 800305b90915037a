export { DEV_OUTBOX_PAGE_SIZE, registerDevOutboxRoutes } from './routes.js';
