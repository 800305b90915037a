export { type AdjustmentService, createAdjustmentService } from './adjustments.js';
export { seedDemoOperator } from './demo-seed.repository.js';
export { createOperatorAuthenticate } from './guard.js';
export { registerAdminMoneyRoutes } from './money-routes.js';
export { createOperatorRepository, type OperatorRole } from './repository.js';
export { registerAdminProofRoute, registerAdminRoutes } from './routes.js';
export { type AdminService, allows, createAdminService } from './service.js';
