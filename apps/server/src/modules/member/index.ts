export { createAffiliateRepository } from './affiliate/repository.js';
export { createAffiliateService } from './affiliate/service.js';
export {
  DEMO_AFFILIATE_CODE,
  DEMO_AGENT_USERNAME,
  seedDemoAgent,
} from './demo-seed.repository.js';
export { createMemberDirectoryRepository } from './directory/repository.js';
export {
  AGENT_MEMBER_TYPES,
  createMemberDirectory,
  type MemberContact,
  type MemberDirectory,
  type MemberParty,
  TRIAL_MEMBER_TYPE,
} from './directory/service.js';
export {
  type AffiliateCodeRegistrations,
  createDownlineReader,
  type DownlineMember,
  type DownlineReader,
} from './downline/service.js';
export { createExternalMemberService, type ExternalMemberService } from './external-member.js';
export { hashPassword, spendPasswordCheckTime, verifyPassword } from './password.js';
export { createPasswordResetRepository } from './password-reset/repository.js';
export {
  FORGOT_EMAIL_PER_ADDRESS_LIMIT,
  FORGOT_EMAIL_PER_IP_LIMIT,
  FORGOT_EMAIL_PER_USERNAME_LIMIT,
  RESET_PASSWORD_PER_IP_LIMIT,
  registerPasswordResetRoutes,
  resetLinkOrigin,
} from './password-reset/routes.js';
export {
  createPasswordResetService,
  PASSWORD_RESET_LINK_MS,
  type PasswordResetService,
} from './password-reset/service.js';
export { createPaymentPasswordRepository } from './payment-password/repository.js';
export {
  createPaymentPasswordService,
  type PaymentPasswordService,
} from './payment-password/service.js';
export type { Member } from './repository.js';
export { createMemberRepository } from './repository.js';
export { type MemberRouteDeps, registerMemberRoutes } from './routes.js';
export { createMemberService, type MemberService, normalizeUsername } from './service.js';
export { isWeakDefaultPassword, WEAK_DEFAULT_PASSWORDS } from './weak-passwords.js';
