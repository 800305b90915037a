/**
 * Limits and names of the wallet records (account record, bonus details), shared by the server
 * and the web without zod.
 */

/** Widest date range one record query may cover (from inclusive, to exclusive). */
export const RECORD_RANGE_MAX_DAYS = 90;
/** The range a record query covers when it names none. */
export const RECORD_RANGE_DEFAULT_DAYS = 7;
export const RECORD_PAGE_SIZE_DEFAULT = 10;
export const RECORD_PAGE_SIZE_MAX = 50;
/** Pages past this are refused: a member pages a bounded range, not the whole history. */
export const RECORD_PAGE_NO_MAX = 10_000;

/** Ledger transfer codes a member can filter the account record by. */
export const transactionTypes = [
  'deposit',
  'withdrawal',
  'bet',
  'win',
  'refund',
  'transfer',
  'bonus',
  'salary',
  'dividend',
  'adjustment',
  'commission',
] as const;
export type TransactionType = (typeof transactionTypes)[number];

/** The member's own wallet, as opposed to a vendor's transfer wallet (named by its code). */
export const MAIN_WALLET = 'main';
