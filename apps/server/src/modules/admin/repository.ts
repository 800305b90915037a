import type { OperatorRole } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export type { OperatorRole } from '@app/contract';

export interface Operator {
  id: bigint;
  merchantCode: string;
  username: string;
  passwordHash: string;
  role: OperatorRole;
  status: 'active' | 'disabled';
  totpSecretSealed: Buffer | null;
  totpPendingSealed: Buffer | null;
  totpLastStep: number | null;
  totpExempt: boolean;
  allowedIps: string[];
  lastLoginAt: Date | null;
  /** `platform`: may act on any merchant, the one its session names (issue 17). */
  kind: 'merchant' | 'platform';
  /**
   * The merchant the operator belongs to and signs in at. `merchantCode` is the merchant the
   * operator acts on: the same, except for a platform operator whose session chose another.
   */
  homeMerchantCode: string;
}

/** A live session: whose, and when it ends (idle and absolute). */
export interface OperatorSessionRow {
  operatorId: bigint;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
  /** The merchant a platform operator's session acts on; null: the operator's own. */
  actingMerchantCode: string | null;
}

const operatorColumns = [
  'o.id',
  'o.merchant_code',
  'o.username',
  'o.password_hash',
  'o.role',
  'o.status',
  'o.totp_secret_enc',
  'o.totp_pending_secret_enc',
  'o.totp_last_step',
  'o.totp_exempt',
  'o.allowed_ips',
  'o.last_login_at',
  'o.kind',
] as const;

function toOperator(row: {
  id: bigint;
  merchant_code: string;
  username: string;
  password_hash: string;
  role: OperatorRole;
  status: 'active' | 'disabled';
  totp_secret_enc: Buffer | null;
  totp_pending_secret_enc: Buffer | null;
  totp_last_step: bigint | null;
  totp_exempt: boolean;
  allowed_ips: string[];
  last_login_at: Date | null;
  kind: 'merchant' | 'platform';
}): Operator {
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    username: row.username,
    passwordHash: row.password_hash,
    role: row.role,
    status: row.status,
    totpSecretSealed: row.totp_secret_enc,
    totpPendingSealed: row.totp_pending_secret_enc,
    totpLastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
    totpExempt: row.totp_exempt,
    allowedIps: row.allowed_ips,
    lastLoginAt: row.last_login_at,
    kind: row.kind,
    homeMerchantCode: row.merchant_code,
  };
}

/** What an operator update may change; absent fields stay. */
export interface OperatorChange {
  role?: OperatorRole;
  status?: 'active' | 'disabled';
  allowedIps?: string[];
  resetTotp?: boolean;
}

export function createOperatorRepository(db: Db) {
  return {
    async findByUsername(merchantCode: string, username: string): Promise<Operator | undefined> {
      const row = await db
        .selectFrom('operators as o')
        .select(operatorColumns)
        .where('o.merchant_code', '=', merchantCode)
        .where('o.username', '=', username)
        .executeTakeFirst();
      return row ? toOperator(row) : undefined;
    },

    async findById(merchantCode: string, id: bigint): Promise<Operator | undefined> {
      const row = await db
        .selectFrom('operators as o')
        .select(operatorColumns)
        .where('o.merchant_code', '=', merchantCode)
        .where('o.id', '=', id)
        .executeTakeFirst();
      return row ? toOperator(row) : undefined;
    },

    async listOf(merchantCode: string, limit: number): Promise<Operator[]> {
      const rows = await db
        .selectFrom('operators as o')
        .select(operatorColumns)
        .where('o.merchant_code', '=', merchantCode)
        .orderBy('o.username')
        .limit(limit)
        .execute();
      return rows.map(toOperator);
    },

    async insertSession(operatorId: bigint, tokenHash: Buffer, expiresAt: Date): Promise<void> {
      await db
        .insertInto('operator_sessions')
        .values({
          operator_id: operatorId.toString(),
          token_hash: tokenHash,
          expires_at: expiresAt,
        })
        .execute();
    },

    /**
     * The session behind a token if it is live (not revoked, not past its absolute end, used
     * within `idleMs`), its idle clock restarted in the same statement.
     */
    async touchSession(tokenHash: Buffer, idleMs: number): Promise<OperatorSessionRow | undefined> {
      const result = await sql<{
        operator_id: bigint;
        created_at: Date;
        expires_at: Date;
        last_seen_at: Date;
        acting_merchant_code: string | null;
      }>`
        UPDATE operator_sessions SET last_seen_at = now()
        WHERE token_hash = ${tokenHash} AND revoked_at IS NULL AND expires_at > now()
          AND last_seen_at > now() - ${`${idleMs} milliseconds`}::interval
        RETURNING operator_id, created_at, expires_at, last_seen_at, acting_merchant_code
      `.execute(db);
      const row = result.rows[0];
      return row
        ? {
            operatorId: row.operator_id,
            createdAt: row.created_at,
            expiresAt: row.expires_at,
            lastSeenAt: row.last_seen_at,
            actingMerchantCode: row.acting_merchant_code,
          }
        : undefined;
    },

    /** Points a live session at the merchant its (platform) operator acts on. */
    async setActingMerchant(tokenHash: Buffer, merchantCode: string): Promise<void> {
      await db
        .updateTable('operator_sessions')
        .set({ acting_merchant_code: merchantCode })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async revokeSession(tokenHash: Buffer): Promise<void> {
      await db
        .updateTable('operator_sessions')
        .set({ revoked_at: sql`now()` })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Ends every session of an operator (disabled, role changed, TOTP reset). */
    async revokeSessionsOf(operatorId: bigint): Promise<void> {
      await db
        .updateTable('operator_sessions')
        .set({ revoked_at: sql`now()` })
        .where('operator_id', '=', operatorId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async markLogin(operatorId: bigint): Promise<void> {
      await db
        .updateTable('operators')
        .set({ last_login_at: sql`now()` })
        .where('id', '=', operatorId)
        .execute();
    },

    /**
     * Records `step` as the last TOTP step used, only if it is later than the one before: a
     * code (or a code raced from two tabs) is accepted once. Answers whether it was.
     */
    async claimTotpStep(operatorId: bigint, step: number): Promise<boolean> {
      const result = await db
        .updateTable('operators')
        .set({ totp_last_step: String(step) })
        .where('id', '=', operatorId)
        .where((eb) =>
          eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', BigInt(step))]),
        )
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async setPendingTotp(operatorId: bigint, sealed: Buffer): Promise<void> {
      await db
        .updateTable('operators')
        .set({ totp_pending_secret_enc: sealed })
        .where('id', '=', operatorId)
        .execute();
    },

    /**
     * Makes the pending secret the operator's TOTP secret and replaces their recovery codes,
     * in one transaction; only if nothing was enrolled meanwhile. Answers whether it was.
     */
    async confirmTotp(input: {
      operatorId: bigint;
      pendingSealed: Buffer;
      step: number;
      recoveryCodeHashes: Buffer[];
    }): Promise<boolean> {
      // On a caller's transaction (with the audit entry) it joins it; else it opens its own.
      const inTransaction = <T>(work: (trx: Db) => Promise<T>) =>
        db.isTransaction ? work(db) : db.transaction().execute(work);
      return inTransaction(async (trx) => {
        const id = input.operatorId;
        const updated = await trx
          .updateTable('operators')
          .set({
            totp_secret_enc: input.pendingSealed,
            totp_pending_secret_enc: null,
            totp_enrolled_at: sql`now()`,
            totp_last_step: String(input.step),
          })
          .where('id', '=', id)
          .where('totp_secret_enc', 'is', null)
          .where('totp_pending_secret_enc', '=', input.pendingSealed)
          .executeTakeFirst();
        if (updated.numUpdatedRows !== 1n) return false;
        await trx.deleteFrom('operator_recovery_codes').where('operator_id', '=', id).execute();
        await trx
          .insertInto('operator_recovery_codes')
          .values(input.recoveryCodeHashes.map((hash) => ({ operator_id: id, code_hash: hash })))
          .execute();
        return true;
      });
    },

    /** Spends a recovery code: answers whether an unused one matched (it is now used). */
    async useRecoveryCode(operatorId: bigint, codeHash: Buffer): Promise<boolean> {
      const result = await db
        .updateTable('operator_recovery_codes')
        .set({ used_at: sql`now()` })
        .where('operator_id', '=', operatorId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async create(operator: {
      merchantCode: string;
      username: string;
      passwordHash: string;
      role: OperatorRole;
      allowedIps: string[];
    }): Promise<bigint | undefined> {
      const row = await db
        .insertInto('operators')
        .values({
          merchant_code: operator.merchantCode,
          username: operator.username,
          password_hash: operator.passwordHash,
          role: operator.role,
          allowed_ips: operator.allowedIps,
        })
        .onConflict((conflict) => conflict.columns(['merchant_code', 'username']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row ? row.id : undefined;
    },

    async update(operatorId: bigint, change: OperatorChange): Promise<void> {
      await db
        .updateTable('operators')
        .set({
          ...(change.role === undefined ? {} : { role: change.role }),
          ...(change.status === undefined ? {} : { status: change.status }),
          ...(change.allowedIps === undefined ? {} : { allowed_ips: change.allowedIps }),
          ...(change.resetTotp
            ? {
                totp_secret_enc: null,
                totp_pending_secret_enc: null,
                totp_enrolled_at: null,
                totp_last_step: null,
              }
            : {}),
        })
        .where('id', '=', operatorId)
        .execute();
      if (change.resetTotp) {
        await db
          .deleteFrom('operator_recovery_codes')
          .where('operator_id', '=', operatorId)
          .execute();
      }
    },

    /**
     * Adds an operator unless the username exists (seeding and tests). `totpExempt` is for
     * API-only accounts outside production; nothing in the API can set it.
     */
    async ensure(operator: {
      merchantCode: string;
      username: string;
      passwordHash: string;
      role: OperatorRole;
      totpExempt?: boolean;
    }) {
      await db
        .insertInto('operators')
        .values({
          merchant_code: operator.merchantCode,
          username: operator.username,
          password_hash: operator.passwordHash,
          role: operator.role,
          totp_exempt: operator.totpExempt ?? false,
        })
        .onConflict((conflict) => conflict.columns(['merchant_code', 'username']).doNothing())
        .execute();
    },
  };
}

export type OperatorRepository = ReturnType<typeof createOperatorRepository>;
