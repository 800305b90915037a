import type { ColumnType, Generated } from 'kysely';
import type {
  BigIntColumn,
  ChildMerchantCode,
  CreatedAt,
  IdColumn,
  Json,
  NullableBigIntColumn,
  UpdatedAt,
} from './column-types.js';

/** Merchants, members, affiliate codes and sessions. */

export interface MerchantsTable {
  code: string;
  name: string;
  currency: string;
  currency_symbol: string;
  default_language: string;
  supported_languages: string[];
  default_game_language: string;
  domains: string[];
  maintenance: Generated<boolean>;
  white_label: Json<unknown>;
  register_settings: Json<unknown>;
  resources: Json<unknown>;
  customer_service: Json<unknown>;
  analytics_id: string | null;
  image_cdns: Generated<string[]>;
  game_launch_cdns: Generated<string[]>;
  password_max_age_days: number | null;
  sms_dialing_codes: Generated<string[]>;
  /** ISO 3166-1 alpha-2 codes refused with status 2 (region restriction). */
  blocked_countries: Generated<string[]>;
  /** Built-in games settings (migration 20261122170000), parsed with zod defaults. */
  builtin_games: ColumnType<unknown, string | undefined, string>;
  /** Maintenance page message per language (migration 20261126080000). */
  maintenance_messages: ColumnType<unknown, string | undefined, string>;
  maintenance_starts_at: Date | null;
  maintenance_ends_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface MembersTable {
  id: IdColumn;
  merchant_code: string;
  username: string;
  username_normalized: string;
  password_hash: string;
  /** False for accounts whose random password nobody knows (social sign-in, free demo). */
  password_known: Generated<boolean>;
  payment_password_hash: string | null;
  nickname: string;
  type: Generated<number>;
  to_upline: Generated<boolean>;
  status: Generated<'active' | 'disabled'>;
  profile: Json<Record<string, string>>;
  register_ip: string | null;
  register_device_id: ColumnType<string | null, string | null | undefined, string | null>;
  register_url: string | null;
  register_method: string | null;
  register_domain: string | null;
  /** The agent whose affiliate code the member registered with. */
  upline_member_id: NullableBigIntColumn;
  affiliate_code_id: NullableBigIntColumn;
  terms_accepted_at: Date | null;
  password_changed_at: CreatedAt;
  last_login_at: Date | null;
  created_at: CreatedAt;
  /** When the e-mail in `profile.email` was proven by a code (security centre). */
  email_verified_at: Date | null;
  /** The full number (dialling code first) proven by an SMS code in the security centre. */
  verified_mobile: string | null;
  mobile_verified_at: Date | null;
  /** The member's chosen site language (SPEC §7 update language); null: the browser's. */
  language: string | null;
}

export interface AffiliateCodesTable {
  id: IdColumn;
  merchant_code: string;
  code: string;
  agent_member_id: BigIntColumn;
  active: Generated<boolean>;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: IdColumn;
  merchant_code: string;
  member_id: BigIntColumn;
  /** The member's account type when the session was issued (a copy of `members.type`). */
  member_type: number;
  token_hash: Buffer;
  created_at: CreatedAt;
  last_seen_at: UpdatedAt;
  absolute_expires_at: Date;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
}

/** A failed member login, by the normalized username typed (migration 20261126160000). */
export interface MemberLoginFailuresTable {
  id: IdColumn;
  merchant_code: string;
  username: string;
  ip: string | null;
  user_agent: string | null;
  reason: 'wrong-password' | 'account-locked' | 'throttled' | 'captcha';
  failed_at: CreatedAt;
}

/** A merchant's member labels (the list operators pick from). */
export interface MemberLabelsTable {
  id: IdColumn;
  merchant_code: string;
  name: string;
  /** Text and background colours (migration 20261126140000). */
  color: Generated<string>;
  background_color: Generated<string>;
  created_at: CreatedAt;
}

export interface MemberLabelLinksTable {
  merchant_code: ChildMerchantCode;
  member_id: BigIntColumn;
  label_id: BigIntColumn;
  created_at: CreatedAt;
}

/** Operators' notes on a member: append-only (a trigger refuses UPDATE and DELETE). */
export interface MemberNotesTable {
  id: IdColumn;
  merchant_code: string;
  member_id: BigIntColumn;
  operator_id: BigIntColumn;
  operator_username: string;
  body: string;
  created_at: CreatedAt;
}

/** E-mail codes that prove an address the member binds (security centre). */
export interface SecurityEmailCodesTable {
  id: IdColumn;
  merchant_code: string;
  member_id: BigIntColumn;
  email: string;
  code_salt: Buffer;
  code_hash: Buffer;
  tries: Generated<number>;
  spent_at: Date | null;
  expires_at: Date;
  created_at: CreatedAt;
}

/** The downline tree as a closure table (module `member`, migration 20261126120000). */
export interface MemberTreeTable {
  merchant_code: ChildMerchantCode;
  member_id: BigIntColumn;
  ancestor_id: BigIntColumn;
  /** 0 for the member itself, 1 for its upline, 2 for the upline's upline... */
  depth: number;
}
