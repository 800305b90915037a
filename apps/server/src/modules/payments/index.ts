export { registerPaymentMethodsAdminRoutes } from './admin/routes.js';
export {
  createPaymentMethodsAdminService,
  type PaymentMethodsAdminService,
} from './admin/service.js';
export { createPayments, type Payments } from './create-payments.js';
export {
  DEMO_MANUAL_BANK_DETAILS,
  type PaymentMethodSeed,
  seedDemoPayments,
  seedPaymentSettings,
} from './demo-seed.repository.js';
export type { ManualDepositDecision, ManualDepositService } from './manual/service.js';
export { registerPaymentsRoutes } from './routes.js';
export type { SandboxGateway } from './sandbox/gateway.js';
export { registerSandboxGatewayRoutes } from './sandbox/routes.js';
export { clearingAccountCode, type PaymentsService } from './service.js';
export {
  CALLBACK_MAX_AGE_MS,
  CALLBACK_SIGNATURE_HEADER,
  CALLBACK_TIMESTAMP_HEADER,
  callbackTimestamp,
  signCallback,
} from './signature.js';
export {
  createPaymentTotals,
  type PaymentTotals,
  type PaymentTotalsReader,
} from './totals.repository.js';
export {
  proofWithdrawalIdOf,
  registerWithdrawalProofRoute,
  registerWithdrawalRoutes,
  sendProofImage,
} from './withdrawals/routes.js';
export type { WithdrawalService } from './withdrawals/service.js';
