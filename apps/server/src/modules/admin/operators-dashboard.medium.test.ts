import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addConsoleOperator, enrolledOperator } from '../../../test/admin-helpers.js';
import { fundedMember } from '../../../test/money-helpers.js';
import { callApi, useTestApp } from '../../../test/test-app.js';

const context = useTestApp();

describe('operators management', () => {
  it('creates, changes and disables operators, never oneself, each change audited with before and after', async () => {
    const { token } = await enrolledOperator(context.app, context.database.db, 'boss', 'admin');
    const created = await callApi(context.app, 'POST', '/admin/operators', {
      token,
      body: { username: 'Newbie', password: 'newbie-pass-123', role: 'support' },
      ip: '10.20.30.40',
    });
    expect(created.status).toBe(200);
    expect(created.body.value).toMatchObject({
      username: 'newbie',
      role: 'support',
      disabled: false,
      totpEnrolled: false,
      lastLoginAtMs: null,
    });
    const taken = await callApi(context.app, 'POST', '/admin/operators', {
      token,
      body: { username: 'newbie', password: 'newbie-pass-123', role: 'support' },
    });
    expect(taken.body.errorCode).toBe('USERNAME_TAKEN');

    const newbie = await callApi(context.app, 'POST', '/admin/session/login', {
      body: { username: 'newbie', password: 'newbie-pass-123' },
    });
    const newbieToken = newbie.body.value.token as string;
    const operatorId = created.body.value.id as number;
    const promoted = await callApi(context.app, 'POST', '/admin/operators/update', {
      token,
      body: { operatorId, role: 'finance' },
    });
    expect(promoted.body.value.role).toBe('finance');
    // A new role ends the operator's sessions: the next call signs in again with it.
    const stale = await callApi(context.app, 'GET', '/admin/session', { token: newbieToken });
    expect(stale.body.errorCode).toBe('SESSION_EXPIRED');

    const self = await callApi(context.app, 'POST', '/admin/operators/update', {
      token,
      body: {
        operatorId: (await callApi(context.app, 'GET', '/admin/session', { token })).body.value
          .operator.id,
        disabled: true,
      },
    });
    expect(self.body.errorCode).toBe('OPERATOR_SELF_CHANGE');

    const badIp = await callApi(context.app, 'POST', '/admin/operators/update', {
      token,
      body: { operatorId, allowedIps: ['not-an-ip'] },
    });
    expect(badIp.body.errorCode).toBe('OPERATOR_ALLOWED_IP_INVALID');

    const list = await callApi(context.app, 'GET', '/admin/operators', { token });
    expect(list.body.value.list.map((row: { username: string }) => row.username)).toEqual([
      'boss',
      'newbie',
    ]);

    const log = await callApi(context.app, 'GET', `/admin/audit-log?subjectId=${operatorId}`, {
      token,
    });
    const actions = log.body.value.items.map((row: { action: string }) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['operator.update', 'operator.create']));
    const update = log.body.value.items.find(
      (row: { action: string }) => row.action === 'operator.update',
    );
    expect(update).toMatchObject({
      operatorUsername: 'boss',
      role: 'admin',
      before: { role: 'support' },
      after: { role: 'finance' },
    });
    const creation = log.body.value.items.find(
      (row: { action: string }) => row.action === 'operator.create',
    );
    expect(creation.ip).toBe('10.20.30.40');
  });

  it('keeps an operator to their allowed addresses, at sign-in and on every call', async () => {
    const { token } = await enrolledOperator(context.app, context.database.db, 'warden', 'admin');
    const password = await addConsoleOperator(context.database.db, 'fenced', 'support');
    const fenced = await callApi(context.app, 'GET', '/admin/operators', { token });
    const fencedId = fenced.body.value.list.find(
      (row: { username: string }) => row.username === 'fenced',
    ).id;
    const inside = await callApi(context.app, 'POST', '/admin/session/login', {
      body: { username: 'fenced', password },
      ip: '10.9.1.1',
    });
    const fencedToken = inside.body.value.token as string;
    await callApi(context.app, 'POST', '/admin/operators/update', {
      token,
      body: { operatorId: fencedId, allowedIps: ['10.9.0.0/16'] },
    });
    const outside = await callApi(context.app, 'POST', '/admin/session/login', {
      body: { username: 'fenced', password },
      ip: '10.8.1.1',
    });
    expect(outside.body.errorCode).toBe('OPERATOR_ADDRESS_NOT_ALLOWED');
    const moved = await callApi(context.app, 'GET', '/admin/session', {
      token: fencedToken,
      ip: '10.8.1.1',
    });
    expect(moved.body.errorCode).toBe('OPERATOR_ADDRESS_NOT_ALLOWED');
    const home = await callApi(context.app, 'GET', '/admin/session', {
      token: fencedToken,
      ip: '10.9.200.7',
    });
    expect(home.status).toBe(200);
  });
});

describe('the audit log page', () => {
  it('names the operator of entries written with the id alone, and leaves their role unknown', async () => {
    const { db } = context.database;
    const { token } = await enrolledOperator(context.app, db, 'namer', 'risk');
    const session = await callApi(context.app, 'GET', '/admin/session', { token });
    // Written as entries were before they named the operator (the audit service now refuses
    // an operator's entry without name and role), so only SQL can make one.
    await sql`
      INSERT INTO audit_log (merchant_code, operator_id, action, subject_type, subject_id)
      VALUES ('DEMO', ${session.body.value.operator.id}, 'lottery.legacy-entry', 'draw', '1')
    `.execute(db);
    const log = await callApi(context.app, 'GET', '/admin/audit-log?action=lottery.legacy-entry', {
      token,
    });
    expect(log.body.value.items[0]).toMatchObject({ operatorUsername: 'namer', role: null });
  });
});

describe('the dashboard', () => {
  it('sums deposits, play by category, GGR and NGR, players, and counts the queues', async () => {
    const { db } = context.database;
    const { token } = await enrolledOperator(context.app, db, 'viewer', 'admin');
    const toMs = Date.now() + 60_000;
    const fromMs = toMs - 60 * 60 * 1000;
    const url = `/admin/dashboard?fromMs=${fromMs}&toMs=${toMs}`;
    // The demo seed's members joined within the hour too.
    const before = await callApi(context.app, 'GET', url, { token });
    const seededPlayers = before.body.value.totals.newPlayers as number;
    const player = await fundedMember(context.app, db, 0, 'dash');
    const other = await fundedMember(context.app, db, 0, 'dash');
    const today = new Date().toISOString().slice(0, 10);
    // Rollup rows as the play-rollups consumer writes them; a deposit row as the gateway's.
    await sql`
      INSERT INTO play_member_daily
        (member_id, day, game_category, currency, merchant_code, rounds, stake_minor, valid_bet_minor, win_minor)
      VALUES (${player.id.toString()}, ${today}::date, 'slots', 'VND', 'DEMO', 3, 30000, 30000, 12000),
             (${other.id.toString()}, ${today}::date, 'lottery', 'VND', 'DEMO', 1, 5000, 5000, 0),
             (${other.id.toString()}, '2000-01-01'::date, 'lottery', 'VND', 'DEMO', 9, 90000, 90000, 0)
    `.execute(db);
    await sql`
      INSERT INTO deposits (id, merchant_code, member_id, method_code, amount_minor, currency, status, resolved_at)
      VALUES (gen_random_uuid(), 'DEMO', ${player.id.toString()}, 'sandbox', 250000, 'VND', 'completed', now()),
             (gen_random_uuid(), 'DEMO', ${player.id.toString()}, 'sandbox', 10000, 'VND', 'pending', NULL)
    `.execute(db);

    const response = await callApi(context.app, 'GET', url, { token });
    expect(response.status).toBe(200);
    expect(response.body.value).toEqual({
      currency: 'VND',
      totals: {
        deposits: 2500,
        withdrawals: 0,
        bets: 350,
        wins: 120,
        ggr: 230,
        bonuses: 0,
        ngr: 230,
        newPlayers: seededPlayers + 2,
        activePlayers: 2,
      },
      categories: [
        { category: 'lottery', bets: 50, wins: 0, ggr: 50, betCount: 1 },
        { category: 'slots', bets: 300, wins: 120, ggr: 180, betCount: 3 },
      ],
      pending: { deposits: 1, withdrawals: 0, withdrawalCases: 0 },
    });
    const backwards = await callApi(
      context.app,
      'GET',
      `/admin/dashboard?fromMs=${toMs}&toMs=${fromMs}`,
      { token },
    );
    expect(backwards.body.errorCode).toBe('DATE_RANGE_INVALID');
  });
});
