import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { balanceOf, ledgerBreaks, operatorToken } from '../../../test/money-helpers.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';
import type { Db } from '../../db/database.js';
import { createServices } from '../../services.js';
import { appendEvents } from '../events/index.js';

const INVITER_ADDRESS = '203.0.113.10';
const FARM_ADDRESS = '203.0.113.66';

interface Registered {
  id: bigint;
  username: string;
  token: string;
}

describe('invite friends', () => {
  const context = useTestApp();
  let db: Db;
  let admin: string;
  let inviter: Registered;
  let code: string;
  let depositCounter = 0;

  const runConsumers = () => createServices(db).events.runAll();

  async function register(
    ip: string,
    referralCode?: string,
    deviceId?: string,
  ): Promise<Registered> {
    const username = uniqueUsername('friend');
    const response = await callApi(context.app, 'PUT', '/wps/member/register', {
      ip,
      ...(deviceId ? { headers: { cookie: `device_id=${deviceId}` } } : {}),
      body: {
        username,
        password: 'secret123',
        confirmPassword: 'secret123',
        ...(referralCode ? { referralCode } : {}),
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const row = await sql<{
      id: bigint;
    }>`SELECT id FROM members WHERE username = ${username}`.execute(db);
    return {
      id: row.rows[0]?.id as bigint,
      username,
      token: response.body.value.session.token as string,
    };
  }

  async function deposit(member: Registered, amountMinor: number): Promise<void> {
    depositCounter += 1;
    await db.transaction().execute((trx) =>
      appendEvents(trx, [
        {
          type: 'deposit.credited',
          merchantCode: BASE_MERCHANT_CODE,
          memberId: member.id,
          payload: {
            depositId: `referral-test-${depositCounter}`,
            memberId: member.id.toString(),
            methodCode: 'test',
            currency: 'VND',
            amountMinor: amountMinor.toString(),
          },
        },
      ]),
    );
  }

  async function friends(token: string) {
    const response = await callApi(context.app, 'GET', '/wps/member/referral/friends', { token });
    expect(response.status).toBe(200);
    return response.body.value as {
      list: { name: string; status: string; progress: number; rewardAmount: number | null }[];
      totalCount: number;
    };
  }

  beforeAll(async () => {
    db = context.database.db;
    // The fixture merchant has the switch off; the first request reads the merchant after this.
    await sql`
      UPDATE merchants SET white_label = white_label || '{"referralPromo": true}'::jsonb
      WHERE code = ${BASE_MERCHANT_CODE}
    `.execute(db);
    admin = await operatorToken(context.app, db, 'referraladmin', 'admin');
    const rule = await callApi(context.app, 'POST', '/admin/referral-rule', {
      token: admin,
      body: {
        enabled: true,
        qualifyBy: 'deposit',
        threshold: 100,
        rewardKind: 'cash',
        rewardAmount: 20,
        maxRewardedFriends: 5,
      },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    inviter = await register(INVITER_ADDRESS);
  });

  it("gives a member one code, a link on the merchant's domain and its QR code", async () => {
    const first = await callApi(context.app, 'GET', '/wps/member/referral', {
      token: inviter.token,
    });
    expect(first.status).toBe(200);
    const value = first.body.value;
    code = value.referralCode;
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    expect(value.referralLink).toMatch(new RegExp(`/register\\?referralCode=${code}$`));
    expect(value.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(value.rule).toMatchObject({ qualifyBy: 'deposit', threshold: 100, rewardAmount: 20 });
    const again = await callApi(context.app, 'GET', '/wps/member/referral', {
      token: inviter.token,
    });
    expect(again.body.value.referralCode).toBe(code);
  });

  it('links friends, refuses a second account from the inviter address and farms past the limit', async () => {
    const friend = await register('203.0.113.20', code.toLowerCase());
    const sameAddress = await register(INVITER_ADDRESS, code);
    const farm = [
      await register(FARM_ADDRESS, code),
      await register(FARM_ADDRESS, code),
      await register(FARM_ADDRESS, code),
    ];
    await register('203.0.113.30', 'NOSUCHCODE');
    await runConsumers();
    const statuses = await sql<{
      friend_member_id: bigint;
      status: string;
      refusal_reason: string | null;
    }>`
      SELECT friend_member_id, status, refusal_reason FROM referrals ORDER BY friend_member_id
    `.execute(db);
    const byFriend = new Map(statuses.rows.map((row) => [row.friend_member_id, row]));
    expect(byFriend.get(friend.id)?.status).toBe('pending');
    expect(byFriend.get(sameAddress.id)?.refusal_reason).toBe('same-address');
    expect(farm.map((member) => byFriend.get(member.id)?.status)).toEqual([
      'pending',
      'pending',
      'refused',
    ]);
    expect(statuses.rows).toHaveLength(5);
    const page = await friends(inviter.token);
    expect(page.totalCount).toBe(5);
    expect(page.list.some((row) => row.name === friend.username)).toBe(false);
    expect(page.list.map((row) => row.name)).toContain(
      `${friend.username.slice(0, 2)}***${friend.username.slice(-2)}`,
    );
    // A referral is not an agent's invitation: the friend has no upline.
    const upline = await sql<{ upline_member_id: bigint | null }>`
      SELECT upline_member_id FROM members WHERE id = ${friend.id.toString()}::bigint
    `.execute(db);
    expect(upline.rows[0]?.upline_member_id).toBeNull();

    // The friend's deposits reach the threshold over two deposits: the inviter is paid once.
    const before = await balanceOf(context.app, inviter.token);
    await deposit(friend, 6_000);
    await runConsumers();
    expect(await balanceOf(context.app, inviter.token)).toBe(before);
    await deposit(friend, 5_000);
    await deposit(friend, 50_000);
    await deposit(sameAddress, 50_000);
    await deposit(farm[2] as Registered, 50_000);
    await runConsumers();
    await deposit(friend, 50_000);
    await runConsumers();
    expect(await balanceOf(context.app, inviter.token)).toBe(before + 20);
    const paid = await sql<{ id: string }>`
      SELECT id FROM ledger_transfers WHERE id LIKE 'referral:%'
    `.execute(db);
    expect(paid.rows.map((row) => row.id)).toEqual([`referral:${friend.id}`]);
    const mine = await callApi(context.app, 'GET', '/wps/member/referral', {
      token: inviter.token,
    });
    expect(mine.body.value).toMatchObject({ invitedCount: 5, qualifiedCount: 1, rewardTotal: 20 });
    expect(await ledgerBreaks(db)).toEqual([]);
  });

  it('refuses a third friend of the inviter from one device, from three addresses', async () => {
    const device = 'farm-device-0123456789';
    const friends = [
      await register('198.51.100.1', code, device),
      await register('198.51.100.2', code, device),
      await register('198.51.100.3', code, device),
    ];
    await runConsumers();
    const rows = await sql<{ friend_member_id: bigint; status: string; refusal_reason: string }>`
      SELECT friend_member_id, status, refusal_reason FROM referrals
       WHERE friend_member_id IN (${sql.join(friends.map((friend) => friend.id))})
       ORDER BY friend_member_id
    `.execute(db);
    expect(rows.rows.map((row) => row.refusal_reason ?? row.status)).toEqual([
      'pending',
      'pending',
      'device-limit',
    ]);
  });

  it('sets a device cookie on a registration that came without one', async () => {
    const response = await callApi(context.app, 'PUT', '/wps/member/register', {
      ip: '198.51.100.9',
      body: {
        username: uniqueUsername('cookie'),
        password: 'secret123',
        confirmPassword: 'secret123',
      },
    });
    expect(response.status).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(
      /^device_id=[A-Za-z0-9_-]{24}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax/,
    );
  });

  it('answers REFERRAL_UNAVAILABLE once the merchant switches referrals off; the rule change was audited', async () => {
    const settings = await callApi(context.app, 'GET', '/admin/settings', { token: admin });
    const off = await callApi(context.app, 'POST', '/admin/settings/white-label', {
      token: admin,
      body: { ...settings.body.value.whiteLabel, referralPromo: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    for (const path of ['/wps/member/referral', '/wps/member/referral/friends']) {
      const refused = await callApi(context.app, 'GET', path, { token: inviter.token });
      expect(refused.status).toBe(404);
      expect(refused.body.errorCode).toBe('REFERRAL_UNAVAILABLE');
    }
    const audit = await sql<{ action: string }>`
      SELECT action FROM audit_log WHERE subject_type = 'referral-rule'
    `.execute(db);
    expect(audit.rows.map((row) => row.action)).toEqual(['referral-rule.update']);
  });
});
