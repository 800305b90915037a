import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMerchant } from '../../../test/db-helpers.js';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { fundedMember, operatorToken, type TestMember } from '../../../test/money-helpers.js';
import { outboxMessages } from '../../../test/sms-helpers.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';

const context = useTestApp();

describe('the console Members access calls: failed logins, SMS reset, last-login order', () => {
  let admin: string;
  let support: string;
  let member: TestMember;
  let otherMerchantMemberId: string;

  function get(token: string, path: string) {
    return callApi(context.app, 'GET', path, { token });
  }
  function post(token: string, path: string, body: object) {
    return callApi(context.app, 'POST', path, { token, body });
  }
  function login(username: string, password: string) {
    return callApi(context.app, 'POST', '/wps/session/login', {
      body: { username, password, type: 'username' },
    });
  }

  beforeAll(async () => {
    const db = context.database.db;
    admin = await operatorToken(context.app, db, 'ma-admin', 'admin');
    support = await operatorToken(context.app, db, 'ma-support', 'support');
    member = await fundedMember(context.app, db, 0, 'maccess');
    await addMerchant(db, 'OTHERMA');
    const otherUsername = uniqueUsername('othma');
    const registered = await callApi(context.app, 'PUT', '/wps/member/register', {
      merchant: 'OTHERMA',
      body: { username: otherUsername, password: 'secret123', confirmPassword: 'secret123' },
    });
    expect(registered.status).toBe(200);
    const row = await sql<{
      id: string;
    }>`SELECT id FROM members WHERE username = ${otherUsername}`.execute(db);
    otherMerchantMemberId = String(row.rows[0]?.id ?? '');
  });

  it('lists failed logins with time, address, device and reason; another merchant is not found', async () => {
    const id = member.id.toString();
    expect((await login(member.username.toUpperCase(), 'wrong-password-1')).status).toBe(401);
    await post(support, '/admin/members/lock', { memberId: id, locked: true, reason: 'check' });
    expect((await login(member.username, 'secret123')).body.errorCode).toBe('ACCOUNT_DISABLED');
    await post(support, '/admin/members/lock', { memberId: id, locked: false, reason: 'done' });
    expect((await login(member.username, 'secret123')).status).toBe(200);

    const failures = await get(support, `/admin/members/login-failures?memberId=${id}`);
    expect(failures.status).toBe(200);
    const list = failures.body.value.list as {
      atMs: number;
      ip: string | null;
      result: string;
      reason: string;
    }[];
    expect(list.map((row) => [row.result, row.reason])).toEqual([
      ['failure', 'account-locked'],
      ['failure', 'wrong-password'],
    ]);
    expect(list[0]?.ip).toBeTruthy();
    expect(Math.abs((list[0]?.atMs ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(failures.body.value.nextAfterId).toBeNull();

    const other = await get(
      admin,
      `/admin/members/login-failures?memberId=${otherMerchantMemberId}`,
    );
    expect(other.body.errorCode).toBe('NOT_FOUND');
  });

  it('sorts the search by last login either way, paging by key, never-logged-in members last', async () => {
    const prefix = `malog${Date.now().toString(36)}`;
    // Members 1..5; 2 and 4 never logged in, 1, 3 and 5 logged in 3, 1 and 2 hours ago.
    await sql`
      INSERT INTO members (merchant_code, username, username_normalized, nickname, password_hash,
        last_login_at)
      SELECT ${BASE_MERCHANT_CODE}, ${prefix} || n, ${prefix} || n, ${prefix} || n, 'x',
        CASE n WHEN 1 THEN now() - interval '3 hours' WHEN 3 THEN now() - interval '1 hour'
          WHEN 5 THEN now() - interval '2 hours' END
      FROM generate_series(1, 5) AS n
    `.execute(context.database.db);
    async function walk(order: string): Promise<string[]> {
      const accounts: string[] = [];
      let cursor: string | null = null;
      do {
        const after: string = cursor === null ? '' : `&cursor=${cursor}`;
        const page = await get(
          support,
          `/admin/members?account=${prefix}&pageSize=2&order=${order}${after}`,
        );
        expect(page.status).toBe(200);
        accounts.push(...page.body.value.list.map((row: { account: string }) => row.account));
        cursor = page.body.value.nextCursor;
      } while (cursor !== null);
      return accounts;
    }
    const named = (numbers: number[]) => numbers.map((n) => `${prefix}${n}`);
    expect(await walk('lastLoginNewest')).toEqual(named([3, 5, 1, 4, 2]));
    expect(await walk('lastLoginOldest')).toEqual(named([2, 4, 1, 5, 3]));
    expect(await walk('oldest')).toEqual(named([1, 2, 3, 4, 5]));

    const first = await get(support, `/admin/members?account=${prefix}&pageSize=2&order=oldest`);
    const mixed = await get(
      support,
      `/admin/members?account=${prefix}&order=lastLoginNewest&cursor=${first.body.value.nextCursor}`,
    );
    expect(mixed.body.errorCode).toBe('PAGE_CURSOR_INVALID');
  });

  it('sends the reset link by SMS to the verified mobile only, within the shared limit, audited', async () => {
    const db = context.database.db;
    const target = await fundedMember(context.app, db, 0, 'masms');
    const id = target.id.toString();
    const number = `8491${Date.now().toString().slice(-7)}`;
    const noMobile = await post(support, '/admin/members/reset-password', {
      memberId: id,
      channel: 'sms',
    });
    expect(noMobile.body.errorCode).toBe('MEMBER_NO_VERIFIED_MOBILE');
    await sql`UPDATE members SET verified_mobile = ${number}, mobile_verified_at = now()
      WHERE id = ${id}`.execute(db);

    const sent = await post(support, '/admin/members/reset-password', {
      memberId: id,
      channel: 'sms',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.value).toEqual({ channel: 'sms', sentTo: `********${number.slice(-3)}` });
    expect(JSON.stringify(sent.body)).not.toContain('token=');
    const messages = await outboxMessages(db, number);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('token=');
    expect(messages[0]).toContain(target.username);

    const log = await get(
      admin,
      `/admin/audit-log?action=member.password-reset.send&subjectId=${id}`,
    );
    expect(log.body.value.items).toHaveLength(1);
    expect(JSON.stringify(log.body.value.items)).toContain('"sms"');
    expect(JSON.stringify(log.body.value.items)).not.toContain('token');

    // The e-mail path stays; both channels (and the refused call) count against one limit.
    await sql`UPDATE members SET profile = profile || '{"email":"sms.case@example.com"}'::jsonb
      WHERE id = ${id}`.execute(db);
    expect(
      (await post(support, '/admin/members/reset-password', { memberId: id })).body.value,
    ).toMatchObject({ channel: 'email' });
    const limited = await post(support, '/admin/members/reset-password', {
      memberId: id,
      channel: 'sms',
    });
    expect(limited.body.errorCode).toBe('RATE_LIMITED');
    expect(await outboxMessages(db, number)).toHaveLength(1);
  });
});
