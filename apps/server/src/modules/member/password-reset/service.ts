import { createHash, randomBytes } from 'node:crypto';
import {
  checkRegisterField,
  type forgotPasswordByEmailRequestSchema,
  normalizeRegisterValue,
  PASSWORD_RESET_LINK_MINUTES,
  PASSWORD_RESET_PAGE_PATH,
  PASSWORD_RESET_TOKEN_LENGTH,
  type resetPasswordByEmailRequestSchema,
} from '@app/contract';
import type { z } from 'zod';
import { AppError } from '../../../http/app-error.js';
import type { EmailLanguage, EmailService } from '../../email/index.js';
import type { Merchant } from '../../system/index.js';
import { hashPassword } from '../password.js';
import { checkNewPassword, normalizeUsername } from '../service.js';
import type { PasswordResetService } from '../service-interface.js';
import type { PasswordResetRepository } from './repository.js';

type ForgotInput = z.output<typeof forgotPasswordByEmailRequestSchema>;
type ResetInput = z.output<typeof resetPasswordByEmailRequestSchema>;

export const PASSWORD_RESET_LINK_MS = PASSWORD_RESET_LINK_MINUTES * 60 * 1000;
/** Links are deleted this long after they were made (they died after 30 minutes). */
export const PASSWORD_RESET_RETENTION_MS = 2 * 24 * 60 * 60 * 1000;
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = new RegExp(`^[A-Za-z0-9_-]{${PASSWORD_RESET_TOKEN_LENGTH}}$`);

export function hashResetToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** E-mails compare without case (the domain is case-free; few mailboxes differ by case). */
function sameEmail(stored: string | null, typed: string): boolean {
  return stored !== null && stored.trim().toLowerCase() === typed.toLowerCase();
}

/** `a***@example.com`: enough for the operator to tell the member where to look. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address.slice(0, 1)}***${address.slice(at)}`;
}

/** `********671`: the last three digits, enough for the operator to confirm which phone. */
export function maskPhone(number: string): string {
  return `${'*'.repeat(Math.max(0, number.length - 3))}${number.slice(-3)}`;
}

/** The reset SMS in the site's language; short, since an SMS over 160 characters costs more. */
function resetSmsText(
  language: EmailLanguage,
  input: { siteName: string; username: string; link: string },
): string {
  const minutes = PASSWORD_RESET_LINK_MINUTES;
  if (language === 'VI') {
    return `${input.siteName}: đặt lại mật khẩu ${input.username} tại ${input.link} (hiệu lực ${minutes} phút). Không yêu cầu? Bỏ qua tin này.`;
  }
  return `${input.siteName}: reset the password of ${input.username} at ${input.link} (valid ${minutes} minutes). Did not ask? Ignore this message.`;
}

export function createPasswordResetService(deps: {
  repository: PasswordResetRepository;
  email: EmailService;
  /** Where a failed delivery is reported (the caller's answer does not change). */
  logError: (details: object, message: string) => void;
}): PasswordResetService {
  const { repository, email, logError } = deps;
  /** Deliveries under way: sent after the answer, so that a match answers as fast as a miss. */
  const pending = new Set<Promise<void>>();

  return {
    /**
     * Forgot password by e-mail. The same answer, after the same work, whether or not the
     * username and the e-mail match an active account; only a match stores a link and mails it.
     * `origin` is the site address the link points to (null: no link can be made, nothing sent).
     */
    async requestLink(
      merchant: Merchant,
      input: ForgotInput,
      meta: { origin: string | null; language: EmailLanguage },
    ): Promise<void> {
      if (input.username === '') throw new AppError('VALIDATION_FAILED', { field: 'username' });
      const emailRule = { ...merchant.registerSettings.email, enabled: true, required: true };
      const problem = checkRegisterField(emailRule, normalizeRegisterValue('email', input.email));
      if (problem?.kind === 'required') throw new AppError('VALIDATION_FAILED', { field: 'email' });
      if (problem?.kind === 'pattern') {
        throw new AppError('REG_FIELD_INVALID', {
          field: 'email',
          patternId: problem.patternId,
          minLength: problem.minLength,
          maxLength: problem.maxLength,
        });
      }
      const candidate = await repository.findCandidate(
        merchant.code,
        normalizeUsername(input.username),
      );
      const match =
        candidate?.active === true && sameEmail(candidate.email, input.email) && meta.origin
          ? candidate
          : null;
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      await repository.storeToken(
        match?.id ?? null,
        hashResetToken(token),
        new Date(Date.now() + PASSWORD_RESET_LINK_MS),
      );
      if (!match || !meta.origin) return;
      const link = `${meta.origin}${PASSWORD_RESET_PAGE_PATH}?token=${token}`;
      const delivery = email
        .sendPasswordReset({
          merchantCode: merchant.code,
          siteName: merchant.name,
          to: candidate?.email?.trim() ?? input.email,
          username: match.username,
          link,
          validMinutes: PASSWORD_RESET_LINK_MINUTES,
          language: meta.language,
        })
        .catch((error: unknown) =>
          logError(
            {
              merchantCode: merchant.code,
              memberId: match.id.toString(),
              error: error instanceof Error ? error.message : String(error),
            },
            'password reset e-mail not delivered',
          ),
        )
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },

    /**
     * Sets a new password with a link's token: the merchant's password rule and the
     * confirmation first, then the link is spent and the hash set in one transaction. Answers
     * the member id (the caller ends its sessions). A bad, used or expired link:
     * RESET_LINK_INVALID.
     */
    async resetPassword(merchant: Merchant, input: ResetInput): Promise<bigint> {
      checkNewPassword(merchant, input.newPassword, 'newPassword');
      if (input.confirmNewPassword !== input.newPassword) {
        throw new AppError('PASSWORD_CONFIRM_MISMATCH', { field: 'confirmNewPassword' });
      }
      const token = input.token.trim();
      if (!TOKEN_PATTERN.test(token)) throw new AppError('RESET_LINK_INVALID', { field: 'token' });
      const memberId = await repository.spendTokenAndSetPassword(
        merchant.code,
        hashResetToken(token),
        await hashPassword(input.newPassword),
      );
      if (memberId === undefined) throw new AppError('RESET_LINK_INVALID', { field: 'token' });
      return memberId;
    },

    /**
     * An operator sends a member the same reset link as forgot password, to the member's own
     * e-mail: the link is stored and `record` (the audit entry) runs in one transaction, the
     * e-mail goes after commit, and the link itself is never answered. No e-mail address, or
     * no site address to build the link from: MEMBER_NO_RESET_CHANNEL, nothing stored.
     */
    async sendLinkToMember(merchant, member, meta, transaction) {
      const to = member.email?.trim() ?? '';
      if (to === '' || !meta.origin) throw new AppError('MEMBER_NO_RESET_CHANNEL');
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      await transaction(async (executor) => {
        await repository
          .within(executor)
          .storeToken(
            member.id,
            hashResetToken(token),
            new Date(Date.now() + PASSWORD_RESET_LINK_MS),
          );
      });
      await email.sendPasswordReset({
        merchantCode: merchant.code,
        siteName: merchant.name,
        to,
        username: member.username,
        link: `${meta.origin}${PASSWORD_RESET_PAGE_PATH}?token=${token}`,
        validMinutes: PASSWORD_RESET_LINK_MINUTES,
        language: meta.language,
      });
      return { channel: 'email' as const, sentTo: maskEmail(to) };
    },

    async sendLinkToMemberBySms(merchant, member, meta, transaction, deliver) {
      const number = member.verifiedMobile ?? '';
      if (number === '') throw new AppError('MEMBER_NO_VERIFIED_MOBILE');
      if (!meta.origin) throw new AppError('MEMBER_NO_RESET_CHANNEL');
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      await transaction(async (executor) => {
        await repository
          .within(executor)
          .storeToken(
            member.id,
            hashResetToken(token),
            new Date(Date.now() + PASSWORD_RESET_LINK_MS),
          );
      });
      await deliver({
        merchantCode: merchant.code,
        number,
        text: resetSmsText(meta.language, {
          siteName: merchant.name,
          username: member.username,
          link: `${meta.origin}${PASSWORD_RESET_PAGE_PATH}?token=${token}`,
        }),
      });
      return { channel: 'sms' as const, sentTo: maskPhone(number) };
    },

    /** Waits for the e-mails under way (tests, and a graceful stop). */
    async settled(): Promise<void> {
      await Promise.all([...pending]);
    },

    prune: () => repository.prune(PASSWORD_RESET_RETENTION_MS),
  };
}

export type { PasswordResetService } from '../service-interface.js';
