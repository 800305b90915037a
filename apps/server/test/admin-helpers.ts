import type { Db } from '../src/db/database.js';
import { DEMO_MERCHANT_CODE } from '../src/db/seed.js';
import { createOperatorRepository, type OperatorRole } from '../src/modules/admin/index.js';
import { hashPassword } from '../src/modules/member/index.js';

/** An operator of the demo merchant with the given role; answers the password. */
export async function addOperator(db: Db, username: string, role: OperatorRole): Promise<string> {
  const password = `${username}-pass-123`;
  await createOperatorRepository(db).ensure({
    merchantCode: DEMO_MERCHANT_CODE,
    username,
    passwordHash: await hashPassword(password),
    role,
  });
  return password;
}
