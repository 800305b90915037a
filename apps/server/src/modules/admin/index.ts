export { type AdjustmentService, createAdjustmentService } from './adjustments.js';
export { registerAdminAgentContractRoutes } from './agent-contract-routes.js';
export { registerAdminAgentTreeRoutes } from './agent-tree-routes.js';
export {
  type AdminConsole,
  createAdminConsole,
  registerAdminConsoleRoutes,
} from './console-routes.js';
export type { DashboardSources } from './dashboard.js';
export { seedDemoConsoleOperators, seedDemoOperator } from './demo-seed.repository.js';
export { registerAdminExportRoutes } from './export-routes.js';
export { accessOf, createAdminCallRegistrar, createOperatorAuthenticate } from './guard.js';
export { createLoginFailureRepository } from './login-failures/repository.js';
export {
  OPERATOR_LOGIN_ALERT_FAILURES,
  OPERATOR_LOGIN_FAILURES_BEFORE_LOCK,
  OPERATOR_LOGIN_LOCK_BASE_MS,
  OPERATOR_LOGIN_LOCK_MAX_MS,
} from './login-lockout.js';
export {
  createMemberConsoleService,
  type MemberConsoleService,
} from './member-console.js';
export { registerAdminMemberRoutes } from './member-routes.js';
export { registerAdminMoneyRoutes } from './money-routes.js';
export { createOperatorRepository, type OperatorRole } from './repository.js';
export { registerAdminProofRoute, registerAdminRoutes } from './routes.js';
export { createSecretBox, SECRET_BOX_KEY_BYTES, type SecretBox } from './secret-box.js';
export { type AdminService, allows, createAdminService } from './service.js';
export {
  registerAdminSettingsRoutes,
  SETTINGS_AUDIT_ACTION_PREFIX,
} from './settings-routes.js';
export { base32Decode, totpCodeAt, totpStepAt } from './totp.js';
