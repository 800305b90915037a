import type { Db } from '../../db/database.js';

/**
 * The demo merchant's operator `operator` (role admin), for trying the operator API with a
 * token. It is exempt from TOTP: an API account outside production, never a console login.
 */
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
      totp_exempt: true,
    })
    .onConflict((conflict) => conflict.columns(['merchant_code', 'username']).doNothing())
    .execute();
}

/** The console's demo operators: one per role a first visit wants to try. TOTP not enrolled. */
export const DEMO_CONSOLE_OPERATORS = [
  { username: 'admin', role: 'admin' },
  { username: 'finance', role: 'finance' },
  { username: 'content', role: 'content' },
] as const;

/**
 * The demo platform operator: signs in at the demo merchant and picks any merchant in the
 * console's header (docs/operator-access.md, Platform operators).
 */
export const DEMO_PLATFORM_OPERATOR = { username: 'platform', role: 'admin' } as const;

/** The console's demo operators with one password (outside production only), once. */
export async function seedDemoConsoleOperators(
  db: Db,
  merchantCode: string,
  passwordHash: string,
): Promise<void> {
  await db
    .insertInto('operators')
    .values(
      DEMO_CONSOLE_OPERATORS.map((operator) => ({
        merchant_code: merchantCode,
        username: operator.username,
        password_hash: passwordHash,
        role: operator.role,
      })),
    )
    .onConflict((conflict) => conflict.columns(['merchant_code', 'username']).doNothing())
    .execute();
  await db
    .insertInto('operators')
    .values({
      merchant_code: merchantCode,
      username: DEMO_PLATFORM_OPERATOR.username,
      password_hash: passwordHash,
      role: DEMO_PLATFORM_OPERATOR.role,
      kind: 'platform',
    })
    .onConflict((conflict) => conflict.columns(['merchant_code', 'username']).doNothing())
    .execute();
}
