export {
  type MessagesRouteDeps,
  registerMessagesAdminRoutes,
  registerMessagesRoutes,
} from './routes.js';
export {
  createMessagesService,
  type MessageActor,
  type MessageScope,
  type MessagesDeps,
  type MessagesService,
  SYSTEM_MESSAGES_CONSUMER,
  textIn,
} from './service.js';
export {
  SYSTEM_MESSAGE_EVENT_TYPES,
  SYSTEM_MESSAGE_TEMPLATES,
  systemMessageOf,
} from './system-templates.js';
