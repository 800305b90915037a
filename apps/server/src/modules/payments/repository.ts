import { type BankDetails, bankDetailsSchema } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DepositStatus } from '../../db/types.js';

export interface PaymentMethodRecord {
  merchantCode: string;
  code: string;
  kind: 'sandbox' | 'manual_bank';
  name: string;
  currency: string;
  minAmountMinor: bigint;
  maxAmountMinor: bigint;
  enabled: boolean;
  callbackSecret: string;
  bankDetails: BankDetails | null;
}

export interface DepositRecord {
  id: string;
  merchantCode: string;
  memberId: bigint;
  methodCode: string;
  amountMinor: bigint;
  currency: string;
  status: DepositStatus;
  idempotencyKey: string | null;
  gatewayPaymentId: string | null;
  createdAt: Date;
  payerReference: string | null;
  rejectReason: string | null;
  claimedAt: Date | null;
}

/** Deposits a member can list at once. */
export const DEPOSIT_LIST_LIMIT = 100;
const UNIQUE_VIOLATION = '23505';

export function createPaymentsRepository(db: Db) {
  const toDeposit = (row: {
    id: string;
    merchant_code: string;
    member_id: bigint;
    method_code: string;
    amount_minor: bigint;
    currency: string;
    status: DepositStatus;
    idempotency_key: string | null;
    gateway_payment_id: string | null;
    created_at: Date;
    payer_reference: string | null;
    reject_reason: string | null;
    claimed_at: Date | null;
  }): DepositRecord => ({
    id: row.id,
    merchantCode: row.merchant_code,
    memberId: row.member_id,
    methodCode: row.method_code,
    amountMinor: row.amount_minor,
    currency: row.currency,
    status: row.status,
    idempotencyKey: row.idempotency_key,
    gatewayPaymentId: row.gateway_payment_id,
    createdAt: row.created_at,
    payerReference: row.payer_reference,
    rejectReason: row.reject_reason,
    claimedAt: row.claimed_at,
  });
  const depositColumns = [
    'id',
    'merchant_code',
    'member_id',
    'method_code',
    'amount_minor',
    'currency',
    'status',
    'idempotency_key',
    'gateway_payment_id',
    'created_at',
    'payer_reference',
    'reject_reason',
    'claimed_at',
  ] as const;

  return {
    /** Runs `work` in one database transaction; `executor` lets the ledger and events join it. */
    transaction<T>(work: (executor: Db) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(trx));
    },

    async methods(merchantCode: string): Promise<PaymentMethodRecord[]> {
      const rows = await db
        .selectFrom('payment_methods')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .orderBy('sort_order')
        .orderBy('code')
        .execute();
      return rows.map((row) => ({
        merchantCode: row.merchant_code,
        code: row.code,
        kind: row.kind,
        name: row.name,
        currency: row.currency,
        minAmountMinor: row.min_amount_minor,
        maxAmountMinor: row.max_amount_minor,
        enabled: row.enabled,
        callbackSecret: row.callback_secret,
        // A malformed row hides the details rather than showing a wrong account.
        bankDetails:
          row.kind === 'manual_bank'
            ? (bankDetailsSchema.safeParse(row.bank_details).data ?? null)
            : null,
      }));
    },

    /** Inserts a deposit; answers false when the member already used this idempotency key. */
    async insertDeposit(
      deposit: Omit<
        DepositRecord,
        'createdAt' | 'gatewayPaymentId' | 'rejectReason' | 'claimedAt' | 'payerReference'
      > & { payerReference?: string | null },
    ) {
      try {
        await db
          .insertInto('deposits')
          .values({
            id: deposit.id,
            merchant_code: deposit.merchantCode,
            member_id: deposit.memberId.toString(),
            method_code: deposit.methodCode,
            amount_minor: deposit.amountMinor.toString(),
            currency: deposit.currency,
            status: deposit.status,
            idempotency_key: deposit.idempotencyKey,
            payer_reference: deposit.payerReference ?? null,
          })
          .execute();
        return true;
      } catch (error) {
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) return false;
        throw error;
      }
    },

    async findDeposit(id: string): Promise<DepositRecord | undefined> {
      const row = await db
        .selectFrom('deposits')
        .select(depositColumns)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toDeposit(row) : undefined;
    },

    /** Newest first, on `deposits_member_idx` (member_id, created_at DESC). */
    async depositsOfMember(
      merchantCode: string,
      memberId: bigint,
      limit: number,
    ): Promise<DepositRecord[]> {
      const rows = await db
        .selectFrom('deposits')
        .select(depositColumns)
        .where('member_id', '=', memberId)
        .where('merchant_code', '=', merchantCode)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toDeposit);
    },

    async findDepositByKey(memberId: bigint, key: string): Promise<DepositRecord | undefined> {
      const row = await db
        .selectFrom('deposits')
        .select(depositColumns)
        .where('member_id', '=', memberId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      return row ? toDeposit(row) : undefined;
    },

    async setGatewayPayment(depositId: string, gatewayPaymentId: string): Promise<void> {
      await db
        .updateTable('deposits')
        .set({ gateway_payment_id: gatewayPaymentId })
        .where('id', '=', depositId)
        .where('gateway_payment_id', 'is', null)
        .execute();
    },

    /** Moves a deposit to a final status; a deposit already completed stays completed. */
    async resolveDeposit(id: string, status: 'completed' | 'failed'): Promise<void> {
      await db
        .updateTable('deposits')
        .set({ status, resolved_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('status', '<>', 'completed')
        .execute();
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
