import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { WithdrawalStatus } from '../../../db/types.js';

export interface BankAccountRecord {
  id: bigint;
  memberId: bigint;
  bankName: string;
  accountNumber: string;
  accountName: string;
}

export interface WithdrawalRecord {
  id: string;
  merchantCode: string;
  memberId: bigint;
  memberAccount: string;
  bankAccount: BankAccountRecord;
  amountMinor: bigint;
  currency: string;
  status: WithdrawalStatus;
  holdTransferId: string;
  idempotencyKey: string | null;
  rejectReason: string | null;
  createdAt: Date;
}

/** Bank accounts one member may bind. */
export const BANK_ACCOUNTS_PER_MEMBER_LIMIT = 5;
/** Withdrawals listed at once. */
export const WITHDRAWAL_LIST_LIMIT = 50;
const UNIQUE_VIOLATION = '23505';

export function createWithdrawalRepository(db: Db) {
  const selectWithdrawals = () =>
    db
      .selectFrom('withdrawals as w')
      .innerJoin('member_bank_accounts as b', 'b.id', 'w.bank_account_id')
      .innerJoin('members as m', 'm.id', 'w.member_id')
      .select([
        'w.id',
        'w.merchant_code',
        'w.member_id',
        'm.username',
        'w.amount_minor',
        'w.currency',
        'w.status',
        'w.hold_transfer_id',
        'w.idempotency_key',
        'w.reject_reason',
        'w.created_at',
        'b.id as bank_id',
        'b.bank_name',
        'b.account_number',
        'b.account_name',
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof selectWithdrawals>['execute']>>[number];
  const toWithdrawal = (row: Row): WithdrawalRecord => ({
    id: row.id,
    merchantCode: row.merchant_code,
    memberId: BigInt(row.member_id),
    memberAccount: row.username,
    bankAccount: {
      id: BigInt(row.bank_id),
      memberId: BigInt(row.member_id),
      bankName: row.bank_name,
      accountNumber: row.account_number,
      accountName: row.account_name,
    },
    amountMinor: BigInt(row.amount_minor),
    currency: row.currency,
    status: row.status,
    holdTransferId: row.hold_transfer_id,
    idempotencyKey: row.idempotency_key,
    rejectReason: row.reject_reason,
    createdAt: row.created_at,
  });

  return {
    async settings(merchantCode: string) {
      const row = await db
        .selectFrom('withdrawal_settings')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .executeTakeFirst();
      return row
        ? {
            minAmountMinor: BigInt(row.min_amount_minor),
            maxAmountMinor: BigInt(row.max_amount_minor),
          }
        : undefined;
    },

    async bankAccounts(memberId: bigint): Promise<BankAccountRecord[]> {
      const rows = await db
        .selectFrom('member_bank_accounts')
        .selectAll()
        .where('member_id', '=', memberId.toString())
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: BigInt(row.id),
        memberId: BigInt(row.member_id),
        bankName: row.bank_name,
        accountNumber: row.account_number,
        accountName: row.account_name,
      }));
    },

    /** Binds an account unless the member is at the limit; the same account twice is one row. */
    async addBankAccount(
      account: Omit<BankAccountRecord, 'id'>,
    ): Promise<BankAccountRecord | 'limit'> {
      const inserted = await sql<{ id: string }>`
        INSERT INTO member_bank_accounts (member_id, bank_name, account_number, account_name)
        SELECT ${account.memberId.toString()}::bigint, ${account.bankName}, ${account.accountNumber}, ${account.accountName}
        WHERE (SELECT count(*) FROM member_bank_accounts WHERE member_id = ${account.memberId.toString()}::bigint)
              < ${BANK_ACCOUNTS_PER_MEMBER_LIMIT}
        ON CONFLICT (member_id, bank_name, account_number) DO UPDATE SET account_name = EXCLUDED.account_name
        RETURNING id
      `.execute(db);
      const row = inserted.rows[0];
      return row ? { id: BigInt(row.id), ...account } : 'limit';
    },

    async insertWithdrawal(withdrawal: {
      id: string;
      merchantCode: string;
      memberId: bigint;
      bankAccountId: bigint;
      amountMinor: bigint;
      currency: string;
      holdTransferId: string;
      idempotencyKey: string | null;
    }): Promise<boolean> {
      try {
        await db
          .insertInto('withdrawals')
          .values({
            id: withdrawal.id,
            merchant_code: withdrawal.merchantCode,
            member_id: withdrawal.memberId.toString(),
            bank_account_id: withdrawal.bankAccountId.toString(),
            amount_minor: withdrawal.amountMinor.toString(),
            currency: withdrawal.currency,
            status: 'pending',
            hold_transfer_id: withdrawal.holdTransferId,
            idempotency_key: withdrawal.idempotencyKey,
          })
          .execute();
        return true;
      } catch (error) {
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) return false;
        throw error;
      }
    },

    async find(id: string): Promise<WithdrawalRecord | undefined> {
      const row = await selectWithdrawals().where('w.id', '=', id).executeTakeFirst();
      return row ? toWithdrawal(row) : undefined;
    },

    async findByKey(memberId: bigint, key: string): Promise<WithdrawalRecord | undefined> {
      const row = await selectWithdrawals()
        .where('w.member_id', '=', memberId.toString())
        .where('w.idempotency_key', '=', key)
        .executeTakeFirst();
      return row ? toWithdrawal(row) : undefined;
    },

    async ofMember(memberId: bigint): Promise<WithdrawalRecord[]> {
      const rows = await selectWithdrawals()
        .where('w.member_id', '=', memberId.toString())
        .orderBy('w.created_at', 'desc')
        .limit(WITHDRAWAL_LIST_LIMIT)
        .execute();
      return rows.map(toWithdrawal);
    },

    async ofMerchant(merchantCode: string, status: WithdrawalStatus): Promise<WithdrawalRecord[]> {
      const rows = await selectWithdrawals()
        .where('w.merchant_code', '=', merchantCode)
        .where('w.status', '=', status)
        .orderBy('w.created_at')
        .limit(WITHDRAWAL_LIST_LIMIT)
        .execute();
      return rows.map(toWithdrawal);
    },

    /** Resolves a pending withdrawal once; answers false when it was no longer pending. */
    async resolve(
      id: string,
      outcome: { status: 'approved' | 'rejected'; operatorId: bigint; rejectReason: string | null },
    ): Promise<boolean> {
      const result = await db
        .updateTable('withdrawals')
        .set({
          status: outcome.status,
          resolved_by_operator_id: outcome.operatorId.toString(),
          reject_reason: outcome.rejectReason,
          resolved_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type WithdrawalRepository = ReturnType<typeof createWithdrawalRepository>;
