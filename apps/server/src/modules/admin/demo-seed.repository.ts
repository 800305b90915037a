import type { Db } from '../../db/database.js';

/** The demo merchant's operator `operator` (role admin), for trying the operator API. */
export async function seedDemoOperator(
  db: Db,
  merchantCode: string,
  passwordHash: string,
): Promise<void> {
  await db
    .insertInto('operators')
    .values({
      merchant_code: merchantCode,
      username: 'operator',
      password_hash: passwordHash,
      role: 'admin',
    })
    .onConflict((conflict) => conflict.columns(['merchant_code', 'username']).doNothing())
    .execute();
}
