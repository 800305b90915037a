export { type AgentRouteDeps, registerAgentRoutes } from './routes.js';
export { type AgentService, createAgentService, NEW_DOWNLINE_WINDOW_DAYS } from './service.js';
