import type { OperatorRole } from '@app/contract';
import type { Db } from '../../db/database.js';

/** A platform operator as its list and its audit entries show it. */
export interface PlatformOperator {
  id: bigint;
  username: string;
  role: OperatorRole;
  homeMerchantCode: string;
  status: 'active' | 'disabled';
  totpEnrolled: boolean;
  lastLoginAt: Date | null;
}

function toPlatformOperator(row: {
  id: bigint;
  username: string;
  role: OperatorRole;
  merchant_code: string;
  status: 'active' | 'disabled';
  totp_secret_enc: Buffer | null;
  last_login_at: Date | null;
}): PlatformOperator {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    homeMerchantCode: row.merchant_code,
    status: row.status,
    totpEnrolled: row.totp_secret_enc !== null,
    lastLoginAt: row.last_login_at,
  };
}

/** Operators of kind `platform`, across every home merchant (issue 17). */
export function createPlatformOperatorRepository(db: Db) {
  const selectPlatform = () =>
    db
      .selectFrom('operators')
      .select([
        'id',
        'username',
        'role',
        'merchant_code',
        'status',
        'totp_secret_enc',
        'last_login_at',
      ])
      .where('kind', '=', 'platform');

  return {
    async list(limit: number): Promise<PlatformOperator[]> {
      const rows = await selectPlatform()
        .orderBy('merchant_code')
        .orderBy('username')
        .limit(limit)
        .execute();
      return rows.map(toPlatformOperator);
    },

    /** Locked for the change that follows (the caller's transaction). */
    async lockById(id: bigint): Promise<PlatformOperator | undefined> {
      const row = await selectPlatform().where('id', '=', id).forUpdate().executeTakeFirst();
      return row ? toPlatformOperator(row) : undefined;
    },

    async findById(id: bigint): Promise<PlatformOperator | undefined> {
      const row = await selectPlatform().where('id', '=', id).executeTakeFirst();
      return row ? toPlatformOperator(row) : undefined;
    },

    /** Inserts the operator; undefined when the username is taken at that merchant. */
    async create(operator: {
      homeMerchantCode: string;
      username: string;
      passwordHash: string;
      role: OperatorRole;
    }): Promise<bigint | undefined> {
      const row = await db
        .insertInto('operators')
        .values({
          merchant_code: operator.homeMerchantCode,
          username: operator.username,
          password_hash: operator.passwordHash,
          role: operator.role,
          allowed_ips: [],
          kind: 'platform',
        })
        .onConflict((conflict) => conflict.columns(['merchant_code', 'username']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row ? row.id : undefined;
    },

    async setStatus(id: bigint, status: 'active' | 'disabled'): Promise<void> {
      await db.updateTable('operators').set({ status }).where('id', '=', id).execute();
    },
  };
}
