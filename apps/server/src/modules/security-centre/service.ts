import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  type LanguageCode,
  type LoginHistoryItem,
  type MemberInfo,
  type RegisterFieldName,
  type SecurityProfile,
  SMS_CODE_LENGTH,
} from '@app/contract';
import { AppError } from '../../http/app-error.js';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.js';
import type {
  MemberSecurityService,
  MemberService,
  PaymentPasswordService,
} from '../member/index.js';
import type { ActiveLogin, LoginRecord, SessionService } from '../session/index.js';
import { checkedPhoneNumber, type SmsService } from '../sms/index.js';
import type { Merchant } from '../system/index.js';
import { deviceOf } from './device.js';
import { maskEmail, maskPhone } from './mask.js';
import type { SecurityCentreRepository, StoredEmailCode } from './repository.js';

/** An e-mail code is valid this long... */
export const EMAIL_CODE_TTL_MINUTES = 10;
/** ...and dies after this many wrong tries. */
export const EMAIL_CODE_MAX_TRIES = 5;
/** E-mail codes and their rows are kept this long for the daily limit, then pruned. */
export const EMAIL_CODE_RETENTION_MS = 2 * 24 * 60 * 60 * 1000;
/** One e-mail code per member this often (the Send button's countdown)... */
export const EMAIL_CODE_RESEND_LIMIT: RateLimitRule = {
  name: 'security-email-resend',
  limit: 1,
  windowMs: 60 * 1000,
};
/** ...and at most this many a day, whatever the addresses (no mail bomb through the site). */
export const EMAIL_CODE_DAILY_LIMIT: RateLimitRule = {
  name: 'security-email-daily',
  limit: 10,
  windowMs: 24 * 60 * 60 * 1000,
};
/** Code checks and login-password checks of the security centre per member. */
export const SECURITY_PROOF_LIMIT: RateLimitRule = {
  name: 'security-proof',
  limit: 20,
  windowMs: 60 * 60 * 1000,
};

/**
 * Registration fields the profile shows when the merchant enables them: contact and identity
 * fields; never secrets (passwords, codes) nor the e-mail and mobile, which have their own rows.
 */
const PROFILE_FIELDS: readonly RegisterFieldName[] = [
  'payeeName',
  'qqNum',
  'line',
  'whatsapp',
  'zalo',
  'facebook',
  'wechat',
  'idNumber',
];
/** Shown with all but the last characters hidden. */
const MASKED_FIELDS: ReadonlySet<string> = new Set(['idNumber']);
const ID_NUMBER_VISIBLE_CHARS = 4;

/** The club rank (SPEC §3 clubLabel.rankLevel) of a member; module points answers it once wired. */
export type ClubRankLevelOf = (merchant: Merchant, memberId: bigint) => Promise<number>;

export interface SecurityCentreDeps {
  repository: SecurityCentreRepository;
  members: MemberService;
  memberSecurity: MemberSecurityService;
  paymentPasswords: PaymentPasswordService;
  sessions: SessionService;
  sms: SmsService;
  sendEmailCode: (input: { merchant: Merchant; to: string; code: string }) => Promise<void>;
  rateLimit: RateLimiter;
  /** The country of an address (the server's GeoIP database), null when unknown. */
  countryOfIp: (ip: string) => string | null;
  /** The member's club rank; by default the one the member's info carries (0 without a club). */
  clubRankLevelOf?: ClubRankLevelOf;
}

/** Who asks: the member of the session, and the session itself. */
export interface SecurityCaller {
  merchant: Merchant;
  memberId: bigint;
  sessionId: bigint;
  ip: string;
}

export interface PaymentPasswordInput {
  loginPassword?: string | undefined;
  verificationCode?: string | undefined;
  paymentPassword: string;
  confirmPaymentPassword: string;
}

/** The member's own account settings (SPEC §2 securityCenter). */
export interface SecurityCentreService {
  profile(caller: SecurityCaller): Promise<SecurityProfile>;
  /** Sends a code to any address: the answer never says whether another account uses it. */
  sendEmailCode(caller: SecurityCaller, email: string): Promise<{ expiredMinutes: number }>;
  bindEmail(caller: SecurityCaller, email: string, code: string): Promise<void>;
  sendMobileCode(
    caller: SecurityCaller,
    phone: { countryDialingCode?: string | undefined; mobileNum: string },
  ): Promise<{ expiredMinutes: number }>;
  bindMobile(
    caller: SecurityCaller,
    phone: { countryDialingCode?: string | undefined; mobileNum: string },
    code: string,
  ): Promise<void>;
  /** An SMS code to the bound number, for the payment password. */
  sendPaymentPasswordCode(caller: SecurityCaller): Promise<{ expiredMinutes: number }>;
  setPaymentPassword(caller: SecurityCaller, input: PaymentPasswordInput): Promise<void>;
  logins(
    caller: SecurityCaller,
    page: { cursor?: string | undefined; limit: number },
  ): Promise<{ items: LoginHistoryItem[]; nextCursor: string | null }>;
  sessions(
    caller: SecurityCaller,
  ): Promise<{ items: (LoginHistoryItem & { lastSeenAt: string })[] }>;
  /** Signs out one other device; this session is signed out by logout, not here. */
  signOutSession(caller: SecurityCaller, sessionId: bigint): Promise<{ signedOut: number }>;
  signOutOthers(caller: SecurityCaller): Promise<{ signedOut: number }>;
  setLanguage(caller: SecurityCaller, language: LanguageCode): Promise<void>;
  /** The club rank used to choose VIP customer service (SPEC §4: above 4). */
  clubRankLevel(merchant: Merchant, memberId: bigint): Promise<number>;
  /** Housekeeping: old e-mail codes. */
  prune(): Promise<void>;
}

function hashCode(salt: Buffer, code: string): Buffer {
  return createHash('sha256').update(salt).update(code, 'utf8').digest();
}

function newCode(): string {
  return randomInt(0, 10 ** SMS_CODE_LENGTH)
    .toString()
    .padStart(SMS_CODE_LENGTH, '0');
}

function maskTail(value: string): string {
  const shown = value.slice(-ID_NUMBER_VISIBLE_CHARS);
  return `${'*'.repeat(Math.max(0, value.length - shown.length))}${shown}`;
}

function registeredFields(merchant: Merchant, profile: Record<string, string>) {
  return PROFILE_FIELDS.filter(
    (field) => merchant.registerSettings[field]?.enabled && Boolean(profile[field]),
  ).map((field) => {
    const value = profile[field] ?? '';
    return { field, value: MASKED_FIELDS.has(field) ? maskTail(value) : value };
  });
}

function historyItem(
  login: Pick<LoginRecord, 'id' | 'createdAt' | 'ip' | 'userAgent'>,
  state: LoginHistoryItem['state'],
  countryOfIp: (ip: string) => string | null,
): LoginHistoryItem {
  return {
    id: login.id.toString(),
    loginAt: login.createdAt.toISOString(),
    ip: login.ip,
    country: login.ip ? countryOfIp(login.ip) : null,
    device: deviceOf(login.userAgent),
    state,
  };
}

/** The cursor of the login list: the last id of the page, as text. */
function cursorOf(id: bigint): string {
  return Buffer.from(id.toString()).toString('base64url');
}

function idOfCursor(cursor: string | undefined): bigint | undefined {
  if (cursor === undefined) return undefined;
  const text = Buffer.from(cursor, 'base64url').toString();
  if (!/^[0-9]{1,19}$/.test(text)) throw new AppError('PAGE_CURSOR_INVALID');
  return BigInt(text);
}

function emailCodeVerdict(code: string) {
  return (stored: StoredEmailCode | undefined, email: string) => {
    if (!stored || stored.expired || stored.email !== email) return 'none' as const;
    const right = timingSafeEqual(hashCode(stored.salt, code), stored.hash);
    if (right) return 'spend' as const;
    return stored.tries + 1 >= EMAIL_CODE_MAX_TRIES ? ('kill' as const) : ('wrong' as const);
  };
}

export function createSecurityCentreService(deps: SecurityCentreDeps): SecurityCentreService {
  const { repository, memberSecurity, sessions, sms, rateLimit } = deps;
  const defaultClubRank: ClubRankLevelOf = async (merchant, memberId) => {
    const info: MemberInfo = await deps.members.info(merchant, memberId);
    return info.clubLabel?.rankLevel ?? 0;
  };
  const clubRankLevelOf = deps.clubRankLevelOf ?? defaultClubRank;
  const memberKey = (caller: SecurityCaller) => `${caller.merchant.code}:${caller.memberId}`;

  async function checkSmsCode(caller: SecurityCaller, phone: string, code: string) {
    await rateLimit(SECURITY_PROOF_LIMIT, memberKey(caller));
    await sms.checkCode(caller.merchant.code, 'security', phone, code);
  }

  async function boundMobile(caller: SecurityCaller): Promise<string> {
    const record = await memberSecurity.record(caller.merchant.code, caller.memberId);
    if (!record.verifiedMobile) throw new AppError('MOBILE_NOT_BOUND');
    return record.verifiedMobile;
  }

  return {
    async profile(caller) {
      const { merchant, memberId } = caller;
      const record = await memberSecurity.record(merchant.code, memberId);
      const info = await deps.members.info(merchant, memberId);
      const email = record.profile.email || null;
      return {
        account: record.username,
        nickname: record.nickname,
        registeredFields: registeredFields(merchant, record.profile),
        email: email ? maskEmail(email) : null,
        emailVerified: Boolean(email) && record.emailVerified,
        mobile: record.verifiedMobile
          ? maskPhone(
              record.verifiedMobile,
              merchant.smsDialingCodes.find((code) => record.verifiedMobile?.startsWith(code)),
            )
          : null,
        mobileVerified: record.verifiedMobile !== null,
        paymentPasswordSet: record.paymentPasswordSet,
        passwordKnown: record.passwordKnown,
        language: (record.language as LanguageCode | null) ?? null,
        clubLabel: info.clubLabel,
        memberLabel: info.memberLabel,
      };
    },

    async sendEmailCode(caller, email) {
      await rateLimit(EMAIL_CODE_RESEND_LIMIT, memberKey(caller));
      await rateLimit(EMAIL_CODE_DAILY_LIMIT, memberKey(caller));
      const code = newCode();
      const salt = randomBytes(16);
      await repository.insertEmailCode({
        merchantCode: caller.merchant.code,
        memberId: caller.memberId,
        email,
        salt,
        hash: hashCode(salt, code),
        expiresAt: new Date(Date.now() + EMAIL_CODE_TTL_MINUTES * 60 * 1000),
      });
      await deps.sendEmailCode({ merchant: caller.merchant, to: email, code });
      return { expiredMinutes: EMAIL_CODE_TTL_MINUTES };
    },

    async bindEmail(caller, email, code) {
      await rateLimit(SECURITY_PROOF_LIMIT, memberKey(caller));
      const decide = emailCodeVerdict(code);
      const verdict = await repository.checkEmailCode(caller.memberId, (stored) =>
        decide(stored, email),
      );
      if (verdict !== 'spend') {
        throw new AppError('SECURITY_CODE_INVALID', { field: 'verificationCode' });
      }
      await memberSecurity.bindEmail(caller.memberId, email);
    },

    async sendMobileCode(caller, phone) {
      return sms.sendCode(caller.merchant, 'security', phone, {
        ip: caller.ip,
        // The member is signed in: the session stands in for the captcha.
        botCheck: async () => undefined,
        deliver: async () => true,
      });
    },

    async bindMobile(caller, phone, code) {
      const full = checkedPhoneNumber(caller.merchant, phone);
      await checkSmsCode(caller, full, code);
      await memberSecurity.bindMobile(caller.memberId, {
        full,
        national: phone.mobileNum.replace(/^0/, ''),
      });
    },

    async sendPaymentPasswordCode(caller) {
      const phone = await boundMobile(caller);
      const dialingCode = caller.merchant.smsDialingCodes.find((code) => phone.startsWith(code));
      return sms.sendCode(
        caller.merchant,
        'security',
        { countryDialingCode: dialingCode, mobileNum: phone.slice(dialingCode?.length ?? 0) },
        { ip: caller.ip, botCheck: async () => undefined, deliver: async () => true },
      );
    },

    async setPaymentPassword(caller, input) {
      const change = {
        merchant: caller.merchant,
        memberId: caller.memberId,
        paymentPassword: input.paymentPassword,
        confirmPaymentPassword: input.confirmPaymentPassword,
      };
      if (input.verificationCode) {
        const phone = await boundMobile(caller);
        await checkSmsCode(caller, phone, input.verificationCode);
        await deps.paymentPasswords.setProven(change);
        return;
      }
      await rateLimit(SECURITY_PROOF_LIMIT, memberKey(caller));
      await deps.paymentPasswords.set({ ...change, loginPassword: input.loginPassword ?? '' });
    },

    async logins(caller, page) {
      const rows = await sessions.logins(caller.memberId, idOfCursor(page.cursor), page.limit + 1);
      const active = new Set(
        (await sessions.activeOfMember(caller.memberId)).map((session) => session.id),
      );
      const items = rows.slice(0, page.limit).map((row) => {
        const state =
          row.id === caller.sessionId ? 'current' : active.has(row.id) ? 'active' : 'ended';
        return historyItem(row, state, deps.countryOfIp);
      });
      const last = rows[page.limit - 1];
      return { items, nextCursor: rows.length > page.limit && last ? cursorOf(last.id) : null };
    },

    async sessions(caller) {
      const rows: ActiveLogin[] = await sessions.activeOfMember(caller.memberId);
      const current = rows.filter((row) => row.id === caller.sessionId);
      const others = rows.filter((row) => row.id !== caller.sessionId);
      return {
        items: [...current, ...others].map((row) => ({
          ...historyItem(row, row.id === caller.sessionId ? 'current' : 'active', deps.countryOfIp),
          lastSeenAt: row.lastSeenAt.toISOString(),
        })),
      };
    },

    async signOutSession(caller, sessionId) {
      // This very session ends through logout, which also clears the browser's storage.
      if (sessionId === caller.sessionId)
        throw new AppError('VALIDATION_FAILED', { field: 'sessionId' });
      const signedOut = await sessions.revokeOneOfMember(caller.memberId, sessionId);
      if (signedOut === 0) throw new AppError('NOT_FOUND', { field: 'sessionId' });
      return { signedOut };
    },

    async signOutOthers(caller) {
      return { signedOut: await sessions.revokeOthersOfMember(caller.memberId, caller.sessionId) };
    },

    async setLanguage(caller, language) {
      if (!caller.merchant.supportedLanguages.includes(language)) {
        throw new AppError('VALIDATION_FAILED', { field: 'language' });
      }
      await memberSecurity.setLanguage(caller.memberId, language);
    },

    clubRankLevel: (merchant, memberId) => clubRankLevelOf(merchant, memberId),

    prune: () => repository.prune(EMAIL_CODE_RETENTION_MS),
  };
}
