export { type AgentContracts, createAgentContracts } from './create.js';
export { AGENT_FIGURES_BATCH_SIZE, AGENT_FIGURES_CONSUMER } from './figures-consumer.js';
export { type AgentContractRouteDeps, registerAgentContractRoutes } from './routes.js';
export { contractKindEnabled } from './service.js';
export {
  allContractKinds,
  HOUSE_CONTRACTS_ACCOUNT_CODE,
  SETTLEMENT_GRACE_MS,
  type SettlementSummary,
} from './settlement.js';
