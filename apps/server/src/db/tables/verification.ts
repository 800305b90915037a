import type { Generated } from 'kysely';
import type { BigIntColumn, ChildMerchantCode, CreatedAt, IdColumn, Json } from './column-types.js';

/** Rate limits, captchas, slider challenges, login failures, remember tokens, phone identity, social sign-in, SMS and e-mail outboxes, reset links. */

export interface RateLimitBucketsTable {
  bucket: string;
  window_started_at: Date;
  hits: number;
}

export interface CaptchasTable {
  id: string;
  merchant_code: string;
  answer_salt: Buffer;
  answer_hash: Buffer;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface SliderChallengesTable {
  id: string;
  merchant_code: string;
  /** The gap's left edge in puzzle pixels: the offset a right drag ends at. */
  answer_x: number;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface ChallengeTokensTable {
  token_hash: Buffer;
  merchant_code: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface RememberTokensTable {
  id: IdColumn;
  merchant_code: string;
  member_id: BigIntColumn;
  family_id: string;
  token_hash: Buffer;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  created_at: CreatedAt;
}

export interface LoginFailuresTable {
  id: IdColumn;
  merchant_code: string;
  scope: 'username' | 'ip';
  key: string;
  failed_at: CreatedAt;
}

export interface PhoneIdentitySettingsTable {
  merchant_code: string;
  /** Parsed by phone-identity's zod schema when read. */
  config: Json<unknown>;
  updated_at: Generated<Date>;
}

export interface PhoneIdentityUsedTokensTable {
  merchant_code: string;
  token_key: Buffer;
  expires_at: Date;
}

export interface SocialProvidersTable {
  merchant_code: string;
  provider: 'google' | 'facebook';
  /** Parsed by the social module's zod schema when read (issuer, clientId, clientSecret). */
  config: Json<unknown>;
  enabled: Generated<boolean>;
}

export interface SocialSignInStatesTable {
  state_hash: Buffer;
  merchant_code: string;
  provider: string;
  browser_hash: Buffer;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  return_to: string;
  expires_at: Date;
  used_at: Date | null;
}

export interface MemberIdentitiesTable {
  id: IdColumn;
  merchant_code: string;
  provider: string;
  subject: string;
  member_id: BigIntColumn;
  email: string | null;
  created_at: CreatedAt;
  last_login_at: Date | null;
}

export interface SocialLoginCodesTable {
  code_hash: Buffer;
  merchant_code: string;
  member_id: BigIntColumn;
  browser_hash: Buffer;
  expires_at: Date;
  used_at: Date | null;
}

export interface SmsCodesTable {
  id: IdColumn;
  merchant_code: string;
  purpose: 'register' | 'noLogin' | 'withdrawal' | 'security';
  /** Dialling code and national number, digits only. */
  phone: string;
  ip: string;
  code_salt: Buffer;
  code_hash: Buffer;
  expires_at: Date;
  failed_attempts: Generated<number>;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface SmsOutboxTable {
  id: IdColumn;
  merchant_code: string;
  number: string;
  text: string;
  created_at: CreatedAt;
}

export interface EmailOutboxTable {
  id: IdColumn;
  merchant_code: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  created_at: CreatedAt;
}

export interface PasswordResetTokensTable {
  merchant_code: ChildMerchantCode;
  id: IdColumn;
  member_id: BigIntColumn;
  token_hash: Buffer;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}
