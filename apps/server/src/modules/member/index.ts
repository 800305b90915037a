export { createExternalMemberService, type ExternalMemberService } from './external-member.js';
export { hashPassword, spendPasswordCheckTime, verifyPassword } from './password.js';
export { createPaymentPasswordRepository } from './payment-password/repository.js';
export {
  createPaymentPasswordService,
  type PaymentPasswordService,
} from './payment-password/service.js';
export type { Member } from './repository.js';
export { createMemberRepository } from './repository.js';
export { type MemberRouteDeps, registerMemberRoutes } from './routes.js';
export { createMemberService, type MemberService, normalizeUsername } from './service.js';
