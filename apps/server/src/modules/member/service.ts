import {
  checkRegisterField,
  effectiveRegisterRule,
  normalizeRegisterValue,
  type RegisterFieldName,
  type RegisterFieldRule,
  registerFieldNames,
} from '@app/contract';
import { AppError } from '../../http/app-error.js';
import { checkedPhoneNumber } from '../sms/index.js';
import type { Merchant } from '../system/index.js';
import { type ClubLabelOf, createMemberInfoReader } from './member-info.js';
import type { MemberInfoCache } from './member-info-cache.js';
import { hashPassword, spendPasswordCheckTime, verifyPassword } from './password.js';
import type { Member, MemberRepository } from './repository.js';
import type {
  AffiliateService,
  ChangePasswordInput,
  MemberService,
  PaymentPasswordService,
  RegisterInput,
  RegisterMeta,
  RegisterMobileInput,
  ResetPasswordByPhoneInput,
  VerifyPhoneCode,
} from './service-interface.js';
import { createTrialAccount } from './trial-account.js';

/** Every account needs these, whatever a merchant's settings say (SPEC §5). */
const alwaysRequiredFields: ReadonlySet<RegisterFieldName> = new Set(['username', 'password']);

/** Fields kept on the member's profile as typed (trimmed). */
const profileFields = [
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'recommenderId',
  'line',
  'whatsapp',
  'zalo',
  'facebook',
  'wechat',
  'idNumber',
  'affiliateCode',
] as const satisfies readonly RegisterFieldName[];

/** Fields of both registrations that no merchant rule covers, kept trimmed as sent. */
type RegisterExtras = Pick<
  RegisterInput,
  'password' | 'referralCode' | 'registerUrl' | 'registerMethod' | 'domain'
>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** `register_method` of an account an agent made in the agent centre. */
export const AGENT_REGISTER_METHOD = 'AGENT';

function effectiveRule(field: RegisterFieldName, rule: RegisterFieldRule): RegisterFieldRule {
  return alwaysRequiredFields.has(field)
    ? { ...rule, enabled: true, required: true }
    : effectiveRegisterRule(field, rule);
}

/** Usernames are unique regardless of case and of how a character was composed. */
export function normalizeUsername(username: string): string {
  return username.normalize('NFKC').toLowerCase();
}

/** A new password against the merchant's password rule, reported on the field `field`. */
export function checkNewPassword(merchant: Merchant, password: string, field: string): void {
  const rule = effectiveRule('password', merchant.registerSettings.password);
  const problem = checkRegisterField(rule, normalizeRegisterValue('password', password));
  if (problem?.kind === 'required') throw new AppError('VALIDATION_FAILED', { field });
  if (problem?.kind === 'pattern') {
    throw new AppError('REG_FIELD_INVALID', {
      field,
      patternId: problem.patternId,
      minLength: problem.minLength,
      maxLength: problem.maxLength,
    });
  }
}

function checkRegisterFields(
  merchant: Merchant,
  input: Omit<RegisterInput, 'username'> & { username?: string },
  /** Fields checked elsewhere (mobile registration: the number is the username). */
  skip: ReadonlySet<RegisterFieldName> = new Set(),
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of registerFieldNames) {
    if (skip.has(field)) continue;
    const value = normalizeRegisterValue(field, input[field]);
    const rule = effectiveRule(field, merchant.registerSettings[field]);
    const problem = checkRegisterField(rule, value);
    if (problem?.kind === 'required') throw new AppError('VALIDATION_FAILED', { field });
    if (problem?.kind === 'pattern') {
      throw new AppError('REG_FIELD_INVALID', {
        field,
        patternId: problem.patternId,
        minLength: problem.minLength,
        maxLength: problem.maxLength,
      });
    }
    if (rule.enabled && value !== '') values[field] = value;
  }
  return values;
}

/** What the member service's workflows work with. */
interface MemberContext {
  repository: MemberRepository;
  affiliates: AffiliateService;
  paymentPasswords: PaymentPasswordService;
}

type Affiliate = Awaited<ReturnType<AffiliateService['usable']>> | null;

/** The agent code a registration names, checked; null when the form has none. */
async function affiliateOf(
  ctx: MemberContext,
  merchant: Merchant,
  values: Record<string, string>,
): Promise<Affiliate> {
  return values.affiliateCode ? ctx.affiliates.usable(merchant.code, values.affiliateCode) : null;
}

/** The profile kept with a new account: the fields as typed, the referral and agent codes. */
function profileOf(
  values: Record<string, string>,
  input: RegisterExtras,
  affiliate: Affiliate,
  extraProfile: Record<string, string> | undefined,
): Record<string, string> {
  const profile: Record<string, string> = Object.fromEntries(
    profileFields.flatMap((field) => (values[field] ? [[field, values[field]]] : [])),
  );
  const referralCode = input.referralCode?.trim();
  if (referralCode) profile.referralCode = referralCode;
  // The code as the agent spelt it, whatever case the player typed.
  if (affiliate) profile.affiliateCode = affiliate.code;
  return { ...profile, ...extraProfile };
}

/** Inserts the account; undefined when the username is taken. */
async function insertMember(
  ctx: MemberContext,
  merchant: Merchant,
  username: string,
  values: Record<string, string>,
  input: RegisterExtras,
  meta: {
    ip: string | null;
    deviceId?: string | null;
    affiliate: Affiliate;
    extraProfile?: Record<string, string>;
  },
): Promise<Member | undefined> {
  return ctx.repository.insert({
    merchantCode: merchant.code,
    username,
    usernameNormalized: normalizeUsername(username),
    passwordHash: await hashPassword(input.password),
    paymentPasswordHash: values.paymentPassword
      ? await ctx.paymentPasswords.hashForNewAccount(merchant, values.paymentPassword)
      : null,
    nickname: username,
    profile: profileOf(values, input, meta.affiliate, meta.extraProfile),
    registerIp: meta.ip,
    registerDeviceId: meta.deviceId ?? null,
    registerUrl: input.registerUrl?.trim() || null,
    registerDomain: input.domain?.trim() || null,
    registerMethod: input.registerMethod,
    uplineMemberId: meta.affiliate?.agentMemberId ?? null,
    affiliateCodeId: meta.affiliate?.id ?? null,
    termsAcceptedAt: new Date(),
  });
}

/** The dialling code kept on the profile of a member who proved a number. */
function dialingCodeOf(merchant: Merchant, input: { countryDialingCode?: string | undefined }) {
  return (input.countryDialingCode ?? merchant.smsDialingCodes[0] ?? '').replace(/^\+/, '');
}

function findByAccount(ctx: MemberContext, merchantCode: string, account: string) {
  return ctx.repository.findByUsername(merchantCode, normalizeUsername(account));
}

/**
 * The account a full phone number opens: the one registered by that number, else the one that
 * bound and verified it in the security centre. SMS login, forgot password by phone and the
 * noLogin code all use this, so an unknown number gets the same answer everywhere.
 */
async function findByPhone(ctx: MemberContext, merchantCode: string, phone: string) {
  return (
    (await findByAccount(ctx, merchantCode, phone)) ??
    (await ctx.repository.findByVerifiedMobile(merchantCode, phone))
  );
}

/** Refuses a taken account name before an SMS code is spent on it. */
async function refuseTakenAccount(
  ctx: MemberContext,
  merchant: Merchant,
  account: string,
  field: string,
): Promise<void> {
  if (await findByAccount(ctx, merchant.code, account)) {
    throw new AppError('USERNAME_TAKEN', { field });
  }
}

/** The checks every registration opens with: the merchant's switch and the terms. */
function checkRegistrationBasics(enabled: boolean, input: { termsAccepted?: boolean }): void {
  if (!enabled) throw new AppError('REGISTRATION_DISABLED');
  if (!input.termsAccepted) throw new AppError('TERMS_NOT_ACCEPTED', { field: 'termsAccepted' });
}

function checkPasswordConfirmation(input: { password: string; confirmPassword?: string }): void {
  if (input.confirmPassword !== input.password) {
    throw new AppError('PASSWORD_CONFIRM_MISMATCH', { field: 'confirmPassword' });
  }
}

async function register(
  ctx: MemberContext,
  merchant: Merchant,
  input: RegisterInput,
  meta: RegisterMeta,
): Promise<Member> {
  checkRegistrationBasics(merchant.whiteLabel.directRegistration, input);
  const smsRequired = merchant.whiteLabel.smsVerification;
  const values = checkRegisterFields(
    merchant,
    input,
    smsRequired ? new Set<RegisterFieldName>(['mobileNum']) : undefined,
  );
  // With the SMS code on, the number is required whatever its rule says (the code goes there).
  const phone = smsRequired ? checkedPhoneNumber(merchant, input) : null;
  checkPasswordConfirmation(input);
  const affiliate = await affiliateOf(ctx, merchant, values);
  await meta.verifyCaptcha?.();
  const extraProfile: Record<string, string> = {};
  if (phone !== null) {
    // Before the code is spent: a taken username should not cost the player a new code.
    await refuseTakenAccount(ctx, merchant, values.username ?? '', 'username');
    await meta.verifyCode(phone);
    values.mobileNum = normalizeRegisterValue('mobileNum', input.mobileNum);
    extraProfile.countryDialingCode = dialingCodeOf(merchant, input);
  }
  const member = await insertMember(ctx, merchant, values.username ?? '', values, input, {
    ip: meta.ip,
    deviceId: meta.deviceId ?? null,
    affiliate,
    extraProfile,
  });
  if (!member) throw new AppError('USERNAME_TAKEN', { field: 'username' });
  return member;
}

/**
 * An agent registers a downline account directly (the agent centre's registerCenter): the
 * merchant's field rules apply, but not its direct-registration switch, captcha, SMS code or
 * invitation code, since the agent is the one vouching for the account. The new member's
 * upline is the agent.
 */
async function registerDownline(
  ctx: MemberContext,
  merchant: Merchant,
  agentMemberId: bigint,
  input: RegisterInput,
  meta: { ip: string | null },
): Promise<Member> {
  const skip = new Set<RegisterFieldName>(['affiliateCode', 'captcha']);
  const values = checkRegisterFields(merchant, input, skip);
  checkPasswordConfirmation(input);
  const member = await ctx.repository.insert({
    merchantCode: merchant.code,
    username: values.username ?? '',
    usernameNormalized: normalizeUsername(values.username ?? ''),
    passwordHash: await hashPassword(input.password),
    paymentPasswordHash: values.paymentPassword
      ? await ctx.paymentPasswords.hashForNewAccount(merchant, values.paymentPassword)
      : null,
    nickname: values.username ?? '',
    profile: profileOf(values, input, null, undefined),
    registerIp: meta.ip,
    registerUrl: null,
    registerDomain: null,
    registerMethod: AGENT_REGISTER_METHOD,
    uplineMemberId: agentMemberId,
    affiliateCodeId: null,
    termsAcceptedAt: null,
  });
  if (!member) throw new AppError('USERNAME_TAKEN', { field: 'username' });
  return member;
}

/**
 * Mobile registration: the account is the full number (dialling code first), proven by the
 * SMS code of `/wps/verification/sms/register`; the number is kept on the profile too.
 */
async function registerMobile(
  ctx: MemberContext,
  merchant: Merchant,
  input: RegisterMobileInput,
  meta: { ip: string | null; verifyCode: VerifyPhoneCode },
): Promise<Member> {
  checkRegistrationBasics(merchant.whiteLabel.mobileRegistration, input);
  const phone = checkedPhoneNumber(merchant, input);
  const values = checkRegisterFields(
    merchant,
    input,
    new Set<RegisterFieldName>(['username', 'mobileNum']),
  );
  checkPasswordConfirmation(input);
  const affiliate = await affiliateOf(ctx, merchant, values);
  // Before the code is spent: a taken number should not cost the player a new code.
  await refuseTakenAccount(ctx, merchant, phone, 'mobileNum');
  await meta.verifyCode(phone);
  values.mobileNum = normalizeRegisterValue('mobileNum', input.mobileNum);
  const member = await insertMember(ctx, merchant, phone, values, input, {
    ip: meta.ip,
    affiliate,
    extraProfile: { countryDialingCode: dialingCodeOf(merchant, input) },
  });
  if (!member) throw new AppError('USERNAME_TAKEN', { field: 'mobileNum' });
  return member;
}

async function memberByPhone(ctx: MemberContext, merchant: Merchant, phone: string) {
  const member = await findByPhone(ctx, merchant.code, phone);
  if (!member) throw new AppError('INVALID_CREDENTIALS');
  if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  return member;
}

/**
 * Forgot password by phone: the new password against the rule, then the SMS code of
 * `/wps/verification/sms/noLogin`, then the new hash. The caller ends the other sessions.
 */
async function resetPasswordByPhone(
  ctx: MemberContext,
  merchant: Merchant,
  input: ResetPasswordByPhoneInput,
  verifyCode: VerifyPhoneCode,
): Promise<Member> {
  if (!merchant.whiteLabel.phoneVerification) throw new AppError('FORBIDDEN');
  const phone = checkedPhoneNumber(merchant, input);
  checkNewPassword(merchant, input.newPassword, 'newPassword');
  if (input.confirmNewPassword !== undefined && input.confirmNewPassword !== input.newPassword) {
    throw new AppError('PASSWORD_CONFIRM_MISMATCH', { field: 'confirmNewPassword' });
  }
  await verifyCode(phone);
  const member = await findByPhone(ctx, merchant.code, phone);
  // Unreachable in practice: a code for a number without an account is never delivered.
  if (!member) throw new AppError('SMS_CODE_INVALID', { field: 'verificationCode' });
  if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  await ctx.repository.updatePassword(member.id, await hashPassword(input.newPassword));
  return member;
}

/**
 * The member whose username and password these are. Every failure, whether the username
 * exists or not, answers the same error after the same work.
 */
async function verifyCredentials(
  ctx: MemberContext,
  merchant: Merchant,
  username: string,
  password: string,
): Promise<Member> {
  const member = await findByAccount(ctx, merchant.code, username);
  if (!member) {
    await spendPasswordCheckTime(password);
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (!(await verifyPassword(member.passwordHash, password))) {
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  return member;
}

async function recordLogin(ctx: MemberContext, merchant: Merchant, member: Member) {
  const previousLoginAt = await ctx.repository.recordLogin(member.id);
  const maxAgeDays = merchant.passwordMaxAgeDays;
  const passwordExpired =
    maxAgeDays !== null && Date.now() - member.passwordChangedAt.getTime() > maxAgeDays * DAY_MS;
  return { firstTimeLogin: previousLoginAt === null, passwordExpired };
}

/** The member of this id when it belongs to the merchant; else the session is stale. */
async function memberOfMerchant(ctx: MemberContext, merchant: Merchant, memberId: bigint) {
  const member = await ctx.repository.findById(memberId);
  if (!member || member.merchantCode !== merchant.code) throw new AppError('SESSION_EXPIRED');
  return member;
}

/**
 * Checks the new password against the merchant's rule and its confirmation, then the old
 * password, and stores the new hash (password_changed_at moves too).
 */
async function changePassword(
  ctx: MemberContext,
  merchant: Merchant,
  memberId: bigint,
  input: ChangePasswordInput,
): Promise<void> {
  checkNewPassword(merchant, input.newPassword, 'newPassword');
  if (input.confirmNewPassword !== input.newPassword) {
    throw new AppError('PASSWORD_CONFIRM_MISMATCH', { field: 'confirmNewPassword' });
  }
  const member = await memberOfMerchant(ctx, merchant, memberId);
  // SPEC §3: the old password is asked only when the member knows one.
  if (
    member.passwordKnown &&
    !(await verifyPassword(member.passwordHash, input.oldPassword ?? ''))
  ) {
    throw new AppError('OLD_PASSWORD_INVALID', { field: 'oldPassword' });
  }
  await ctx.repository.updatePassword(memberId, await hashPassword(input.newPassword));
}

async function activeMember(ctx: MemberContext, merchant: Merchant, memberId: bigint) {
  const member = await ctx.repository.findById(memberId);
  if (!member || member.merchantCode !== merchant.code || member.status !== 'active') {
    return undefined;
  }
  return member;
}

/** Accounts on the member repository: each call is one of the workflows above. */
export function createMemberService(
  repository: MemberRepository,
  deps: {
    affiliates: AffiliateService;
    paymentPasswords: PaymentPasswordService;
    /** The member's club rank label (module vip); none when not wired. */
    clubLabelOf?: ClubLabelOf | undefined;
    /** Member info answered from memory, kept correct by the database's NOTIFY; none in tests. */
    infoCache?: MemberInfoCache | undefined;
  },
): MemberService {
  const { clubLabelOf, infoCache, ...rest } = deps;
  const ctx: MemberContext = { repository, ...rest };
  const info = createMemberInfoReader({ repository, clubLabelOf, cache: infoCache });
  return {
    register: (merchant, input, meta) => register(ctx, merchant, input, meta),
    checkAffiliateCode: async (merchant, code) => ({
      code: (await ctx.affiliates.usable(merchant.code, code)).code,
    }),
    registerMobile: (merchant, input, meta) => registerMobile(ctx, merchant, input, meta),
    isMemberNumber: async (merchantCode, phone) =>
      (await findByPhone(ctx, merchantCode, phone)) !== undefined,
    memberByPhone: (merchant, phone) => memberByPhone(ctx, merchant, phone),
    resetPasswordByPhone: (merchant, input, verifyCode) =>
      resetPasswordByPhone(ctx, merchant, input, verifyCode),
    verifyCredentials: (merchant, username, password) =>
      verifyCredentials(ctx, merchant, username, password),
    recordLogin: (merchant, member) => recordLogin(ctx, merchant, member),
    changePassword: (merchant, memberId, input) => changePassword(ctx, merchant, memberId, input),
    createTrial: (merchant, ip) => createTrialAccount(repository, merchant, ip),
    activeMember: (merchant, memberId) => activeMember(ctx, merchant, memberId),
    info,
    registerDownline: (merchant, agentMemberId, input, meta) =>
      registerDownline(ctx, merchant, agentMemberId, input, meta),
  };
}

export type { MemberService } from './service-interface.js';
