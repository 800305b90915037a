export type { AffiliateCode } from './affiliate/repository.js';
export type {
  ConsoleMemberRow,
  LabelColourRow,
  LabelRow,
  LastLoginKey,
  MemberConsole,
  MemberSearchFilter,
  NoteRow,
} from './console/service.js';
export { createMemberServices } from './create-members.js';
export {
  type AgentSeed,
  DEMO_AFFILIATE_CODE,
  DEMO_AGENT_USERNAME,
  DEMO_TEAM_AGENT_PASSWORD,
  DEMO_TEAM_AGENT_USERNAME,
  seedAgent,
  seedDemoAgent,
  seedDemoAgentTree,
} from './demo-seed.repository.js';
export type { MemberContact, MemberParty, MemberRegistration } from './directory/repository.js';
export { AGENT_MEMBER_TYPES, TRIAL_MEMBER_TYPE } from './directory/service.js';
export type {
  AffiliateCodeRegistrations,
  DownlineMember,
  DownlineReader,
} from './downline/service.js';
export {
  type AgentRow,
  createDownlineTree,
  DESCENDANT_IDS_MAX,
  type DownlineFilter,
  type DownlineRow,
  type DownlineTree,
  UPLINE_CHAIN_MAX_DEPTH,
  type UplineLink,
  type UplineMove,
} from './downline/tree.js';
export {
  MEMBER_INFO_CACHE_TTL_MS,
  MEMBERS_CHANGED_CHANNEL,
  type MemberInfoCache,
} from './member-info-cache.js';
export { hashPassword, spendPasswordCheckTime, verifyPassword } from './password.js';
export {
  FORGOT_EMAIL_PER_ADDRESS_LIMIT,
  FORGOT_EMAIL_PER_IP_LIMIT,
  FORGOT_EMAIL_PER_USERNAME_LIMIT,
  RESET_PASSWORD_PER_IP_LIMIT,
  registerPasswordResetRoutes,
  resetLinkOrigin,
} from './password-reset/routes.js';
export { PASSWORD_RESET_LINK_MS } from './password-reset/service.js';
export type { Member } from './repository.js';
export { type MemberRouteDeps, registerMemberRoutes } from './routes.js';
export type { MemberSecurityRecord, MemberSecurityService } from './security/service.js';
export { normalizeUsername } from './service.js';
export type {
  AffiliateService,
  ChangePasswordInput,
  ExternalMemberService,
  ForgotPasswordInput,
  MemberDirectory,
  MemberService,
  MemberServices,
  PasswordResetService,
  PaymentPasswordService,
  RegisterInput,
  RegisterMeta,
  RegisterMobileInput,
  ResetPasswordByPhoneInput,
  ResetPasswordInput,
  VerifyPhoneCode,
} from './service-interface.js';
export { isWeakDefaultPassword, WEAK_DEFAULT_PASSWORDS } from './weak-passwords.js';
