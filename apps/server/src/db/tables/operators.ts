import type { ColumnType, Generated } from 'kysely';
import type { BigIntColumn, CreatedAt, IdColumn } from './column-types.js';

/** Operators, their sessions and the append-only audit log. */

export interface OperatorsTable {
  id: IdColumn;
  merchant_code: string;
  username: string;
  password_hash: string;
  role: 'admin' | 'finance' | 'support';
  status: Generated<'active' | 'disabled'>;
  created_at: CreatedAt;
}

export interface OperatorSessionsTable {
  id: IdColumn;
  operator_id: BigIntColumn;
  token_hash: Buffer;
  created_at: CreatedAt;
  expires_at: Date;
  revoked_at: Date | null;
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
}
