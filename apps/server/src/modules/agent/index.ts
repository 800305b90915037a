export { DEMO_TEAM_PLAY_DAYS, seedDemoTeamPlay } from './demo-seed.js';
export {
  AGENT_REGISTER_PER_AGENT_LIMIT,
  type AgentRouteDeps,
  registerAgentRoutes,
} from './routes.js';
export { type AgentService, createAgentService, NEW_DOWNLINE_WINDOW_DAYS } from './service.js';
export {
  createTeamRollupsConsumer,
  TEAM_ROLLUPS_BATCH_SIZE,
  TEAM_ROLLUPS_CONSUMER,
} from './team-rollups/consumer.js';
export { createTeamRollupsRepository } from './team-rollups/repository.js';
export { createTeamService, type TeamService } from './team-service.js';
