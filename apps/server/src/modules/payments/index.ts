export { DEMO_MANUAL_BANK_DETAILS, seedDemoPayments } from './demo-seed.repository.js';
export { createManualDepositRepository } from './manual/repository.js';
export {
  createManualDepositService,
  type ManualDepositService,
} from './manual/service.js';
export { createPaymentsRepository } from './repository.js';
export { registerPaymentsRoutes } from './routes.js';
export { createSandboxGateway, type SandboxGateway } from './sandbox/gateway.js';
export { createSandboxRepository } from './sandbox/repository.js';
export { registerSandboxGatewayRoutes } from './sandbox/routes.js';
export { clearingAccountCode, createPaymentsService, type PaymentsService } from './service.js';
export {
  CALLBACK_MAX_AGE_MS,
  CALLBACK_SIGNATURE_HEADER,
  CALLBACK_TIMESTAMP_HEADER,
  callbackTimestamp,
  signCallback,
} from './signature.js';
export { createNewIpVerification } from './withdrawals/new-ip-verification.js';
export { createWithdrawalRepository } from './withdrawals/repository.js';
export {
  proofWithdrawalIdOf,
  registerWithdrawalProofRoute,
  registerWithdrawalRoutes,
  sendProofImage,
} from './withdrawals/routes.js';
export { createWithdrawalService, type WithdrawalService } from './withdrawals/service.js';
