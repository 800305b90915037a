import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/database.js';
import {
  base32Decode,
  createOperatorRepository,
  type OperatorRole,
  totpCodeAt,
  totpStepAt,
} from '../src/modules/admin/index.js';
import { hashPassword } from '../src/modules/member/index.js';
import { BASE_MERCHANT_CODE } from './fixtures/base-merchant.js';
import { callApi } from './test-app.js';

/**
 * An operator of the demo merchant with the given role; answers the password. Such test
 * operators are API accounts exempt from TOTP (like the demo `operator`), so that tests of other
 * calls sign in with a password alone; `addConsoleOperator` makes one that must enrol.
 */
export async function addOperator(
  db: Db,
  username: string,
  role: OperatorRole,
  options: { totpExempt?: boolean; merchantCode?: string } = {},
): Promise<string> {
  const password = `${username}-pass-123`;
  await createOperatorRepository(db).ensure({
    merchantCode: options.merchantCode ?? BASE_MERCHANT_CODE,
    username,
    passwordHash: await hashPassword(password),
    role,
    totpExempt: options.totpExempt ?? true,
  });
  return password;
}

/** A console operator (TOTP required, not enrolled yet); answers the password. */
export function addConsoleOperator(db: Db, username: string, role: OperatorRole) {
  return addOperator(db, username, role, { totpExempt: false });
}

/** The code an authenticator app shows for `secretBase32` at `timeMs` (now by default). */
export function totpCodeFor(secretBase32: string, timeMs = Date.now()): string {
  return totpCodeAt(base32Decode(secretBase32), totpStepAt(timeMs));
}

/**
 * Signs a console operator in with the password, enrols TOTP and answers the session token
 * (Authorization header), the secret and the recovery codes.
 */
export async function enrolledOperator(
  app: FastifyInstance,
  db: Db,
  username: string,
  role: OperatorRole,
) {
  const password = await addConsoleOperator(db, username, role);
  const login = await callApi(app, 'POST', '/admin/session/login', {
    body: { username, password },
  });
  expect(login.status).toBe(200);
  const token = login.body.value.token as string;
  const start = await callApi(app, 'POST', '/admin/session/totp/start', { token });
  expect(start.status).toBe(200);
  const secretBase32 = start.body.value.secretBase32 as string;
  const confirm = await callApi(app, 'POST', '/admin/session/totp/confirm', {
    token,
    body: { code: totpCodeFor(secretBase32) },
  });
  expect(confirm.status).toBe(200);
  return {
    token,
    password,
    secretBase32,
    recoveryCodes: confirm.body.value.recoveryCodes as string[],
  };
}

/** A limit no test amount reaches: adjustments move in one step, as before the two-person rule. */
export const NO_SECOND_APPROVAL_MINOR = 10n ** 15n;

/** Sets a merchant's limit above which balance adjustments wait for a second operator. */
export async function setAdjustmentLimit(
  db: Db,
  limitMinor: bigint,
  merchantCode = BASE_MERCHANT_CODE,
): Promise<void> {
  await db
    .insertInto('adjustment_settings')
    .values({ merchant_code: merchantCode, second_approval_above_minor: limitMinor })
    .onConflict((conflict) =>
      conflict.column('merchant_code').doUpdateSet({
        second_approval_above_minor: limitMinor.toString(),
      }),
    )
    .execute();
}
