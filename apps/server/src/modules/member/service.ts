import {
  type changePasswordRequestSchema,
  checkRegisterField,
  type MemberInfo,
  normalizeRegisterValue,
  type RegisterFieldName,
  type RegisterFieldRule,
  registerFieldNames,
  type registerRequestSchema,
} from '@app/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import type { Merchant } from '../system/index.js';
import { hashPassword, spendPasswordCheckTime, verifyPassword } from './password.js';
import type { Member, MemberRepository } from './repository.js';

type RegisterInput = z.output<typeof registerRequestSchema>;
type ChangePasswordInput = z.output<typeof changePasswordRequestSchema>;

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

const DAY_MS = 24 * 60 * 60 * 1000;

function effectiveRule(field: RegisterFieldName, rule: RegisterFieldRule): RegisterFieldRule {
  return alwaysRequiredFields.has(field) ? { ...rule, enabled: true, required: true } : rule;
}

/** Usernames are unique regardless of case and of how a character was composed. */
export function normalizeUsername(username: string): string {
  return username.normalize('NFKC').toLowerCase();
}

/** A new password against the merchant's password rule, reported on the field `field`. */
function checkNewPassword(merchant: Merchant, password: string, field: string): void {
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

function checkRegisterFields(merchant: Merchant, input: RegisterInput): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of registerFieldNames) {
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

export function createMemberService(repository: MemberRepository) {
  return {
    async register(
      merchant: Merchant,
      input: RegisterInput,
      meta: {
        ip: string | null;
        /** Runs once the fields are valid, before the account is made (the merchant's captcha). */
        verifyCaptcha?: (() => Promise<void>) | undefined;
      },
    ): Promise<Member> {
      if (!merchant.whiteLabel.directRegistration) throw new AppError('REGISTRATION_DISABLED');
      if (!input.termsAccepted)
        throw new AppError('TERMS_NOT_ACCEPTED', { field: 'termsAccepted' });
      const values = checkRegisterFields(merchant, input);
      if (input.confirmPassword !== input.password) {
        throw new AppError('PASSWORD_CONFIRM_MISMATCH', { field: 'confirmPassword' });
      }
      await meta.verifyCaptcha?.();
      const username = values.username ?? '';
      const profile = Object.fromEntries(
        profileFields.flatMap((field) => (values[field] ? [[field, values[field]]] : [])),
      );
      const referralCode = input.referralCode?.trim();
      if (referralCode) profile.referralCode = referralCode;
      const member = await repository.insert({
        merchantCode: merchant.code,
        username,
        usernameNormalized: normalizeUsername(username),
        passwordHash: await hashPassword(input.password),
        paymentPasswordHash: values.paymentPassword
          ? await hashPassword(values.paymentPassword)
          : null,
        nickname: username,
        profile,
        registerIp: meta.ip,
        registerUrl: input.registerUrl ?? null,
        registerMethod: input.registerMethod,
        termsAcceptedAt: new Date(),
      });
      if (!member) throw new AppError('USERNAME_TAKEN', { field: 'username' });
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
      if (!(await verifyPassword(member.passwordHash, input.oldPassword))) {
        throw new AppError('OLD_PASSWORD_INVALID', { field: 'oldPassword' });
      }
      await repository.updatePassword(memberId, await hashPassword(input.newPassword));
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
      };
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
