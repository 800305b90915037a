import type { ColumnType, Generated } from 'kysely';
import type {
  BigIntColumn,
  ChildMerchantCode,
  CreatedAt,
  IdColumn,
  NullableBigIntColumn,
} from './column-types.js';

/** Payment methods, deposits, the sandbox gateway, withdrawals and their follow-up, transfers between members, bank accounts. */

export interface PaymentMethodsTable {
  merchant_code: string;
  code: string;
  kind: 'sandbox' | 'manual_bank';
  name: string;
  currency: string;
  min_amount_minor: BigIntColumn;
  max_amount_minor: BigIntColumn;
  enabled: Generated<boolean>;
  callback_secret: string;
  sort_order: Generated<number>;
  /** Manual bank methods: the operator's account the player pays into (JSON). */
  bank_details: unknown | null;
}

export type DepositStatus = 'pending' | 'approving' | 'completed' | 'failed' | 'rejected';

export interface DepositsTable {
  id: string;
  merchant_code: string;
  member_id: BigIntColumn;
  method_code: string;
  amount_minor: BigIntColumn;
  currency: string;
  status: DepositStatus;
  idempotency_key: string | null;
  gateway_payment_id: string | null;
  created_at: CreatedAt;
  resolved_at: Date | null;
  payer_reference: string | null;
  claimed_at: Date | null;
  resolved_by_operator_id: NullableBigIntColumn;
  reject_reason: string | null;
}

export interface SandboxGatewayPaymentsTable {
  id: string;
  merchant_code: string;
  method_code: string;
  merchant_order_id: string;
  amount_minor: BigIntColumn;
  currency: string;
  status: 'created' | 'paid' | 'declined';
  return_url: string;
  callback_attempts: Generated<number>;
  callback_acknowledged_at: Date | null;
  created_at: CreatedAt;
  finished_at: Date | null;
}

export interface WithdrawalSettingsTable {
  merchant_code: string;
  min_amount_minor: BigIntColumn;
  max_amount_minor: BigIntColumn;
  /** numeric: read as a string. */
  turnover_multiple: ColumnType<string, string | number | undefined, string | number>;
  auto_receive_minutes: Generated<number>;
  new_ip_verification: Generated<WithdrawalVerificationMethod>;
  /** Most withdrawals per member in 24 hours; null: no limit. */
  daily_count_max: ColumnType<number | null, number | null | undefined, number | null>;
  /** Most withdrawn per member in 24 hours; null: no limit. */
  daily_amount_max_minor: ColumnType<
    bigint | null,
    bigint | string | null | undefined,
    bigint | string | null
  >;
}

export type WithdrawalVerificationMethod = 'off' | 'sms' | 'email' | 'accountName';
export type WithdrawalReceipt = 'received' | 'notReceived' | 'autoReceived';

export interface WithdrawalProofsTable {
  merchant_code: ChildMerchantCode;
  withdrawal_id: string;
  kind: 'png' | 'jpeg';
  width: number;
  height: number;
  bytes: Buffer;
  created_at: CreatedAt;
}

export interface WithdrawalCasesTable {
  id: IdColumn;
  merchant_code: string;
  withdrawal_id: string;
  status: Generated<'open' | 'resolved'>;
  note: string | null;
  resolved_by_operator_id: NullableBigIntColumn;
  created_at: CreatedAt;
  resolved_at: Date | null;
}

export interface MemberKnownIpsTable {
  merchant_code: ChildMerchantCode;
  member_id: BigIntColumn;
  ip: string;
  created_at: CreatedAt;
}

export interface WithdrawalEmailCodesTable {
  merchant_code: ChildMerchantCode;
  id: IdColumn;
  member_id: BigIntColumn;
  code_salt: Buffer;
  code_hash: Buffer;
  tries: Generated<number>;
  spent_at: Date | null;
  expires_at: Date;
  created_at: CreatedAt;
}

export interface TransferSettingsTable {
  merchant_code: string;
  min_amount_minor: BigIntColumn;
  max_amount_minor: BigIntColumn;
  daily_max_minor: BigIntColumn;
}

export interface MemberTransfersTable {
  id: string;
  merchant_code: string;
  from_member_id: BigIntColumn;
  to_member_id: BigIntColumn;
  direction: 'upline' | 'downline';
  amount_minor: BigIntColumn;
  currency: string;
  status: 'pending' | 'completed';
  idempotency_key: string | null;
  created_at: CreatedAt;
}

export interface MemberBankAccountsTable {
  merchant_code: ChildMerchantCode;
  id: IdColumn;
  member_id: BigIntColumn;
  bank_name: string;
  account_number: string;
  account_name: string;
  created_at: CreatedAt;
}

export type WithdrawalStatus = 'pending' | 'approved' | 'rejected';

export interface WithdrawalsTable {
  id: string;
  merchant_code: string;
  member_id: BigIntColumn;
  bank_account_id: BigIntColumn;
  amount_minor: BigIntColumn;
  currency: string;
  status: WithdrawalStatus;
  hold_transfer_id: string;
  idempotency_key: string | null;
  reject_reason: string | null;
  resolved_by_operator_id: BigIntColumn | null;
  created_at: CreatedAt;
  resolved_at: Date | null;
  receipt: WithdrawalReceipt | null;
  receipt_at: Date | null;
}

/** A bank a member of the merchant may bind for withdrawals (edited in the console). */
export interface WithdrawalBanksTable {
  id: IdColumn;
  merchant_code: string;
  name: string;
  enabled: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: CreatedAt;
}
