import type { ColumnType, Generated } from 'kysely';
import type { BigIntColumn, CreatedAt } from './column-types.js';

/** The seamless-wallet protocol: launch tokens, game sessions, provider transactions, transfers. */

export interface GameLaunchTokensTable {
  token_hash: string;
  merchant_code: string;
  member_id: BigIntColumn;
  node_id: BigIntColumn;
  vassalage: string;
  room_id: string | null;
  language: string;
  currency: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface GameSessionsTable {
  id_hash: string;
  merchant_code: string;
  member_id: BigIntColumn;
  vassalage: string;
  node_id: BigIntColumn;
  room_id: string | null;
  language: string;
  currency: string;
  last_used_at: ColumnType<Date, Date | string | undefined, Date | string>;
  created_at: CreatedAt;
}

export type GameWalletTransactionKind = 'bet' | 'win' | 'rollback' | 'marker';

export interface GameWalletTransactionsTable {
  vassalage: string;
  transaction_id: string;
  kind: GameWalletTransactionKind;
  merchant_code: string;
  member_id: BigIntColumn;
  round_ref: string;
  ref_transaction_id: string | null;
  amount_minor: ColumnType<bigint, bigint | string | undefined, bigint | string>;
  fingerprint: string;
  answer_status: number | null;
  answer: ColumnType<unknown, string | null | undefined, string | null>;
  ledger_transfer_id: string | null;
  refunded_by: string | null;
  created_at: CreatedAt;
}

export interface GameWalletTransfersTable {
  id: string;
  merchant_code: string;
  member_id: BigIntColumn;
  vassalage: string;
  direction: 'in' | 'out';
  amount_minor: BigIntColumn;
  status: Generated<'pending' | 'ok' | 'failed'>;
  ledger_pending_id: string;
  status_checks: Generated<number>;
  created_at: CreatedAt;
  resolved_at: Date | null;
}
