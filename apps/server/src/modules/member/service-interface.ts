import type {
  changePasswordRequestSchema,
  forgotPasswordByEmailRequestSchema,
  MemberInfo,
  registerMobileRequestSchema,
  registerRequestSchema,
  resetPasswordByEmailRequestSchema,
  resetPasswordByPhoneRequestSchema,
} from '@app/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { EmailLanguage } from '../email/index.js';
import type { Merchant } from '../system/index.js';
import type { AffiliateCode } from './affiliate/repository.js';
import type { MemberConsole } from './console/service.js';
import type { MemberContact, MemberParty, MemberRegistration } from './directory/repository.js';
import type { DownlineReader } from './downline/service.js';
import type { DownlineTree } from './downline/tree.js';
import type { MemberInfoCache } from './member-info-cache.js';
import type { Member } from './repository.js';
import type { MemberSecurityService } from './security/service.js';

/** The member module's public surface: its services and the inputs of their calls. */

export type RegisterInput = z.output<typeof registerRequestSchema>;
export type RegisterMobileInput = z.output<typeof registerMobileRequestSchema>;
export type ChangePasswordInput = z.output<typeof changePasswordRequestSchema>;
export type ResetPasswordByPhoneInput = z.output<typeof resetPasswordByPhoneRequestSchema>;
export type ForgotPasswordInput = z.output<typeof forgotPasswordByEmailRequestSchema>;
export type ResetPasswordInput = z.output<typeof resetPasswordByEmailRequestSchema>;

/** Checks and spends an SMS code sent to this full number; throws when it is wrong. */
export type VerifyPhoneCode = (phone: string) => Promise<void>;

export interface RegisterMeta {
  ip: string | null;
  /** The registering browser's device id (cookie), for the referral farm guard. */
  deviceId?: string | null;
  /** Runs once the fields are valid, before the account is made (the merchant's captcha). */
  verifyCaptcha?: (() => Promise<void>) | undefined;
  /**
   * Checks and spends the SMS code of `/wps/verification/sms/register` sent to the full
   * number; called only when the merchant's `smsVerification` switch is on (SPEC §5).
   */
  verifyCode: VerifyPhoneCode;
}

/** Accounts: registration, credentials, passwords and the member's own view. */
export interface MemberService {
  /** Registration by username with every field of the merchant's rules. */
  register(merchant: Merchant, input: RegisterInput, meta: RegisterMeta): Promise<Member>;
  /** GET /wps/agent/affiliate: whether a code would be taken by registration. */
  checkAffiliateCode(merchant: Merchant, code: string): Promise<{ code: string }>;
  /** Mobile registration: the account is the full number, proven by an SMS code. */
  registerMobile(
    merchant: Merchant,
    input: RegisterMobileInput,
    meta: { ip: string | null; verifyCode: VerifyPhoneCode },
  ): Promise<Member>;
  /** Whether an account of the merchant is this full number (a mobile registration). */
  isMemberNumber(merchantCode: string, phone: string): Promise<boolean>;
  /** The active member whose account is this full number (SMS login, once the code passed). */
  memberByPhone(merchant: Merchant, phone: string): Promise<Member>;
  /** Forgot password by phone; the caller ends the other sessions. */
  resetPasswordByPhone(
    merchant: Merchant,
    input: ResetPasswordByPhoneInput,
    verifyCode: VerifyPhoneCode,
  ): Promise<Member>;
  /** The member of these credentials; every failure answers the same after the same work. */
  verifyCredentials(merchant: Merchant, username: string, password: string): Promise<Member>;
  /** Stamps the login; answers whether it is the first one and whether the password is too old. */
  recordLogin(
    merchant: Merchant,
    member: Member,
  ): Promise<{ firstTimeLogin: boolean; passwordExpired: boolean }>;
  /** A new password against the merchant's rule, after the old one when the member knows it. */
  changePassword(merchant: Merchant, memberId: bigint, input: ChangePasswordInput): Promise<void>;
  /** A new free-demo account (type 4); FORBIDDEN when the merchant's freePlay switch is off. */
  createTrial(merchant: Merchant, ip: string | null): Promise<Member>;
  /** The active member of this merchant with this id (a remembered login); else undefined. */
  activeMember(merchant: Merchant, memberId: bigint): Promise<Member | undefined>;
  /** The member's own view of the account. */
  info(merchant: Merchant, memberId: bigint): Promise<MemberInfo>;
  /** An agent's new downline account (agent centre): field rules only; upline the agent. */
  registerDownline(
    merchant: Merchant,
    agentMemberId: bigint,
    input: RegisterInput,
    meta: { ip: string | null },
  ): Promise<Member>;
}

/** Members looked up by id or account name, for other modules (money moves, views, guards). */
export interface MemberDirectory {
  byId(id: bigint): Promise<MemberParty | undefined>;
  /** The members of these ids that exist, by id: one read for a whole list. */
  byIds(ids: readonly bigint[]): Promise<Map<bigint, MemberParty>>;
  /** How to reach the member for a verification code, and where they registered from. */
  contact(id: bigint): Promise<MemberContact | undefined>;
  /** The upline (agent) of each of these members that has one. */
  uplinesOf(ids: readonly bigint[]): Promise<Map<bigint, bigint>>;
  /** Real (not trial) members who registered in [from, to): the console's new players. */
  countJoined(merchantCode: string, from: Date, to: Date): Promise<number>;
  byAccount(merchantCode: string, account: string): Promise<MemberParty | undefined>;
  /** The referral code and registration address of each of these members (member referrals). */
  registrationsOf(ids: readonly bigint[]): Promise<Map<bigint, MemberRegistration>>;
}

/** Accounts made for an outside identity (social sign-in). */
export interface ExternalMemberService {
  createForIdentity(
    merchant: Merchant,
    input: {
      usernamePrefix: string;
      nickname?: string | undefined;
      verifiedEmail?: string | undefined;
      registerUrl?: string | undefined;
      registerMethod: string;
      ip: string | null;
    },
  ): Promise<Member>;
  /** The active member of an identity link; a disabled account cannot sign in this way either. */
  activeMember(merchant: Merchant, memberId: bigint): Promise<Member>;
}

/** Agents' invitation codes. */
export interface AffiliateService {
  /** The code if registration may use it; else AFFILIATE_CODE_INVALID, whatever the reason. */
  usable(merchantCode: string, rawCode: string): Promise<AffiliateCode>;
}

/** The payment password that money-moving calls ask for. */
export interface PaymentPasswordService {
  /** The hash to store with a new account whose registration form asked for it. */
  hashForNewAccount(merchant: Merchant, paymentPassword: string): Promise<string>;
  set(input: {
    merchant: Merchant;
    memberId: bigint;
    loginPassword: string;
    paymentPassword: string;
    confirmPaymentPassword: string;
  }): Promise<void>;
  /**
   * Sets it without the login password: the caller has proven the member by other means (an
   * SMS code to the bound number, security centre).
   */
  setProven(input: {
    merchant: Merchant;
    memberId: bigint;
    paymentPassword: string;
    confirmPaymentPassword: string;
  }): Promise<void>;
  /** Throws unless the member has a payment password and this is it. */
  verify(memberId: bigint, paymentPassword: string): Promise<void>;
  /** The real name given at registration, which bank accounts must carry; null when none. */
  payeeName(memberId: bigint): Promise<string | null>;
}

/** Forgot password by e-mail: a link, then the new password. */
export interface PasswordResetService {
  /** The same answer after the same work whether or not the account matches. */
  requestLink(
    merchant: Merchant,
    input: ForgotPasswordInput,
    meta: { origin: string | null; language: EmailLanguage },
  ): Promise<void>;
  /** Spends the link and stores the new password; answers the member's id. */
  resetPassword(merchant: Merchant, input: ResetPasswordInput): Promise<bigint>;
  /**
   * An operator's reset: a new link mailed to the member's e-mail, stored in the transaction
   * `transaction` opens (where the caller writes its audit entry); answers where it went, masked.
   */
  sendLinkToMember(
    merchant: Merchant,
    member: { id: bigint; username: string; email: string | null },
    meta: { origin: string | null; language: EmailLanguage },
    transaction: (work: (executor: Db) => Promise<void>) => Promise<void>,
  ): Promise<{ channel: 'email'; sentTo: string }>;
  /**
   * The same reset link by SMS to the member's verified mobile, through `deliver` (the SMS
   * module); stored in `transaction` like the e-mail path. No verified mobile, or no site
   * address: MEMBER_NO_VERIFIED_MOBILE / MEMBER_NO_RESET_CHANNEL, nothing stored.
   */
  sendLinkToMemberBySms(
    merchant: Merchant,
    member: { id: bigint; username: string; verifiedMobile: string | null },
    meta: { origin: string | null; language: EmailLanguage },
    transaction: (work: (executor: Db) => Promise<void>) => Promise<void>,
    deliver: (message: { merchantCode: string; number: string; text: string }) => Promise<void>,
  ): Promise<{ channel: 'sms'; sentTo: string }>;
  /** Waits for the e-mails still being sent (tests, shutdown). */
  settled(): Promise<void>;
  /** Housekeeping: deletes links long past their expiry. */
  prune(): Promise<void>;
}

/** The member module's services on one database. */
export interface MemberServices {
  members: MemberService;
  /** Member info kept in memory; the composition root LISTENs for its changes when it keeps. */
  infoCache: MemberInfoCache;
  directory: MemberDirectory;
  externalMembers: ExternalMemberService;
  paymentPasswords: PaymentPasswordService;
  passwordResets: PasswordResetService;
  downline: DownlineReader;
  /** The operator console's reads and changes (search, lock, labels, notes). */
  console: MemberConsole;
  /** The security centre's contacts and language (module security-centre). */
  security: MemberSecurityService;
  /** The downline tree at any depth (closure table): agent authorization and team reports. */
  tree: DownlineTree;
}
