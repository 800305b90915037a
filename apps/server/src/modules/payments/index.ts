export { createPaymentsRepository } from './repository.js';
export { registerPaymentsRoutes } from './routes.js';
export { createSandboxGateway, type SandboxGateway } from './sandbox/gateway.js';
export { createSandboxRepository } from './sandbox/repository.js';
export { registerSandboxGatewayRoutes } from './sandbox/routes.js';
export { clearingAccountCode, createPaymentsService, type PaymentsService } from './service.js';
export { signCallback } from './signature.js';
