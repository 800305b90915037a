import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export type OperatorRole = 'admin' | 'finance' | 'support';

export interface Operator {
  id: bigint;
  merchantCode: string;
  username: string;
  passwordHash: string;
  role: OperatorRole;
  status: 'active' | 'disabled';
}

function toOperator(row: {
  id: string;
  merchant_code: string;
  username: string;
  password_hash: string;
  role: OperatorRole;
  status: 'active' | 'disabled';
}): Operator {
  return {
    id: BigInt(row.id),
    merchantCode: row.merchant_code,
    username: row.username,
    passwordHash: row.password_hash,
    role: row.role,
    status: row.status,
  };
}

export function createOperatorRepository(db: Db) {
  return {
    async findByUsername(merchantCode: string, username: string): Promise<Operator | undefined> {
      const row = await db
        .selectFrom('operators')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .where('username', '=', username)
        .executeTakeFirst();
      return row ? toOperator(row) : undefined;
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

    /** The operator behind a live session token. */
    async findBySession(tokenHash: Buffer): Promise<Operator | undefined> {
      const row = await db
        .selectFrom('operator_sessions as s')
        .innerJoin('operators as o', 'o.id', 's.operator_id')
        .select(['o.id', 'o.merchant_code', 'o.username', 'o.password_hash', 'o.role', 'o.status'])
        .where('s.token_hash', '=', tokenHash)
        .where('s.revoked_at', 'is', null)
        .where('s.expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return row ? toOperator(row) : undefined;
    },

    /** Adds an operator unless the username exists (seeding and tests). */
    async ensure(operator: {
      merchantCode: string;
      username: string;
      passwordHash: string;
      role: OperatorRole;
    }) {
      await db
        .insertInto('operators')
        .values({
          merchant_code: operator.merchantCode,
          username: operator.username,
          password_hash: operator.passwordHash,
          role: operator.role,
        })
        .onConflict((conflict) => conflict.columns(['merchant_code', 'username']).doNothing())
        .execute();
    },
  };
}

export type OperatorRepository = ReturnType<typeof createOperatorRepository>;
