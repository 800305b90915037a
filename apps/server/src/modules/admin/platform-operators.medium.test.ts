import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addOperator } from '../../../test/admin-helpers.js';
import { refuseAuditEntries } from '../../../test/audit-helpers.js';
import { addMerchant } from '../../../test/db-helpers.js';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { fundedMember, operatorToken } from '../../../test/money-helpers.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';

const context = useTestApp();
const OTHER = 'PLATOTHER';

describe('platform operators and the merchant they act on', () => {
  let merchantAdmin: string;
  let otherMemberId: string;

  async function platformToken(username: string): Promise<string> {
    const db = context.database.db;
    const password = await addOperator(db, username, 'admin');
    await sql`UPDATE operators SET kind = 'platform' WHERE username = ${username}`.execute(db);
    const login = await callApi(context.app, 'POST', '/admin/session/login', {
      body: { username, password },
    });
    expect(login.status).toBe(200);
    return login.body.value.token as string;
  }
  function get(token: string, path: string, merchant?: string) {
    return callApi(context.app, 'GET', path, { token, ...(merchant ? { merchant } : {}) });
  }
  function post(token: string, path: string, body: object) {
    return callApi(context.app, 'POST', path, { token, body });
  }

  beforeAll(async () => {
    const db = context.database.db;
    merchantAdmin = await operatorToken(context.app, db, 'plat-merchant-admin', 'admin');
    await addMerchant(db, OTHER);
    const username = uniqueUsername('plat');
    const registered = await callApi(context.app, 'PUT', '/wps/member/register', {
      merchant: OTHER,
      body: { username, password: 'secret123', confirmPassword: 'secret123' },
    });
    expect(registered.status).toBe(200);
    const row = await sql<{
      id: string;
    }>`SELECT id FROM members WHERE username = ${username}`.execute(db);
    otherMemberId = String(row.rows[0]?.id ?? '');
  });

  it('keeps a merchant operator on its own merchant: no other merchant listed, switched or reached', async () => {
    const merchants = await get(merchantAdmin, '/admin/session/merchants');
    expect(merchants.body.value).toEqual({ merchantCodes: [BASE_MERCHANT_CODE] });
    const session = await get(merchantAdmin, '/admin/session');
    expect(session.body.value.operator).toMatchObject({
      kind: 'merchant',
      merchantCode: BASE_MERCHANT_CODE,
      homeMerchantCode: BASE_MERCHANT_CODE,
    });
    const switched = await post(merchantAdmin, '/admin/session/merchant', { merchantCode: OTHER });
    expect(switched.status).toBe(403);
    expect(switched.body.errorCode).toBe('FORBIDDEN');
    // The other merchant's member: not found through the own merchant…
    const profile = await get(merchantAdmin, `/admin/members/profile?memberId=${otherMemberId}`);
    expect(profile.status).toBe(404);
    // …and the session is no session at all when the request names the other merchant.
    const named = await get(merchantAdmin, `/admin/members?memberId=${otherMemberId}`, OTHER);
    expect(named.status).toBe(401);
  });

  it('lets a platform operator switch: every call then runs for the chosen merchant, audited there', async () => {
    const token = await platformToken('plat-roamer');
    const merchants = await get(token, '/admin/session/merchants');
    expect(merchants.body.value.merchantCodes).toEqual(
      expect.arrayContaining([BASE_MERCHANT_CODE, OTHER]),
    );
    expect((await get(token, `/admin/members/profile?memberId=${otherMemberId}`)).status).toBe(404);

    const switched = await post(token, '/admin/session/merchant', { merchantCode: OTHER });
    expect(switched.status).toBe(200);
    expect(switched.body.value.operator).toMatchObject({
      kind: 'platform',
      merchantCode: OTHER,
      homeMerchantCode: BASE_MERCHANT_CODE,
    });
    expect((await get(token, '/admin/session')).body.value.operator.merchantCode).toBe(OTHER);
    const profile = await get(token, `/admin/members/profile?memberId=${otherMemberId}`);
    expect(profile.status).toBe(200);
    expect(profile.body.value.id).toBe(otherMemberId);
    // A call that reads the request's merchant (not the operator's) runs for the chosen one too.
    const records = await get(token, `/admin/members/game-records?memberId=${otherMemberId}`);
    expect(records.status).toBe(200);

    const audit = await get(token, '/admin/audit-log?action=operator.merchant.switch');
    expect(audit.status).toBe(200);
    expect(audit.body.value.items[0]).toMatchObject({
      operatorUsername: `plat-roamer@${BASE_MERCHANT_CODE}`,
      before: { merchantCode: BASE_MERCHANT_CODE },
      after: { merchantCode: OTHER },
    });
    const verify = await get(token, '/admin/audit-log/verify');
    expect(verify.body.value.valid).toBe(true);

    const unknown = await post(token, '/admin/session/merchant', { merchantCode: 'NOSUCH' });
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    expect((await get(token, '/admin/session')).body.value.operator.merchantCode).toBe(OTHER);

    const back = await post(token, '/admin/session/merchant', { merchantCode: BASE_MERCHANT_CODE });
    expect(back.body.value.operator.merchantCode).toBe(BASE_MERCHANT_CODE);
    expect((await get(token, `/admin/members/profile?memberId=${otherMemberId}`)).status).toBe(404);
  });

  it('does not switch when the audit entry cannot be written', async () => {
    const token = await platformToken('plat-unaudited');
    const restore = await refuseAuditEntries(context.database.db, 'operator.merchant.switch');
    try {
      const switched = await post(token, '/admin/session/merchant', { merchantCode: OTHER });
      expect(switched.status).toBe(500);
    } finally {
      await restore();
    }
    expect((await get(token, '/admin/session')).body.value.operator.merchantCode).toBe(
      BASE_MERCHANT_CODE,
    );
  });
});

describe('platform operators created and locked from the console', () => {
  const PASSWORD = 'platform-pass-123';

  async function platformAdmin(username: string, role = 'admin'): Promise<string> {
    const db = context.database.db;
    const password = await addOperator(db, username, role as never);
    await sql`UPDATE operators SET kind = 'platform' WHERE username = ${username}`.execute(db);
    const login = await callApi(context.app, 'POST', '/admin/session/login', {
      body: { username, password },
    });
    return login.body.value.token as string;
  }
  const call = (token: string, method: 'GET' | 'POST', path: string, body?: object) =>
    callApi(context.app, method, path, { token, ...(body ? { body } : {}) });
  const signIn = (username: string) =>
    callApi(context.app, 'POST', '/admin/session/login', {
      body: { username, password: PASSWORD },
    });

  it('lets a platform admin create one (audited, in one transaction) and lock and unlock it', async () => {
    const db = context.database.db;
    const admin = await platformAdmin('plat-maker');
    const created = await call(admin, 'POST', '/admin/platform-operators', {
      username: 'plat-new-ops',
      password: PASSWORD,
      role: 'support',
    });
    expect(created.status).toBe(200);
    expect(created.body.value).toMatchObject({
      username: 'plat-new-ops',
      role: 'support',
      homeMerchantCode: BASE_MERCHANT_CODE,
      locked: false,
      totpEnrolled: false,
    });
    const id = created.body.value.id as number;
    const kind = await sql<{ kind: string }>`SELECT kind FROM operators WHERE id = ${id}`.execute(
      db,
    );
    expect(kind.rows[0]?.kind).toBe('platform');
    expect((await signIn('plat-new-ops')).status).toBe(200);
    const listed = await call(admin, 'GET', '/admin/platform-operators');
    expect(listed.body.value.list).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, username: 'plat-new-ops' })]),
    );
    const taken = await call(admin, 'POST', '/admin/platform-operators', {
      username: 'plat-new-ops',
      password: PASSWORD,
      role: 'admin',
    });
    expect(taken.body.errorCode).toBe('USERNAME_TAKEN');

    const locked = await call(admin, 'POST', '/admin/platform-operators/lock', {
      operatorId: id,
      locked: true,
    });
    expect(locked.body.value).toMatchObject({ id, locked: true });
    expect((await signIn('plat-new-ops')).status).toBeGreaterThanOrEqual(400);
    const audit = await call(admin, 'GET', '/admin/audit-log?action=operator.platform.lock');
    expect(audit.body.value.items[0]).toMatchObject({
      operatorUsername: `plat-maker@${BASE_MERCHANT_CODE}`,
      subjectId: String(id),
      before: { locked: false },
      after: { locked: true },
    });
    const createdEntry = await call(
      admin,
      'GET',
      '/admin/audit-log?action=operator.platform.create',
    );
    expect(createdEntry.body.value.items[0]).toMatchObject({ subjectId: String(id) });
    const unlocked = await call(admin, 'POST', '/admin/platform-operators/lock', {
      operatorId: id,
      locked: false,
    });
    expect(unlocked.body.value.locked).toBe(false);
    expect((await signIn('plat-new-ops')).status).toBe(200);

    const self = await call(admin, 'GET', '/admin/session');
    const selfLock = await call(admin, 'POST', '/admin/platform-operators/lock', {
      operatorId: self.body.value.operator.id,
      locked: true,
    });
    expect(selfLock.body.errorCode).toBe('OPERATOR_SELF_CHANGE');

    const restore = await refuseAuditEntries(db, 'operator.platform.create');
    try {
      const unaudited = await call(admin, 'POST', '/admin/platform-operators', {
        username: 'plat-unaudited-new',
        password: PASSWORD,
        role: 'support',
      });
      expect(unaudited.status).toBe(500);
    } finally {
      await restore();
    }
    const left = await sql`SELECT 1 FROM operators WHERE username = 'plat-unaudited-new'`.execute(
      db,
    );
    expect(left.rows).toEqual([]);
  });

  it('answers a merchant admin as if the calls did not exist, and locks no merchant operator', async () => {
    const merchantAdmin = await operatorToken(
      context.app,
      context.database.db,
      'plat-m-admin',
      'admin',
    );
    const platform = await platformAdmin('plat-locker');
    const target = await call(merchantAdmin, 'GET', '/admin/session');
    const merchantId = target.body.value.operator.id as number;
    const answers = [
      await call(merchantAdmin, 'GET', '/admin/platform-operators'),
      await call(merchantAdmin, 'POST', '/admin/platform-operators', {
        username: 'plat-by-merchant',
        password: PASSWORD,
        role: 'admin',
      }),
      await call(merchantAdmin, 'POST', '/admin/platform-operators/lock', {
        operatorId: merchantId + 1,
        locked: true,
      }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body.errorCode).toBe('NOT_FOUND');
    }
    // A platform admin cannot lock a merchant operator through the platform call either.
    const lockMerchant = await call(platform, 'POST', '/admin/platform-operators/lock', {
      operatorId: merchantId,
      locked: true,
    });
    expect(lockMerchant.status).toBe(404);
  });
});

describe('the two-person limit settings', () => {
  it('reads the default, lets an admin change it (audited), and refuses other roles', async () => {
    const db = context.database.db;
    const admin = await operatorToken(context.app, db, 'limit-admin', 'admin');
    const finance = await operatorToken(context.app, db, 'limit-finance', 'finance');
    const read = await callApi(context.app, 'GET', '/admin/settings/adjustments', { token: admin });
    expect(read.body.value).toEqual({ secondApprovalAbove: 1000, merchantOwn: false });
    const refused = await callApi(context.app, 'POST', '/admin/settings/adjustments', {
      token: finance,
      body: { secondApprovalAbove: 5 },
    });
    expect(refused.status).toBe(403);
    const invalid = await callApi(context.app, 'POST', '/admin/settings/adjustments', {
      token: admin,
      body: { secondApprovalAbove: -1 },
    });
    expect(invalid.status).toBe(400);

    const saved = await callApi(context.app, 'POST', '/admin/settings/adjustments', {
      token: admin,
      body: { secondApprovalAbove: 50.25 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.value).toEqual({ secondApprovalAbove: 50.25, merchantOwn: true });
    const audit = await callApi(
      context.app,
      'GET',
      '/admin/audit-log?action=settings.adjustments',
      {
        token: admin,
      },
    );
    expect(audit.body.value.items[0]).toMatchObject({
      operatorUsername: 'limit-admin',
      before: { secondApprovalAboveMinor: '100000', merchantOwn: false },
      after: { secondApprovalAboveMinor: '5025', merchantOwn: true },
    });

    // The new limit applies to the next adjustment.
    const member = await fundedMember(context.app, db, 0, 'limit');
    const above = await callApi(context.app, 'POST', '/admin/members/adjust-balance', {
      token: admin,
      body: { account: member.username, amount: 50.26, reason: 'above the new limit' },
      headers: { 'idempotency-key': 'limit-1' },
    });
    expect(above.body.value).toMatchObject({ status: 'pending' });

    const restore = await refuseAuditEntries(db, 'settings.adjustments');
    try {
      const unaudited = await callApi(context.app, 'POST', '/admin/settings/adjustments', {
        token: admin,
        body: { secondApprovalAbove: 7 },
      });
      expect(unaudited.status).toBe(500);
    } finally {
      await restore();
    }
    const after = await callApi(context.app, 'GET', '/admin/settings/adjustments', {
      token: admin,
    });
    expect(after.body.value.secondApprovalAbove).toBe(50.25);
  });
});
