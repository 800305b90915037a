import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../../http/app-error.js';
import type { EmailService } from '../../email/index.js';
import type { MemberContact, MemberDirectory } from '../../member/index.js';
import { checkedPhoneNumber, type SmsService } from '../../sms/index.js';
import type { Merchant } from '../../system/index.js';
import type { WithdrawalRepository, WithdrawalSettings } from './repository.js';

/** Digits of an e-mailed withdrawal code (SMS codes use the SMS module's own length). */
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_TTL_MINUTES = 10;
/** Wrong tries before an e-mailed code is dead. */
export const EMAIL_CODE_MAX_TRIES = 5;

export type VerificationMethod = 'sms' | 'email' | 'accountName';

function hashCode(salt: Buffer, code: string): Buffer {
  return createHash('sha256').update(salt).update(code, 'utf8').digest();
}

function normalizedName(text: string): string {
  return text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The member's number as the SMS module takes it, or null when they gave none. */
function phoneOf(
  merchant: Merchant,
  contact: { username: string; mobileNum: string | null },
): { countryDialingCode?: string; mobileNum: string } | null {
  if (contact.mobileNum) return { mobileNum: contact.mobileNum };
  // Mobile registrations use the full number (dialling code first) as the username.
  if (/^[0-9]{6,}$/.test(contact.username)) {
    const dialingCode = merchant.smsDialingCodes.find((code) => contact.username.startsWith(code));
    if (dialingCode) {
      return {
        countryDialingCode: dialingCode,
        mobileNum: contact.username.slice(dialingCode.length),
      };
    }
  }
  return null;
}

/**
 * Extra verification for a withdrawal from an address the member has not used: an SMS code to
 * their own number, an e-mailed code, or the bank account's name typed again. A member who
 * gave no number (or e-mail) is asked for the account name instead, so nobody is locked out.
 */
export function createNewIpVerification(deps: {
  repository: WithdrawalRepository;
  members: Pick<MemberDirectory, 'contact'>;
  sms: SmsService;
  email: EmailService;
}) {
  const { repository, members, sms, email } = deps;

  async function contactOf(memberId: bigint): Promise<MemberContact> {
    const contact = await members.contact(memberId);
    if (!contact) throw new AppError('SESSION_EXPIRED');
    return contact;
  }

  function methodFor(
    merchant: Merchant,
    contact: MemberContact,
    configured: Exclude<WithdrawalSettings['newIpVerification'], 'off'>,
  ): VerificationMethod {
    if (configured === 'accountName') return 'accountName';
    if (configured === 'sms') return phoneOf(merchant, contact) ? 'sms' : 'accountName';
    return contact.email ? 'email' : 'accountName';
  }

  /** Known: registered from it, or withdrew or verified from it before. */
  async function isKnownAddress(memberId: bigint, contact: MemberContact, ip: string) {
    return contact.registerIp === ip || (await repository.isKnownIp(memberId, ip));
  }

  return {
    /**
     * Passes when the address is known or the verification is right (the address is then
     * known); otherwise WITHDRAWAL_VERIFICATION_REQUIRED names the method.
     */
    async check(input: {
      merchant: Merchant;
      memberId: bigint;
      ip: string;
      settings: WithdrawalSettings;
      bankAccountName: string;
      verification: { code?: string | undefined; accountName?: string | undefined } | undefined;
    }): Promise<void> {
      const { merchant, memberId, ip } = input;
      const configured = input.settings.newIpVerification;
      if (configured === 'off') return;
      const contact = await contactOf(memberId);
      const method = methodFor(merchant, contact, configured);
      if (await isKnownAddress(memberId, contact, ip)) return;
      const given = input.verification;
      const answered = method === 'accountName' ? given?.accountName : given?.code;
      if (!answered) throw new AppError('WITHDRAWAL_VERIFICATION_REQUIRED', { method });
      if (method === 'accountName') {
        if (normalizedName(answered) !== normalizedName(input.bankAccountName)) {
          throw new AppError('WITHDRAWAL_VERIFICATION_INVALID', { field: 'accountName', method });
        }
      } else if (method === 'sms') {
        const phone = phoneOf(merchant, contact);
        if (!phone) throw new AppError('WITHDRAWAL_VERIFICATION_INVALID', { method });
        await sms.checkCode(
          merchant.code,
          'withdrawal',
          checkedPhoneNumber(merchant, phone),
          answered,
        );
      } else {
        const outcome = await repository.checkEmailCode(
          memberId,
          EMAIL_CODE_MAX_TRIES,
          (salt, hash) => timingSafeEqual(hashCode(salt, answered), hash),
        );
        if (outcome === 'expired')
          throw new AppError('SMS_CODE_EXPIRED', { field: 'code', method });
        if (outcome !== 'ok') {
          throw new AppError('WITHDRAWAL_VERIFICATION_INVALID', { field: 'code', method });
        }
      }
      await repository.rememberIp(memberId, ip);
    },

    /** Sends a code by the configured method to the member's own number or address. */
    async sendCode(input: {
      merchant: Merchant;
      memberId: bigint;
      ip: string;
      settings: WithdrawalSettings;
    }): Promise<{ method: 'sms' | 'email'; expiredMinutes: number }> {
      const { merchant, memberId } = input;
      const configured = input.settings.newIpVerification;
      if (configured === 'off') throw new AppError('VALIDATION_FAILED', { field: 'method' });
      const contact = await contactOf(memberId);
      const method = methodFor(merchant, contact, configured);
      if (method !== 'sms' && method !== 'email') {
        throw new AppError('VALIDATION_FAILED', { field: 'method' });
      }
      if (method === 'sms') {
        const phone = phoneOf(merchant, contact);
        if (!phone) throw new AppError('VALIDATION_FAILED', { field: 'method' });
        const sent = await sms.sendCode(merchant, 'withdrawal', phone, {
          ip: input.ip,
          // The caller is a logged-in member sending to their own number: no bot check.
          botCheck: async () => undefined,
          deliver: async () => true,
        });
        return { method, expiredMinutes: sent.expiredMinutes };
      }
      const code = randomInt(0, 10 ** EMAIL_CODE_LENGTH)
        .toString()
        .padStart(EMAIL_CODE_LENGTH, '0');
      const salt = randomBytes(16);
      await repository.insertEmailCode({
        memberId,
        salt,
        hash: hashCode(salt, code),
        expiresAt: new Date(Date.now() + EMAIL_CODE_TTL_MINUTES * 60 * 1000),
      });
      await email.sendWithdrawalCode({
        merchantCode: merchant.code,
        siteName: merchant.name,
        to: contact.email as string,
        code,
        validMinutes: EMAIL_CODE_TTL_MINUTES,
      });
      return { method, expiredMinutes: EMAIL_CODE_TTL_MINUTES };
    },

    rememberIp: (memberId: bigint, ip: string) => repository.rememberIp(memberId, ip),
  };
}

export type NewIpVerification = ReturnType<typeof createNewIpVerification>;
