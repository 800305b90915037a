export { createAgentRepository, NEW_DOWNLINE_WINDOW_DAYS } from './repository.js';
export { type AgentRouteDeps, registerAgentRoutes } from './routes.js';
export { type AgentService, createAgentService } from './service.js';
