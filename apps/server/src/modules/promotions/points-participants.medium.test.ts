import { adminExportPaths } from '@app/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { fundedMember, ledgerBreaks, operatorToken } from '../../../test/money-helpers.js';
import { callApi, useTestApp } from '../../../test/test-app.js';
import { createServices } from '../../services.js';
import { createAuditService } from '../audit/index.js';
import { appendEvents, type NewEvent } from '../events/index.js';
import { createLedgerService } from '../ledger/index.js';
import { creditPointsWithin } from '../points/index.js';
import { createPromotions } from './index.js';

const HOUR_MS = 60 * 60 * 1000;
const OTHER_MERCHANT = 'OTHERPX';
const context = useTestApp();

function promotionBody(title: string, overrides: Record<string, unknown>) {
  const now = Date.now();
  return {
    category: 'other',
    takeMode: 'claim',
    texts: { EN: { title, content: '<p>Read this</p>', terms: '' } },
    startsAtMs: now - HOUR_MS,
    endsAtMs: now + 24 * HOUR_MS,
    qualifier: {},
    reward: { kind: 'cash_fixed', amount: 10 },
    wagering: {},
    ...overrides,
  };
}

async function createPromotion(token: string, title: string, overrides: Record<string, unknown>) {
  const saved = await callApi(context.app, 'POST', '/admin/promotions', {
    token,
    body: promotionBody(title, overrides),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.value.id as string;
}

async function pointsOf(memberId: bigint): Promise<bigint> {
  const balances = await createLedgerService(context.database.db).memberAvailableBalances(memberId);
  return balances.find((balance) => balance.asset === 'points')?.availableMinor ?? 0n;
}

function depositEvent(memberId: bigint, depositId: string, amountMinor: bigint): NewEvent {
  return {
    type: 'deposit.credited',
    merchantCode: BASE_MERCHANT_CODE,
    memberId,
    payload: {
      depositId,
      memberId: memberId.toString(),
      methodCode: 'sandbox',
      currency: 'VND',
      amountMinor: amountMinor.toString(),
    },
  };
}

function slotRound(memberId: bigint, roundRef: string, validBetMinor: bigint): NewEvent {
  return {
    type: 'round.settled',
    merchantCode: BASE_MERCHANT_CODE,
    memberId,
    payload: {
      memberId: memberId.toString(),
      merchantCode: BASE_MERCHANT_CODE,
      vassalage: 'BUILTIN',
      gameCode: 'slot',
      gameCategory: 'RNG',
      roundRef,
      currency: 'VND',
      stakeMinor: validBetMinor.toString(),
      validBetMinor: validBetMinor.toString(),
      winMinor: '0',
      settledAt: new Date().toISOString(),
    },
  };
}

describe('promotion points rewards', () => {
  it('a claim credits the promotion points once per member, through the points module', async () => {
    const { app, database } = context;
    const admin = await operatorToken(app, database.db, 'pointsadmin1', 'admin');
    const id = await createPromotion(admin, 'Loyalty boost', {
      reward: { kind: 'points', points: 250 },
    });
    const member = await fundedMember(app, database.db, 0, 'ptsclaim');
    const detail = await callApi(app, 'GET', `/wps/promotion/detail?id=${id}`, {
      token: member.token,
    });
    expect(detail.body.value.reward).toMatchObject({ kind: 'points', points: 250 });

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const claimed = await callApi(app, 'POST', '/wps/promotion/claim', {
        token: member.token,
        body: { id },
      });
      expect(claimed.body.value).toMatchObject({ status: 'Claimed' });
    }
    expect(await pointsOf(member.id)).toBe(250n);
    const transfers = await sql<{ id: string; code: string }>`
      SELECT id, code FROM ledger_transfers WHERE id LIKE ${`points:promotion:${id}:%`}
    `.execute(database.db);
    expect(transfers.rows).toEqual([
      { id: `points:promotion:${id}:${member.id}`, code: 'points.promotion' },
    ]);

    const edited = await callApi(app, 'GET', '/admin/promotions?limit=5', { token: admin });
    const row = edited.body.value.items.find((item: { id: string }) => item.id === id);
    expect(row.reward).toEqual({ kind: 'points', points: 250 });
    expect(await ledgerBreaks(database.db)).toEqual([]);
  });

  it('the points and the claim row commit together: a failure after the credit leaves neither', async () => {
    const { app, database } = context;
    const admin = await operatorToken(app, database.db, 'pointsadmin2', 'admin');
    const id = await createPromotion(admin, 'Points that fail', {
      reward: { kind: 'points', points: 40 },
    });
    const member = await fundedMember(app, database.db, 0, 'ptsfail');
    const { db } = database;
    const promotions = createPromotions(db, {
      ledger: createLedgerService(db),
      audit: createAuditService(db),
      bonus: null,
      points: {
        async creditWithin(trx, credit) {
          await creditPointsWithin(trx, {
            ...credit,
            memberId: Number(credit.memberId),
            reason: 'promotion',
          });
          throw new Error('the claim fails after the points were credited');
        },
      },
      uplineOf: async () => null,
      labelsOf: async () => [],
      vipRankOf: async () => 0,
      accountsOf: async () => new Map(),
      currencyOf: async () => 'VND',
      logError: () => {},
    });
    await expect(
      promotions.service.claim(
        {
          merchantCode: BASE_MERCHANT_CODE,
          currency: 'VND',
          language: 'EN',
          defaultLanguage: 'EN',
          memberId: member.id,
        },
        id,
      ),
    ).rejects.toThrow('after the points were credited');
    expect(await pointsOf(member.id)).toBe(0n);
    const rows = await sql<{ count: bigint }>`
      SELECT count(*) AS count FROM promotion_participations WHERE promotion_id = ${id}::bigint
    `.execute(db);
    expect(Number(rows.rows[0]?.count)).toBe(0);
  });
});

describe('a promotion participants list', () => {
  it('pages participants by key with their bonus issued and converted, to every reader of the merchant only', async () => {
    const { app, database } = context;
    const { db } = database;
    const admin = await operatorToken(app, db, 'partadmin', 'admin');
    const id = await createPromotion(admin, 'First deposit 100', {
      category: 'deposit',
      takeMode: 'join',
      qualifier: { depositNth: 1 },
      reward: { kind: 'bonus_fixed', amount: 100 },
      wagering: { multiple: 1, base: 'bonus', categoryWeightsPercent: { RNG: 100 } },
    });
    const converter = await fundedMember(app, db, 0, 'partconv');
    const waiter = await fundedMember(app, db, 0, 'partjoin');
    const wagerer = await fundedMember(app, db, 0, 'partwager');
    for (const member of [converter, waiter, wagerer]) {
      const joined = await callApi(app, 'POST', '/wps/promotion/join', {
        token: member.token,
        body: { id },
      });
      expect(joined.body.value?.status).toBe('Joined');
    }
    const services = createServices(db);
    await db
      .transaction()
      .execute((trx) =>
        appendEvents(trx, [
          depositEvent(converter.id, 'part-dep-1', 50_000n),
          depositEvent(wagerer.id, 'part-dep-2', 50_000n),
        ]),
      );
    await services.events.runAll();
    await db
      .transaction()
      .execute((trx) => appendEvents(trx, [slotRound(converter.id, 'part-slot', 10_000n)]));
    await services.events.runAll();

    const support = await operatorToken(app, db, 'partsupport', 'support');
    const list = (query: string) =>
      callApi(app, 'GET', `/admin/promotions/participants?id=${id}${query}`, { token: support });
    const first = await list('&limit=2');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.value.items).toEqual([
      expect.objectContaining({
        account: wagerer.username,
        status: 'issued',
        rewardAmount: 100,
        bonusStatus: 'wagering',
        bonusIssuedAmount: 100,
        bonusConvertedAmount: 0,
      }),
      expect.objectContaining({
        account: waiter.username,
        status: 'joined',
        rewardAmount: 0,
        bonusId: null,
        bonusStatus: null,
        bonusIssuedAmount: null,
        bonusConvertedAmount: null,
      }),
    ]);
    expect(first.body.value.items[0].joinedAtMs).toBeGreaterThan(Date.now() - HOUR_MS);
    const second = await list(`&limit=2&cursor=${first.body.value.nextCursor}`);
    expect(second.body.value).toEqual({
      items: [
        expect.objectContaining({
          account: converter.username,
          status: 'issued',
          bonusStatus: 'converted',
          bonusIssuedAmount: 100,
          bonusConvertedAmount: 100,
        }),
      ],
      nextCursor: null,
    });
    const issued = await list('&status=issued');
    expect(issued.body.value.items.map((item: { account: string }) => item.account)).toEqual([
      wagerer.username,
      converter.username,
    ]);
    const tooMany = await list('&limit=51');
    expect(tooMany.status).toBe(400);

    // The CSV export walks every page with the same filter and the same merchant check.
    const csv = await app.inject({
      method: 'GET',
      url: `${adminExportPaths.promotionParticipants}?id=${id}&status=issued`,
      headers: { merchant: BASE_MERCHANT_CODE, authorization: support },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'joinedAt,participationId,memberId,account,status,period,rewardAmount,bonusId,bonusStatus,bonusIssuedAmount,bonusConvertedAmount',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,${wagerer.username},issued,,100.00,`);
    expect(lines[2]).toContain(',converted,100.00,100.00');

    // Another merchant's promotion reads as one that does not exist.
    await sql`
      INSERT INTO merchants
      SELECT (jsonb_populate_record(
        NULL::merchants,
        to_jsonb(m) || jsonb_build_object('code', ${OTHER_MERCHANT}::text, 'domains', '[]'::jsonb)
      )).*
      FROM merchants m WHERE code = ${BASE_MERCHANT_CODE}
    `.execute(db);
    const foreign = await createPromotion(admin, 'Elsewhere', {
      category: 'deposit',
      takeMode: 'join',
    });
    await callApi(app, 'POST', '/wps/promotion/join', {
      token: converter.token,
      body: { id: foreign },
    });
    await sql`UPDATE promotions SET merchant_code = ${OTHER_MERCHANT} WHERE id = ${foreign}::bigint`.execute(
      db,
    );
    await sql`
      UPDATE promotion_participations SET merchant_code = ${OTHER_MERCHANT}
      WHERE promotion_id = ${foreign}::bigint
    `.execute(db);
    const hidden = await callApi(app, 'GET', `/admin/promotions/participants?id=${foreign}`, {
      token: admin,
    });
    expect(hidden.status).toBe(404);
    expect(hidden.body.errorCode).toBe('NOT_FOUND');
    const hiddenCsv = await app.inject({
      method: 'GET',
      url: `${adminExportPaths.promotionParticipants}?id=${foreign}`,
      headers: { merchant: BASE_MERCHANT_CODE, authorization: admin },
    });
    expect(hiddenCsv.statusCode).toBe(404);
  });
});

describe('the editor preview', () => {
  it('answers a draft through the save sanitizer, to editors only', async () => {
    const { app, database } = context;
    const content = await operatorToken(app, database.db, 'previewcontent', 'content');
    const body = {
      title: '<b>Weekend</b> reload',
      content:
        '<p onclick="steal()">Hello<script>alert(1)</script></p><img src="x" onerror="steal()">',
      terms: '<ul><li>One per member</li></ul>',
    };
    const preview = await callApi(app, 'POST', '/admin/promotions/preview', {
      token: content,
      body,
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.value.title).toBe('Weekend reload');
    expect(preview.body.value.content).toContain('Hello');
    expect(preview.body.value.content).not.toMatch(/script|onclick|onerror/);
    expect(preview.body.value.terms).toBe('<ul><li>One per member</li></ul>');
    const support = await operatorToken(app, database.db, 'previewsupport', 'support');
    const refused = await callApi(app, 'POST', '/admin/promotions/preview', {
      token: support,
      body,
    });
    expect(refused.status).toBe(403);
  });
});
