import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addOperator } from '../../../test/admin-helpers.js';
import { addMerchant } from '../../../test/db-helpers.js';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { fundedMember } from '../../../test/money-helpers.js';
import { callApi, useTestApp } from '../../../test/test-app.js';
import { createServices } from '../../services.js';
import { appendEvents, type NewEvent } from '../events/index.js';
import { seedVipRanks } from './index.js';

const context = useTestApp();
const vnd = (amount: number) => BigInt(amount) * 100n;

function played(memberId: bigint, ref: string, validBetMinor: bigint): NewEvent {
  return {
    type: 'round.settled',
    merchantCode: BASE_MERCHANT_CODE,
    memberId,
    payload: {
      memberId: memberId.toString(),
      merchantCode: BASE_MERCHANT_CODE,
      vassalage: 'TEST',
      gameCode: 'dice',
      gameCategory: 'INHOUSE',
      roundRef: ref,
      currency: 'VND',
      stakeMinor: validBetMinor.toString(),
      validBetMinor: validBetMinor.toString(),
      winMinor: '0',
      settledAt: new Date().toISOString(),
    },
  };
}

function deposited(memberId: bigint, id: string, amountMinor: bigint): NewEvent {
  return {
    type: 'deposit.credited',
    merchantCode: BASE_MERCHANT_CODE,
    memberId,
    payload: {
      depositId: id,
      memberId: memberId.toString(),
      methodCode: 'test',
      currency: 'VND',
      amountMinor: amountMinor.toString(),
    },
  };
}

async function memberInfo(token: string) {
  const reply = await callApi(context.app, 'GET', '/wps/member/info', { token });
  expect(reply.status).toBe(200);
  return reply.body.value;
}

describe('club ranks and member labels', () => {
  beforeAll(async () => {
    await seedVipRanks(context.database.db, BASE_MERCHANT_CODE, {
      windowDays: 7,
      ranks: [
        {
          rankLevel: 1,
          name: 'Bronze',
          color: '#ffffff',
          color2: '#b06d3b',
          minTurnoverMinor: vnd(10_000),
          minDepositMinor: 0n,
        },
        {
          rankLevel: 5,
          name: 'Diamond',
          color: '#ffffff',
          color2: '#7b61ff',
          minTurnoverMinor: vnd(50_000),
          minDepositMinor: vnd(100_000),
        },
      ],
    });
  });

  it('places a member by the window turnover and deposits, shows the clubLabel, and lowers it as activity ages out', async () => {
    const db = context.database.db;
    const member = await fundedMember(context.app, db, 0, 'vip');
    expect((await memberInfo(member.token)).clubLabel).toBeNull();
    const services = createServices(db);

    await db
      .transaction()
      .execute((trx) => appendEvents(trx, [played(member.id, 'v1', vnd(20_000))]));
    await services.events.runAll();
    expect((await memberInfo(member.token)).clubLabel).toEqual({
      labelName: 'Bronze',
      color: '#ffffff',
      color2: '#b06d3b',
      rankLevel: 1,
    });

    await db
      .transaction()
      .execute((trx) =>
        appendEvents(trx, [
          played(member.id, 'v2', vnd(30_000)),
          deposited(member.id, 'd1', vnd(100_000)),
        ]),
      );
    await services.events.runAll();
    expect((await memberInfo(member.token)).clubLabel?.rankLevel).toBe(5);
    expect(await services.vip.rankLevelOf(member.id)).toBe(5);
    expect(await services.vip.hasVipService(member.id)).toBe(true);

    // Eight days later the window holds nothing: the daily job takes the rank away.
    await sql`UPDATE vip_member_daily SET day = day - 8 WHERE member_id = ${member.id.toString()}::bigint`.execute(
      db,
    );
    await services.vip.reevaluateAll();
    expect((await memberInfo(member.token)).clubLabel).toBeNull();
    expect(await services.vip.rankLevelOf(member.id)).toBe(0);
  });

  it('answers the member labels an operator set, with their colours', async () => {
    const db = context.database.db;
    const member = await fundedMember(context.app, db, 0, 'label');
    const label = await sql<{ id: string }>`
      INSERT INTO member_labels (merchant_code, name, color, background_color)
      VALUES (${BASE_MERCHANT_CODE}, 'High roller', '#000000', '#ffd43b') RETURNING id::text`.execute(
      db,
    );
    await sql`INSERT INTO member_label_links (member_id, label_id)
      VALUES (${member.id.toString()}::bigint, ${label.rows[0]?.id}::bigint)`.execute(db);
    expect((await memberInfo(member.token)).memberLabel).toEqual([
      { text: 'High roller', color: '#000000', backgroundColor: '#ffd43b' },
    ]);
  });

  it('lets an admin replace the ranks (audited) and refuses ranks that ask less at a higher level', async () => {
    const password = await addOperator(context.database.db, 'vip-admin', 'admin');
    const login = await callApi(context.app, 'POST', '/admin/session/login', {
      body: { username: 'vip-admin', password },
    });
    const token = login.body.value.token as string;
    const current = await callApi(context.app, 'GET', '/admin/vip/ranks', { token });
    expect(current.body.value.windowDays).toBe(7);
    const bad = await callApi(context.app, 'POST', '/admin/vip/ranks', {
      token,
      body: {
        windowDays: 30,
        ranks: [
          {
            rankLevel: 1,
            name: 'A',
            color: '#ffffff',
            color2: '#000000',
            minTurnover: 500,
            minDeposit: 0,
          },
          {
            rankLevel: 2,
            name: 'B',
            color: '#ffffff',
            color2: '#000000',
            minTurnover: 100,
            minDeposit: 0,
          },
        ],
      },
    });
    expect(bad.body.errorCode).toBe('VIP_RANKS_INVALID');
    const saved = await callApi(context.app, 'POST', '/admin/vip/ranks', {
      token,
      body: { ...current.body.value, windowDays: 30 },
    });
    expect(saved.body.value.windowDays).toBe(30);
    const audit = await sql<{ action: string }>`
      SELECT action FROM audit_log WHERE action = 'vip.ranks.update'`.execute(context.database.db);
    expect(audit.rows).toHaveLength(1);
  });

  it('lets a loyalty configurer set a label colour (audited, #rrggbb only, own merchant only) that the site then shows', async () => {
    const db = context.database.db;
    const member = await fundedMember(context.app, db, 0, 'colour');
    const label = await sql<{ id: string }>`
      INSERT INTO member_labels (merchant_code, name) VALUES (${BASE_MERCHANT_CODE}, 'Whale')
      RETURNING id::text`.execute(db);
    const labelId = label.rows[0]?.id as string;
    await sql`INSERT INTO member_label_links (member_id, label_id)
      VALUES (${member.id.toString()}::bigint, ${labelId}::bigint)`.execute(db);
    await addMerchant(db, 'OTHER');
    const foreign = await sql<{ id: string }>`
      INSERT INTO member_labels (merchant_code, name) VALUES ('OTHER', 'Foreign')
      RETURNING id::text`.execute(db);

    const tokenOf = async (username: string, role: 'content' | 'support') => {
      const password = await addOperator(db, username, role);
      const login = await callApi(context.app, 'POST', '/admin/session/login', {
        body: { username, password },
      });
      return login.body.value.token as string;
    };
    const content = await tokenOf('colour-content', 'content');
    const support = await tokenOf('colour-support', 'support');
    const save = (token: string, body: Record<string, string>) =>
      callApi(context.app, 'POST', '/admin/member-labels/colours', { token, body });

    const listed = await callApi(context.app, 'GET', '/admin/member-labels/colours', {
      token: support,
    });
    expect(listed.body.value.list).toContainEqual({
      id: labelId,
      name: 'Whale',
      color: '#ffffff',
      backgroundColor: '#5c7cfa',
    });
    expect(listed.body.value.list.map((row: { name: string }) => row.name)).not.toContain(
      'Foreign',
    );
    expect(
      (await save(support, { id: labelId, color: '#000000', backgroundColor: '#FFD43B' })).status,
    ).toBe(403);
    const invalid = await save(content, { id: labelId, color: 'red', backgroundColor: '#ffd43b' });
    expect(invalid.body.errorCode).toBe('VALIDATION_FAILED');
    const other = await save(content, {
      id: foreign.rows[0]?.id as string,
      color: '#000000',
      backgroundColor: '#ffd43b',
    });
    expect(other.body.errorCode).toBe('NOT_FOUND');

    const saved = await save(content, {
      id: labelId,
      color: '#000000',
      backgroundColor: '#FFD43B',
    });
    expect(saved.body.value).toEqual({
      id: labelId,
      name: 'Whale',
      color: '#000000',
      backgroundColor: '#ffd43b',
    });
    expect((await memberInfo(member.token)).memberLabel).toContainEqual({
      text: 'Whale',
      color: '#000000',
      backgroundColor: '#ffd43b',
    });
    const audit = await sql<{ operator_role: string; before: unknown; after: unknown }>`
      SELECT operator_role, before, after FROM audit_log WHERE action = 'member-label.colours'`.execute(
      db,
    );
    expect(audit.rows).toEqual([
      {
        operator_role: 'content',
        before: { color: '#ffffff', backgroundColor: '#5c7cfa' },
        after: { color: '#000000', backgroundColor: '#ffd43b' },
      },
    ]);
  });
});
