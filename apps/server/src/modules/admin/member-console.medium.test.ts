import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMerchant } from '../../../test/db-helpers.js';
import { outboxEmails } from '../../../test/email-helpers.js';
import { fundedMember, operatorToken, type TestMember } from '../../../test/money-helpers.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';

const context = useTestApp();

async function setProfile(memberId: bigint, fields: Record<string, string>) {
  await sql`UPDATE members SET profile = profile || ${JSON.stringify(fields)}::jsonb
    WHERE id = ${memberId.toString()}`.execute(context.database.db);
}

describe('the console Members calls', () => {
  let admin: string;
  let support: string;
  let finance: string;
  let member: TestMember;
  let otherMerchantMemberId: string;

  function get(token: string, path: string) {
    return callApi(context.app, 'GET', path, { token });
  }
  function post(token: string, path: string, body: object) {
    return callApi(context.app, 'POST', path, { token, body });
  }
  function login(username: string) {
    return callApi(context.app, 'POST', '/wps/session/login', {
      body: { username, password: 'secret123', type: 'username' },
    });
  }

  beforeAll(async () => {
    const db = context.database.db;
    admin = await operatorToken(context.app, db, 'mc-admin', 'admin');
    support = await operatorToken(context.app, db, 'mc-support', 'support');
    finance = await operatorToken(context.app, db, 'mc-finance', 'finance');
    member = await fundedMember(context.app, db, 250, 'mcase');
    await setProfile(member.id, {
      email: 'Case.Member@Example.com',
      mobileNum: '84912000111',
      payeeName: 'Nguyen Van Case',
    });
    await addMerchant(db, 'OTHERMC');
    const otherUsername = uniqueUsername('other');
    const registered = await callApi(context.app, 'PUT', '/wps/member/register', {
      merchant: 'OTHERMC',
      body: { username: otherUsername, password: 'secret123', confirmPassword: 'secret123' },
    });
    expect(registered.status).toBe(200);
    const row = await sql<{
      id: string;
    }>`SELECT id FROM members WHERE username = ${otherUsername}`.execute(db);
    otherMerchantMemberId = String(row.rows[0]?.id ?? '');
  });

  it('searches by account prefix, id, phone, e-mail, real name, status, kind and dates', async () => {
    const id = member.id.toString();
    const searches = [
      `account=${member.username.slice(0, 6).toUpperCase()}`,
      `memberId=${id}`,
      'phone=84912000111',
      'email=case.member@example.com',
      'realName=nguyen%20van%20case',
      'status=active&kind=member',
      `registeredFromMs=${Date.now() - 60_000}&registeredToMs=${Date.now() + 60_000}`,
    ];
    for (const query of searches) {
      const found = await get(finance, `/admin/members?${query}`);
      expect(found.status, query).toBe(200);
      expect(
        found.body.value.list.map((row: { id: string }) => row.id),
        query,
      ).toContain(id);
    }
    const none = await get(finance, `/admin/members?kind=agent&memberId=${id}`);
    expect(none.body.value.list).toEqual([]);
    const otherMerchant = await get(finance, `/admin/members?memberId=${otherMerchantMemberId}`);
    expect(otherMerchant.body.value.list).toEqual([]);
  });

  it('pages by key, newest first, with a bounded page size', async () => {
    for (let index = 0; index < 3; index += 1)
      await fundedMember(context.app, context.database.db, 0, 'mpage');
    const first = await get(finance, '/admin/members?account=mpage&pageSize=2');
    expect(first.body.value.list).toHaveLength(2);
    expect(first.body.value.nextAfterId).toBe(first.body.value.list[1].id);
    const second = await get(
      finance,
      `/admin/members?account=mpage&pageSize=2&afterId=${first.body.value.nextAfterId}`,
    );
    expect(second.body.value.list).toHaveLength(1);
    expect(second.body.value.nextAfterId).toBeNull();
    expect(BigInt(second.body.value.list[0].id)).toBeLessThan(BigInt(first.body.value.list[1].id));
    expect((await get(finance, '/admin/members?pageSize=101')).status).toBe(400);
  });

  it('finds a member by the address of the last login only', async () => {
    const db = context.database.db;
    const roamer = await fundedMember(context.app, db, 0, 'roam');
    await callApi(context.app, 'POST', '/wps/session/login', {
      ip: '203.0.113.7',
      body: { username: roamer.username, password: 'secret123', type: 'username' },
    });
    const byFirst = await get(finance, '/admin/members?lastLoginIp=203.0.113.7');
    expect(byFirst.body.value.list.map((row: { id: string }) => row.id)).toContain(
      roamer.id.toString(),
    );
    await callApi(context.app, 'POST', '/wps/session/login', {
      ip: '203.0.113.8',
      body: { username: roamer.username, password: 'secret123', type: 'username' },
    });
    const byOld = await get(finance, '/admin/members?lastLoginIp=203.0.113.7');
    expect(byOld.body.value.list.map((row: { id: string }) => row.id)).not.toContain(
      roamer.id.toString(),
    );
  });

  it('shows the profile, balances, statement, records and logins; another merchant is not found', async () => {
    const id = member.id.toString();
    const profile = await get(finance, `/admin/members/profile?memberId=${id}`);
    expect(profile.status).toBe(200);
    expect(profile.body.value).toMatchObject({
      id,
      account: member.username,
      kind: 'member',
      status: 'active',
      upline: null,
      email: 'Case.Member@Example.com',
      fields: { mobileNum: '84912000111' },
    });
    expect(profile.body.value.balances).toContainEqual(
      expect.objectContaining({ asset: 'cash', available: 250 }),
    );
    expect(profile.body.value.recentLogins.length).toBeGreaterThan(0);

    const statement = await get(finance, `/admin/members/statement?memberId=${id}`);
    expect(statement.status).toBe(200);
    expect(statement.body.value.list[0]).toMatchObject({ amount: 250, balanceAfter: 250 });
    const games = await get(finance, `/admin/members/game-records?memberId=${id}`);
    expect(games.status).toBe(200);
    expect(games.body.value.list).toEqual([]);
    const lottery = await get(finance, `/admin/members/lottery-bets?memberId=${id}`);
    expect(lottery.status).toBe(200);
    const logins = await get(finance, `/admin/members/logins?memberId=${id}`);
    expect(logins.body.value.list[0]).toMatchObject({
      result: 'success',
      device: 'lightMyRequest',
    });

    const other = otherMerchantMemberId;
    for (const path of [
      `/admin/members/profile?memberId=${other}`,
      `/admin/members/statement?memberId=${other}`,
      `/admin/members/game-records?memberId=${other}`,
      `/admin/members/lottery-bets?memberId=${other}`,
      `/admin/members/logins?memberId=${other}`,
      `/admin/members/notes?memberId=${other}`,
    ]) {
      const response = await get(finance, path);
      expect(response.status, path).toBe(404);
      expect(response.body.errorCode, path).toBe('NOT_FOUND');
    }
  });

  it('locks a member: the login is refused and the live sessions end; unlock lets them in', async () => {
    const target = await fundedMember(context.app, context.database.db, 0, 'mlock');
    const id = target.id.toString();
    const locked = await post(support, '/admin/members/lock', {
      memberId: id,
      locked: true,
      reason: 'chargeback dispute',
    });
    expect(locked.status).toBe(200);
    expect(locked.body.value.status).toBe('locked');
    expect(locked.body.value.sessionsEnded).toBeGreaterThan(0);
    const balance = await callApi(context.app, 'GET', '/wps/v2/wallets/balance', {
      token: target.token,
    });
    expect(balance.status).toBe(401);
    expect((await login(target.username)).body.errorCode).toBe('ACCOUNT_DISABLED');
    const search = await get(finance, `/admin/members?status=locked&memberId=${id}`);
    expect(search.body.value.list).toHaveLength(1);

    const unlocked = await post(support, '/admin/members/lock', {
      memberId: id,
      locked: false,
      reason: 'resolved',
    });
    expect(unlocked.body.value.status).toBe('active');
    expect((await login(target.username)).status).toBe(200);

    const log = await get(admin, `/admin/audit-log?subjectId=${id}`);
    const entries = log.body.value.items as { action: string; operatorUsername: string }[];
    // Subject ids are per subject type: an operator may share the member's number.
    expect(
      entries
        .filter((entry) => entry.action.startsWith('member.'))
        .map((entry) => [entry.action, entry.operatorUsername]),
    ).toEqual([
      ['member.unlock', 'mc-support'],
      ['member.lock', 'mc-support'],
    ]);
    const refused = await post(support, '/admin/members/lock', {
      memberId: otherMerchantMemberId,
      locked: true,
      reason: 'x',
    });
    expect(refused.body.errorCode).toBe('NOT_FOUND');
    expect(
      (await post(finance, '/admin/members/lock', { memberId: id, locked: true, reason: 'x' }))
        .status,
    ).toBe(403);
  });

  it('keeps notes append-only with their author, audited', async () => {
    const id = member.id.toString();
    const added = await post(support, '/admin/members/notes', {
      memberId: id,
      body: '  Called about a late withdrawal  ',
    });
    expect(added.status).toBe(200);
    expect(added.body.value).toMatchObject({
      operatorUsername: 'mc-support',
      body: 'Called about a late withdrawal',
    });
    await post(finance, '/admin/members/notes', { memberId: id, body: 'second' });
    const notes = await get(finance, `/admin/members/notes?memberId=${id}`);
    expect(notes.body.value.list.map((note: { body: string }) => note.body)).toEqual([
      'second',
      'Called about a late withdrawal',
    ]);
    await expect(
      sql`UPDATE member_notes SET body = 'changed'`.execute(context.database.db),
    ).rejects.toThrow(/append-only/);
    const other = await post(support, '/admin/members/notes', {
      memberId: otherMerchantMemberId,
      body: 'x',
    });
    expect(other.body.errorCode).toBe('NOT_FOUND');
    const log = await get(admin, `/admin/audit-log?action=member.note.add&subjectId=${id}`);
    expect(log.body.value.items).toHaveLength(2);
  });

  it("puts labels from the merchant's list on members and finds members by label", async () => {
    const id = member.id.toString();
    const vip = await post(support, '/admin/member-labels', { name: 'VIP' });
    expect(vip.status).toBe(200);
    const again = await post(support, '/admin/member-labels', { name: 'VIP' });
    expect(again.body.value.id).toBe(vip.body.value.id);
    const set = await post(support, '/admin/members/labels', {
      memberId: id,
      labelId: vip.body.value.id,
      present: true,
    });
    expect(set.body.value.labels).toEqual([vip.body.value]);
    const byLabel = await get(finance, `/admin/members?labelId=${vip.body.value.id}`);
    expect(byLabel.body.value.list.map((row: { id: string }) => row.id)).toEqual([id]);
    const list = await get(finance, '/admin/member-labels');
    expect(list.body.value.list).toEqual([vip.body.value]);
    const removed = await post(support, '/admin/members/labels', {
      memberId: id,
      labelId: vip.body.value.id,
      present: false,
    });
    expect(removed.body.value.labels).toEqual([]);
    const other = await post(support, '/admin/members/labels', {
      memberId: otherMerchantMemberId,
      labelId: vip.body.value.id,
      present: true,
    });
    expect(other.body.errorCode).toBe('NOT_FOUND');
    const unknownLabel = await post(support, '/admin/members/labels', {
      memberId: id,
      labelId: '999999',
      present: true,
    });
    expect(unknownLabel.body.errorCode).toBe('NOT_FOUND');
  });

  it('mails the reset link to the member, never to the operator, within a limit', async () => {
    const id = member.id.toString();
    const sent = await post(support, '/admin/members/reset-password', { memberId: id });
    expect(sent.status).toBe(200);
    expect(sent.body.value).toEqual({ channel: 'email', sentTo: 'C***@Example.com' });
    expect(JSON.stringify(sent.body)).not.toContain('token=');
    const mails = await outboxEmails(context.database.db, 'Case.Member@Example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('token=');
    await post(support, '/admin/members/reset-password', { memberId: id });
    await post(support, '/admin/members/reset-password', { memberId: id });
    const limited = await post(support, '/admin/members/reset-password', { memberId: id });
    expect(limited.body.errorCode).toBe('RATE_LIMITED');

    const noMail = await fundedMember(context.app, context.database.db, 0, 'nomail');
    const refused = await post(support, '/admin/members/reset-password', {
      memberId: noMail.id.toString(),
    });
    expect(refused.body.errorCode).toBe('MEMBER_NO_RESET_CHANNEL');
    const other = await post(support, '/admin/members/reset-password', {
      memberId: otherMerchantMemberId,
    });
    expect(other.body.errorCode).toBe('NOT_FOUND');
    const log = await get(
      admin,
      `/admin/audit-log?action=member.password-reset.send&subjectId=${id}`,
    );
    expect(log.body.value.items).toHaveLength(3);
    expect(JSON.stringify(log.body.value.items)).not.toContain('token');
  });
});
