import {
  type changePasswordRequestSchema,
  checkRegisterField,
  effectiveRegisterRule,
  type MemberInfo,
  normalizeRegisterValue,
  type RegisterFieldName,
  type RegisterFieldRule,
  registerFieldNames,
  type registerMobileRequestSchema,
  type registerRequestSchema,
  type resetPasswordByPhoneRequestSchema,
} from '@app/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import { checkedPhoneNumber } from '../sms/index.js';
import type { Merchant } from '../system/index.js';
import type { AffiliateService } from './affiliate/service.js';
import { hashPassword, spendPasswordCheckTime, verifyPassword } from './password.js';
import type { PaymentPasswordService } from './payment-password/service.js';
import type { Member, MemberRepository } from './repository.js';
import { createTrialAccount } from './trial-account.js';

type RegisterInput = z.output<typeof registerRequestSchema>;
type ChangePasswordInput = z.output<typeof changePasswordRequestSchema>;
type RegisterMobileInput = z.output<typeof registerMobileRequestSchema>;
type ResetPasswordByPhoneInput = z.output<typeof resetPasswordByPhoneRequestSchema>;

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

export function createMemberService(
  repository: MemberRepository,
  deps: { affiliates: AffiliateService; paymentPasswords: PaymentPasswordService },
) {
  const { affiliates, paymentPasswords } = deps;

  /** The agent code a registration names, checked; null when the form has none. */
  async function affiliateOf(merchant: Merchant, values: Record<string, string>) {
    return values.affiliateCode ? affiliates.usable(merchant.code, values.affiliateCode) : null;
  }

  async function insertMember(
    merchant: Merchant,
    username: string,
    values: Record<string, string>,
    input: RegisterExtras,
    meta: {
      ip: string | null;
      affiliate: Awaited<ReturnType<typeof affiliateOf>>;
      extraProfile?: Record<string, string>;
    },
  ): Promise<Member | undefined> {
    const profile: Record<string, string> = Object.fromEntries(
      profileFields.flatMap((field) => (values[field] ? [[field, values[field]]] : [])),
    );
    const referralCode = input.referralCode?.trim();
    if (referralCode) profile.referralCode = referralCode;
    // The code as the agent spelt it, whatever case the player typed.
    if (meta.affiliate) profile.affiliateCode = meta.affiliate.code;
    return repository.insert({
      merchantCode: merchant.code,
      username,
      usernameNormalized: normalizeUsername(username),
      passwordHash: await hashPassword(input.password),
      paymentPasswordHash: values.paymentPassword
        ? await paymentPasswords.hashForNewAccount(merchant, values.paymentPassword)
        : null,
      nickname: username,
      profile: { ...profile, ...meta.extraProfile },
      registerIp: meta.ip,
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

  return {
    async register(
      merchant: Merchant,
      input: RegisterInput,
      meta: {
        ip: string | null;
        /** Runs once the fields are valid, before the account is made (the merchant's captcha). */
        verifyCaptcha?: (() => Promise<void>) | undefined;
        /**
         * Checks and spends the SMS code of `/wps/verification/sms/register` sent to the full
         * number; called only when the merchant's `smsVerification` switch is on (SPEC §5).
         */
        verifyCode: (phone: string) => Promise<void>;
      },
    ): Promise<Member> {
      if (!merchant.whiteLabel.directRegistration) throw new AppError('REGISTRATION_DISABLED');
      if (!input.termsAccepted)
        throw new AppError('TERMS_NOT_ACCEPTED', { field: 'termsAccepted' });
      const smsRequired = merchant.whiteLabel.smsVerification;
      const values = checkRegisterFields(
        merchant,
        input,
        smsRequired ? new Set<RegisterFieldName>(['mobileNum']) : undefined,
      );
      // With the SMS code on, the number is required whatever its rule says (the code goes there).
      const phone = smsRequired ? checkedPhoneNumber(merchant, input) : null;
      if (input.confirmPassword !== input.password) {
        throw new AppError('PASSWORD_CONFIRM_MISMATCH', { field: 'confirmPassword' });
      }
      const affiliate = await affiliateOf(merchant, values);
      await meta.verifyCaptcha?.();
      const extraProfile: Record<string, string> = {};
      if (phone !== null) {
        // Before the code is spent: a taken username should not cost the player a new code.
        if (
          await repository.findByUsername(merchant.code, normalizeUsername(values.username ?? ''))
        ) {
          throw new AppError('USERNAME_TAKEN', { field: 'username' });
        }
        await meta.verifyCode(phone);
        values.mobileNum = normalizeRegisterValue('mobileNum', input.mobileNum);
        extraProfile.countryDialingCode = dialingCodeOf(merchant, input);
      }
      const member = await insertMember(merchant, values.username ?? '', values, input, {
        ip: meta.ip,
        affiliate,
        extraProfile,
      });
      if (!member) throw new AppError('USERNAME_TAKEN', { field: 'username' });
      return member;
    },

    /** GET /wps/agent/affiliate: whether a code would be taken by registration. */
    async checkAffiliateCode(merchant: Merchant, code: string): Promise<{ code: string }> {
      return { code: (await affiliates.usable(merchant.code, code)).code };
    },

    /**
     * Mobile registration: the account is the full number (dialling code first), proven by the
     * SMS code of `/wps/verification/sms/register`; the number is kept on the profile too.
     */
    async registerMobile(
      merchant: Merchant,
      input: RegisterMobileInput,
      meta: { ip: string | null; verifyCode: (phone: string) => Promise<void> },
    ): Promise<Member> {
      if (!merchant.whiteLabel.mobileRegistration) throw new AppError('REGISTRATION_DISABLED');
      if (!input.termsAccepted)
        throw new AppError('TERMS_NOT_ACCEPTED', { field: 'termsAccepted' });
      const phone = checkedPhoneNumber(merchant, input);
      const values = checkRegisterFields(
        merchant,
        input,
        new Set<RegisterFieldName>(['username', 'mobileNum']),
      );
      if (input.confirmPassword !== input.password) {
        throw new AppError('PASSWORD_CONFIRM_MISMATCH', { field: 'confirmPassword' });
      }
      const affiliate = await affiliateOf(merchant, values);
      // Before the code is spent: a taken number should not cost the player a new code.
      if (await repository.findByUsername(merchant.code, normalizeUsername(phone))) {
        throw new AppError('USERNAME_TAKEN', { field: 'mobileNum' });
      }
      await meta.verifyCode(phone);
      values.mobileNum = normalizeRegisterValue('mobileNum', input.mobileNum);
      const member = await insertMember(merchant, phone, values, input, {
        ip: meta.ip,
        affiliate,
        extraProfile: { countryDialingCode: dialingCodeOf(merchant, input) },
      });
      if (!member) throw new AppError('USERNAME_TAKEN', { field: 'mobileNum' });
      return member;
    },

    /** Whether an account of the merchant is this full number (a mobile registration). */
    async isMemberNumber(merchantCode: string, phone: string): Promise<boolean> {
      return (
        (await repository.findByUsername(merchantCode, normalizeUsername(phone))) !== undefined
      );
    },

    /** The active member whose account is this full number (SMS login, once the code passed). */
    async memberByPhone(merchant: Merchant, phone: string): Promise<Member> {
      const member = await repository.findByUsername(merchant.code, normalizeUsername(phone));
      if (!member) throw new AppError('INVALID_CREDENTIALS');
      if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
      return member;
    },

    /**
     * Forgot password by phone: the new password against the rule, then the SMS code of
     * `/wps/verification/sms/noLogin`, then the new hash. The caller ends the other sessions.
     */
    async resetPasswordByPhone(
      merchant: Merchant,
      input: ResetPasswordByPhoneInput,
      verifyCode: (phone: string) => Promise<void>,
    ): Promise<Member> {
      if (!merchant.whiteLabel.phoneVerification) throw new AppError('FORBIDDEN');
      const phone = checkedPhoneNumber(merchant, input);
      checkNewPassword(merchant, input.newPassword, 'newPassword');
      if (
        input.confirmNewPassword !== undefined &&
        input.confirmNewPassword !== input.newPassword
      ) {
        throw new AppError('PASSWORD_CONFIRM_MISMATCH', { field: 'confirmNewPassword' });
      }
      await verifyCode(phone);
      const member = await repository.findByUsername(merchant.code, normalizeUsername(phone));
      // Unreachable in practice: a code for a number without an account is never delivered.
      if (!member) throw new AppError('SMS_CODE_INVALID', { field: 'verificationCode' });
      if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
      await repository.updatePassword(member.id, await hashPassword(input.newPassword));
      return member;
    },

    /**
     * The member whose username and password these are. Every failure, whether the username
     * exists or not, answers the same error after the same work.
     */
    async verifyCredentials(merchant: Merchant, username: string, password: string) {
      const member = await repository.findByUsername(merchant.code, normalizeUsername(username));
      if (!member) {
        await spendPasswordCheckTime(password);
        throw new AppError('INVALID_CREDENTIALS');
      }
      if (!(await verifyPassword(member.passwordHash, password))) {
        throw new AppError('INVALID_CREDENTIALS');
      }
      if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
      return member;
    },

    /** Stamps the login; answers whether it is the first one and whether the password is too old. */
    async recordLogin(merchant: Merchant, member: Member) {
      const previousLoginAt = await repository.recordLogin(member.id);
      const maxAgeDays = merchant.passwordMaxAgeDays;
      const passwordExpired =
        maxAgeDays !== null &&
        Date.now() - member.passwordChangedAt.getTime() > maxAgeDays * DAY_MS;
      return { firstTimeLogin: previousLoginAt === null, passwordExpired };
    },

    /**
     * Checks the new password against the merchant's rule and its confirmation, then the old
     * password, and stores the new hash (password_changed_at moves too).
     */
    async changePassword(
      merchant: Merchant,
      memberId: bigint,
      input: ChangePasswordInput,
    ): Promise<void> {
      checkNewPassword(merchant, input.newPassword, 'newPassword');
      if (input.confirmNewPassword !== input.newPassword) {
        throw new AppError('PASSWORD_CONFIRM_MISMATCH', { field: 'confirmNewPassword' });
      }
      const member = await repository.findById(memberId);
      if (!member || member.merchantCode !== merchant.code) throw new AppError('SESSION_EXPIRED');
      // SPEC §3: the old password is asked only when the member knows one.
      if (
        member.passwordKnown &&
        !(await verifyPassword(member.passwordHash, input.oldPassword ?? ''))
      ) {
        throw new AppError('OLD_PASSWORD_INVALID', { field: 'oldPassword' });
      }
      await repository.updatePassword(memberId, await hashPassword(input.newPassword));
    },
    /** A new free-demo account (type 4); FORBIDDEN when the merchant's freePlay switch is off. */
    createTrial(merchant: Merchant, ip: string | null): Promise<Member> {
      return createTrialAccount(repository, merchant, ip);
    },

    /** The active member of this merchant with this id (a remembered login); else undefined. */
    async activeMember(merchant: Merchant, memberId: bigint): Promise<Member | undefined> {
      const member = await repository.findById(memberId);
      if (!member || member.merchantCode !== merchant.code || member.status !== 'active') {
        return undefined;
      }
      return member;
    },

    async info(merchant: Merchant, memberId: bigint): Promise<MemberInfo> {
      const member = await repository.findById(memberId);
      if (!member || member.merchantCode !== merchant.code) throw new AppError('SESSION_EXPIRED');
      return {
        id: Number(member.id),
        account: member.username,
        nickname: member.nickname,
        type: member.type,
        toUpline: member.toUpline,
        currency: merchant.currency,
        clubLabel: null,
        memberLabel: [],
        passwordKnown: member.passwordKnown,
      };
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
