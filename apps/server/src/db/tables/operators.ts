import type { ColumnType, Generated } from 'kysely';
import type {
  BigIntColumn,
  ChildMerchantCode,
  CreatedAt,
  IdColumn,
  NullableBigIntColumn,
} from './column-types.js';

/** Operators, their sessions and the append-only audit log. */

export interface OperatorsTable {
  id: IdColumn;
  merchant_code: string;
  username: string;
  password_hash: string;
  role: 'admin' | 'finance' | 'content' | 'support' | 'risk' | 'read-only';
  status: Generated<'active' | 'disabled'>;
  created_at: CreatedAt;
  /** AES-256-GCM of the TOTP secret (iv, tag, ciphertext); null until enrolment is confirmed. */
  totp_secret_enc: Buffer | null;
  /** The secret of an enrolment started and not yet confirmed. */
  totp_pending_secret_enc: Buffer | null;
  totp_enrolled_at: Date | null;
  /** The last TOTP time step accepted: a code is never accepted twice. */
  totp_last_step: NullableBigIntColumn;
  /** API-only accounts seeded outside production (the demo `operator`): no TOTP asked. */
  totp_exempt: Generated<boolean>;
  allowed_ips: ColumnType<string[], string[] | undefined, string[]>;
  last_login_at: Date | null;
  /** `platform`: acts on any merchant, chosen per session (issue 17). */
  kind: Generated<'merchant' | 'platform'>;
}

export interface OperatorRecoveryCodesTable {
  merchant_code: ChildMerchantCode;
  id: IdColumn;
  operator_id: BigIntColumn;
  code_hash: Buffer;
  used_at: Date | null;
}

export interface OperatorSessionsTable {
  merchant_code: ChildMerchantCode;
  id: IdColumn;
  operator_id: BigIntColumn;
  token_hash: Buffer;
  created_at: CreatedAt;
  expires_at: Date;
  revoked_at: Date | null;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
  /** The merchant a platform operator's session acts on; null: the operator's own. */
  acting_merchant_code: string | null;
}

/** Failed logins per operator account name (module admin, login lockout). */
export interface OperatorLoginFailuresTable {
  merchant_code: string;
  username: string;
  failures: Generated<number>;
  last_attempt_at: Generated<Date>;
  locked_until: Date | null;
}

export interface AuditLogTable {
  id: IdColumn;
  merchant_code: string;
  operator_id: BigIntColumn | null;
  action: string;
  subject_type: string;
  subject_id: string;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  ip: string | null;
  created_at: CreatedAt;
  operator_username: string | null;
  operator_role: string | null;
  prev_hash: Buffer | null;
  row_hash: Buffer | null;
}

/** The end of each merchant's audit hash chain; writers lock it in turn. */
export interface AuditChainHeadsTable {
  merchant_code: string;
  last_id: NullableBigIntColumn;
  last_hash: Buffer | null;
  entry_count: ColumnType<bigint, string | number | undefined, string | number>;
}

/** A balance adjustment above the merchant's limit, waiting for a second operator. */
export interface BalanceAdjustmentRequestsTable {
  id: IdColumn;
  merchant_code: string;
  member_id: BigIntColumn;
  amount_minor: BigIntColumn;
  currency: string;
  reason: string;
  requested_by: BigIntColumn;
  requested_by_username: string;
  request_key: string;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  decided_by: NullableBigIntColumn;
  decided_by_username: string | null;
  decided_at: Date | null;
  reject_reason: string | null;
  transfer_id: string | null;
  created_at: CreatedAt;
}

/** Per merchant: adjustments above this many minor units need a second operator. */
export interface AdjustmentSettingsTable {
  merchant_code: string;
  second_approval_above_minor: BigIntColumn;
}
