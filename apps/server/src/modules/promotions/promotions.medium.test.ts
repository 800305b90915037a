import { createCanvas } from '@napi-rs/canvas';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setMemberType } from '../../../test/db-helpers.js';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { balanceOf, fundedMember, operatorToken } from '../../../test/money-helpers.js';
import { callApi, useTestApp } from '../../../test/test-app.js';
import { createServices } from '../../services.js';
import { createAuditService } from '../audit/index.js';
import { appendEvents, createEventsService, type NewEvent } from '../events/index.js';
import { createLedgerService } from '../ledger/index.js';
import { seedVipRanks } from '../vip/index.js';
import type { BonusGrant, PromotionBonusPort } from './bonus-port.js';
import { createPromotions, drawRaffle } from './index.js';

const HOUR_MS = 60 * 60 * 1000;
const context = useTestApp();

/** The bonus engine's interface, recording grants; the same key again is a replay. */
function fakeBonusEngine() {
  const grants = new Map<string, BonusGrant>();
  const port: PromotionBonusPort = {
    async grantWithin(_trx, grant) {
      const replayed = grants.has(grant.idempotencyKey);
      if (!replayed) grants.set(grant.idempotencyKey, grant);
      return { bonusId: `bonus-${grant.idempotencyKey}`, replayed };
    },
  };
  return { grants, port };
}

/** The module's consumers on the test database, with the fake bonus engine plugged in. */
function promotionsWith(bonus: PromotionBonusPort) {
  const { db } = context.database;
  return createPromotions(db, {
    ledger: createLedgerService(db),
    audit: createAuditService(db),
    bonus,
    uplineOf: async () => null,
    labelsOf: async () => [],
    vipRankOf: async () => 0,
    accountsOf: async () => new Map(),
    currencyOf: async () => 'VND',
    logError: () => {},
  });
}

async function runConsumers(bonus: PromotionBonusPort) {
  await createEventsService(context.database.db, {
    consumers: promotionsWith(bonus).consumers,
  }).runAll();
}

async function append(events: NewEvent[]) {
  await context.database.db.transaction().execute((trx) => appendEvents(trx, events));
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

function settledEvent(
  memberId: bigint,
  roundRef: string,
  validBetMinor: bigint,
  gameCategory: 'INHOUSE' | 'RNG' = 'INHOUSE',
): NewEvent {
  return {
    type: 'round.settled',
    merchantCode: BASE_MERCHANT_CODE,
    memberId,
    payload: {
      memberId: memberId.toString(),
      merchantCode: BASE_MERCHANT_CODE,
      vassalage: 'BUILTIN',
      gameCode: gameCategory === 'RNG' ? 'slot' : 'dice',
      gameCategory,
      roundRef,
      currency: 'VND',
      stakeMinor: validBetMinor.toString(),
      validBetMinor: validBetMinor.toString(),
      winMinor: '0',
      settledAt: new Date().toISOString(),
    },
  };
}

function texts(title: string) {
  return {
    EN: {
      title,
      content: '<p>Read <script>alert(1)</script>this</p>',
      terms: '<ul><li>One per member</li></ul>',
    },
  };
}

function promotionBody(overrides: Record<string, unknown>) {
  const now = Date.now();
  return {
    category: 'deposit',
    takeMode: 'join',
    texts: texts('Promotion'),
    startsAtMs: now - HOUR_MS,
    endsAtMs: now + 24 * HOUR_MS,
    qualifier: {},
    reward: { kind: 'cash_fixed', amount: 10 },
    wagering: {},
    ...overrides,
  };
}

async function createPromotion(token: string, overrides: Record<string, unknown>): Promise<string> {
  const saved = await callApi(context.app, 'POST', '/admin/promotions', {
    token,
    body: promotionBody(overrides),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.value.id as string;
}

function png(width: number, height: number): string {
  const canvas = createCanvas(width, height);
  const context2d = canvas.getContext('2d');
  context2d.fillStyle = '#3366ff';
  context2d.fillRect(0, 0, width, height);
  return canvas.toBuffer('image/png').toString('base64');
}

async function statusOf(id: string, token?: string) {
  const detail = await callApi(
    context.app,
    'GET',
    `/wps/promotion/detail?id=${id}`,
    token ? { token } : {},
  );
  expect(detail.status).toBe(200);
  return detail.body.value;
}

describe('promotions', () => {
  it('an operator creates a first-deposit promotion; a member joins, deposits and the consumer grants the bonus once', async () => {
    const { app, database } = context;
    const admin = await operatorToken(app, database.db, 'promoadmin1', 'admin');
    const id = await createPromotion(admin, {
      category: 'new_player',
      texts: texts('Welcome 100%'),
      qualifier: { newPlayersOnly: true, depositNth: 1 },
      reward: { kind: 'bonus_percent', percentBp: 10_000, capAmount: 500, minDepositAmount: 10 },
      wagering: {
        multiple: 10,
        base: 'bonus',
        categoryWeightsPercent: { RNG: 100, INHOUSE: 10 },
        maxBetAmount: 50,
        expiryDays: 7,
      },
    });
    const audit = await sql<{ count: bigint }>`
      SELECT count(*) AS count FROM audit_log WHERE action = 'promotion.create' AND subject_id = ${id}
    `.execute(database.db);
    expect(Number(audit.rows[0]?.count)).toBe(1);

    const guest = await statusOf(id);
    expect(guest).toMatchObject({ status: 'Join', action: 'join', title: 'Welcome 100%' });
    expect(guest.content).not.toContain('script');
    const unauthenticated = await callApi(app, 'POST', '/wps/promotion/join', { body: { id } });
    expect(unauthenticated.status).toBe(401);

    const member = await fundedMember(app, database.db, 0, 'promo');
    const joined = await callApi(app, 'POST', '/wps/promotion/join', {
      token: member.token,
      body: { id },
    });
    expect(joined.body.value).toEqual({ status: 'Joined', rewardAmount: null });

    const { grants, port } = fakeBonusEngine();
    await append([depositEvent(member.id, 'dep-1', 120_000n)]);
    await runConsumers(port);
    await append([depositEvent(member.id, 'dep-2', 30_000n)]);
    await runConsumers(port);
    expect([...grants.values()]).toEqual([
      expect.objectContaining({
        memberId: Number(member.id),
        currency: 'VND',
        amountMinor: 50_000n,
        requirementMinor: 500_000n,
        maxBetMinor: 5_000n,
        categoryWeightsPercent: { RNG: 100, INHOUSE: 10 },
        source: { kind: 'promotion', refId: id },
        idempotencyKey: `promotion:${id}:${member.id}`,
      }),
    ]);
    expect(await statusOf(id, member.token)).toMatchObject({
      status: 'Issued',
      rewardAmount: 500,
      action: null,
    });
  });

  it('with the real bonus engine, a joined first-deposit promotion grants a wagering bonus from the deposit event', async () => {
    const { app, database } = context;
    const admin = await operatorToken(app, database.db, 'promoadmin6', 'admin');
    const id = await createPromotion(admin, {
      category: 'new_player',
      qualifier: { newPlayersOnly: true, depositNth: 1 },
      reward: { kind: 'bonus_percent', percentBp: 10_000, capAmount: 300, minDepositAmount: 0 },
      wagering: { multiple: 5, base: 'bonus', expiryDays: 3 },
    });
    const member = await fundedMember(app, database.db, 0, 'realbonus');
    await callApi(app, 'POST', '/wps/promotion/join', { token: member.token, body: { id } });
    await append([depositEvent(member.id, 'dep-real', 20_000n)]);
    await createServices(database.db).events.runAll();
    expect(await statusOf(id, member.token)).toMatchObject({ status: 'Issued', rewardAmount: 200 });
    const bonuses = await callApi(app, 'GET', '/wps/member/bonuses', { token: member.token });
    expect(bonuses.status).toBe(200);
    expect(JSON.stringify(bonuses.body.value)).toContain('200');

    // The cost report's bonus figures come from the engine: one converts, one is forfeited,
    // one keeps wagering.
    const quitter = await fundedMember(app, database.db, 0, 'realquit');
    const keeper = await fundedMember(app, database.db, 0, 'realkeep');
    for (const other of [quitter, keeper]) {
      await callApi(app, 'POST', '/wps/promotion/join', { token: other.token, body: { id } });
    }
    await append([
      depositEvent(quitter.id, 'dep-quit', 10_000n),
      depositEvent(keeper.id, 'dep-keep', 5_000n),
      settledEvent(member.id, 'slot-real', 100_000n, 'RNG'),
    ]);
    await createServices(database.db).events.runAll();
    const quitterBonuses = await callApi(app, 'GET', '/wps/member/bonuses', {
      token: quitter.token,
    });
    const forfeited = await callApi(app, 'POST', '/wps/member/bonuses/forfeit', {
      token: quitter.token,
      body: { bonusId: quitterBonuses.body.value.list[0].bonusId },
    });
    expect(forfeited.status).toBe(200);
    const report = await callApi(app, 'GET', `/admin/promotions/report?id=${id}`, {
      token: admin,
    });
    expect(report.body.value).toMatchObject({
      participants: 3,
      rewardsIssued: 3,
      issuedAmount: 350,
      bonusConvertedAmount: 200,
      bonusForfeitedAmount: 100,
      bonusActiveAmount: 50,
      bonusExpiredAmount: 0,
    });
  });

  it('a claim pays cash once; trial accounts and members outside the rules are refused', async () => {
    const { app, database } = context;
    const admin = await operatorToken(app, database.db, 'promoadmin2', 'admin');
    const id = await createPromotion(admin, {
      category: 'daily',
      takeMode: 'claim',
      reward: { kind: 'cash_fixed', amount: 25 },
    });
    const member = await fundedMember(app, database.db, 0, 'claim');
    const first = await callApi(app, 'POST', '/wps/promotion/claim', {
      token: member.token,
      body: { id },
    });
    expect(first.body.value).toEqual({ status: 'Claimed', rewardAmount: 25 });
    const again = await callApi(app, 'POST', '/wps/promotion/claim', {
      token: member.token,
      body: { id },
    });
    expect(again.body.value).toEqual({ status: 'Claimed', rewardAmount: 25 });
    expect(await balanceOf(app, member.token)).toBe(25);

    const trial = await fundedMember(app, database.db, 0, 'trial');
    await setMemberType(database.db, trial.username, 4);
    const refused = await callApi(app, 'POST', '/wps/promotion/claim', {
      token: trial.token,
      body: { id },
    });
    expect(refused.body.errorCode).toBe('TRIAL_ACCOUNT');

    const agentOnly = await createPromotion(admin, {
      takeMode: 'claim',
      qualifier: { agentIds: ['999999'] },
    });
    const outside = await callApi(app, 'POST', '/wps/promotion/claim', {
      token: member.token,
      body: { id: agentOnly },
    });
    expect(outside.body.errorCode).toBe('PROMOTION_NOT_ELIGIBLE');

    const coming = await createPromotion(admin, { startsAtMs: Date.now() + HOUR_MS });
    expect((await statusOf(coming)).status).toBe('coming soon');
    const count = await callApi(app, 'GET', '/wps/promotion/count', { token: member.token });
    const list = await callApi(app, 'GET', '/wps/promotion/list', { token: member.token });
    const actionable = list.body.value.list.filter((card: { status: string }) =>
      ['Join', 'Claim'].includes(card.status),
    );
    expect(count.body.value.count).toBe(actionable.length);
  });

  it('a promotion limited to member labels or a VIP rank is offered and given only to members who have them', async () => {
    const { app, database } = context;
    const { db } = database;
    const admin = await operatorToken(app, db, 'promoadmintarget', 'admin');
    const labelled = await fundedMember(app, db, 0, 'plabel');
    const other = await fundedMember(app, db, 0, 'pother');
    const label = await callApi(app, 'POST', '/admin/member-labels', {
      token: admin,
      body: { name: 'High roller' },
    });
    expect(label.status).toBe(200);
    const labelled1 = await callApi(app, 'POST', '/admin/members/labels', {
      token: admin,
      body: { memberId: labelled.id.toString(), labelId: label.body.value.id, present: true },
    });
    expect(labelled1.status).toBe(200);

    const byLabel = await createPromotion(admin, {
      takeMode: 'claim',
      qualifier: { memberLabels: ['high roller'] },
    });
    expect((await statusOf(byLabel)).status).toBe('Claim');
    expect(await statusOf(byLabel, other.token)).toMatchObject({ status: 'Close', action: null });
    expect(await statusOf(byLabel, labelled.token)).toMatchObject({
      status: 'Claim',
      action: 'claim',
    });
    const outside = await callApi(app, 'POST', '/wps/promotion/claim', {
      token: other.token,
      body: { id: byLabel },
    });
    expect(outside.body.errorCode).toBe('PROMOTION_NOT_ELIGIBLE');
    const inside = await callApi(app, 'POST', '/wps/promotion/claim', {
      token: labelled.token,
      body: { id: byLabel },
    });
    expect(inside.body.value).toEqual({ status: 'Claimed', rewardAmount: 10 });

    await seedVipRanks(db, BASE_MERCHANT_CODE, {
      windowDays: 7,
      ranks: [
        {
          rankLevel: 3,
          name: 'Gold',
          color: '#ffffff',
          color2: '#d4a017',
          minTurnoverMinor: 1_000_000n,
          minDepositMinor: 0n,
        },
      ],
    });
    const byRank = await createPromotion(admin, { category: 'vip', qualifier: { vipRankMin: 3 } });
    const applyByRank = await createPromotion(admin, {
      category: 'vip',
      takeMode: 'apply',
      qualifier: { vipRankMin: 3 },
    });
    expect((await statusOf(byRank, other.token)).status).toBe('Close');
    const early = await callApi(app, 'POST', '/wps/promotion/join', {
      token: other.token,
      body: { id: byRank },
    });
    expect(early.body.errorCode).toBe('PROMOTION_NOT_ELIGIBLE');
    const earlyApply = await callApi(app, 'POST', '/wps/promotion/apply', {
      token: other.token,
      body: { id: applyByRank, comment: 'me', images: [] },
    });
    expect(earlyApply.body.errorCode).toBe('PROMOTION_NOT_ELIGIBLE');

    await append([settledEvent(other.id, 'vip-rank-1', 2_000_000n)]);
    await createServices(db).events.runAll();
    expect(await statusOf(byRank, other.token)).toMatchObject({ status: 'Join', action: 'join' });
    const joined = await callApi(app, 'POST', '/wps/promotion/join', {
      token: other.token,
      body: { id: byRank },
    });
    expect(joined.body.value.status).toBe('Joined');
  });

  it('an activity application with two images is approved (reward issued) or rejected with a reason', async () => {
    const { app, database } = context;
    const admin = await operatorToken(app, database.db, 'promoadmin3', 'admin');
    const support = await operatorToken(app, database.db, 'promosupport', 'support');
    const id = await createPromotion(admin, {
      category: 'other',
      takeMode: 'apply',
      reward: { kind: 'cash_fixed', amount: 30 },
    });
    const applicant = await fundedMember(app, database.db, 0, 'apply');
    const applied = await callApi(app, 'POST', '/wps/promotion/apply', {
      token: applicant.token,
      body: { id, comment: 'I shared the post', images: [png(40, 30), png(20, 20)] },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.value.status).toBe('Applying');
    const twice = await callApi(app, 'POST', '/wps/promotion/apply', {
      token: applicant.token,
      body: { id, comment: 'again', images: [] },
    });
    expect(twice.body.errorCode).toBe('PROMOTION_APPLICATION_PENDING');
    const renamedText = Buffer.from('not an image at all, just text').toString('base64');
    const bad = await callApi(app, 'POST', '/wps/promotion/apply', {
      token: (await fundedMember(app, database.db, 0, 'badimg')).token,
      body: { id, comment: 'x', images: [renamedText] },
    });
    expect(bad.body.errorCode).toBe('PROMOTION_IMAGE_INVALID');

    const queue = await callApi(app, 'GET', '/admin/promotions/applications?status=pending', {
      token: support,
    });
    const application = queue.body.value.items.find(
      (item: { id: string }) => item.id === applied.body.value.applicationId,
    );
    expect(application).toMatchObject({
      comment: 'I shared the post',
      account: applicant.username,
    });
    expect(application.imageIds).toHaveLength(2);
    const image = await callApi(
      app,
      'GET',
      `/admin/promotions/applications/image?id=${application.imageIds[0]}`,
      { token: support },
    );
    expect(image.body.value.contentType).toBe('image/png');

    const approved = await callApi(app, 'POST', '/admin/promotions/applications/decide', {
      token: support,
      body: { id: application.id, decision: 'approve' },
    });
    expect(approved.body.value.status).toBe('approved');
    expect(await balanceOf(app, applicant.token)).toBe(30);
    expect((await statusOf(id, applicant.token)).status).toBe('Issued');
    const decidedAgain = await callApi(app, 'POST', '/admin/promotions/applications/decide', {
      token: support,
      body: { id: application.id, decision: 'approve' },
    });
    expect(decidedAgain.body.errorCode).toBe('PROMOTION_APPLICATION_NOT_PENDING');

    const other = await fundedMember(app, database.db, 0, 'reject');
    const second = await callApi(app, 'POST', '/wps/promotion/apply', {
      token: other.token,
      body: { id, comment: 'please', images: [] },
    });
    await callApi(app, 'POST', '/admin/promotions/applications/decide', {
      token: support,
      body: {
        id: second.body.value.applicationId,
        decision: 'reject',
        reason: 'The post is not public',
      },
    });
    expect(await statusOf(id, other.token)).toMatchObject({
      status: 'Rejected',
      rejectReason: 'The post is not public',
      action: 'apply',
    });
  });

  it('a raffle gives tickets from settled rounds, draws provably at its time and the winner claims once', async () => {
    const { app, database } = context;
    const admin = await operatorToken(app, database.db, 'promoadmin4', 'admin');
    const now = Date.now();
    const id = await createPromotion(admin, {
      category: 'raffle',
      takeMode: 'join',
      endsAtMs: now + HOUR_MS,
      reward: {
        kind: 'raffle',
        ticketEveryAmount: 100,
        prizes: [70, 20],
        drawAtMs: now + 2 * HOUR_MS,
      },
    });
    const alice = await fundedMember(app, database.db, 0, 'alice');
    const bob = await fundedMember(app, database.db, 0, 'bob');
    const carol = await fundedMember(app, database.db, 0, 'carol');
    for (const member of [alice, bob]) {
      const joined = await callApi(app, 'POST', '/wps/promotion/join', {
        token: member.token,
        body: { id },
      });
      expect(joined.body.value.status).toBe('Joined');
    }
    const { port } = fakeBonusEngine();
    await append([
      settledEvent(alice.id, 'r1', 25_000n),
      settledEvent(alice.id, 'r2', 5_000n),
      settledEvent(bob.id, 'r3', 10_000n),
      settledEvent(carol.id, 'r4', 90_000n),
    ]);
    await runConsumers(port);
    const before = await statusOf(id, alice.token);
    expect(before.raffle).toMatchObject({ myTickets: 3, drawn: false, seed: null });
    expect(before.status).toBe('Process');
    expect((await statusOf(id, carol.token)).raffle.myTickets).toBe(0);
    const early = await callApi(app, 'POST', '/wps/relay/MCS2_claimRafflePromotion', {
      token: alice.token,
      body: { promotionId: id },
    });
    expect(early.body.errorCode).toBe('RAFFLE_NOT_DRAWN');

    await sql`UPDATE promotions SET raffle_draw_at = now() - interval '1 minute' WHERE id = ${id}::bigint`.execute(
      database.db,
    );
    const drawer = promotionsWith(port).raffles;
    expect(await drawer.drawDue()).toBe(1);
    expect(await drawer.drawDue()).toBe(0);
    const after = await statusOf(id);
    expect(after.raffle.drawn).toBe(true);
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(after.raffle.seed).digest('hex')).toBe(
      before.raffle.seedHash,
    );
    const recomputed = drawRaffle(
      after.raffle.seed,
      BigInt(id),
      [
        { memberId: alice.id, tickets: 3 },
        { memberId: bob.id, tickets: 1 },
      ],
      [7_000n, 2_000n],
    );
    expect(after.raffle.winners.map((winner: { ticketNo: number }) => winner.ticketNo)).toEqual(
      recomputed.map((winner) => winner.ticketNo),
    );
    const first = recomputed[0];
    const winner = first?.memberId === alice.id ? alice : bob;
    expect((await statusOf(id, winner.token)).status).toBe('Claim');
    const claim = await callApi(app, 'POST', '/wps/relay/MCS2_claimRafflePromotion', {
      token: winner.token,
      body: { promotionId: id },
    });
    expect(claim.body.value).toEqual({ prize: 70, status: 'Claimed', replayed: false });
    const replay = await callApi(app, 'POST', '/wps/relay/MCS2_claimRafflePromotion', {
      token: winner.token,
      body: { promotionId: id },
    });
    expect(replay.body.value).toEqual({ prize: 70, status: 'Claimed', replayed: true });
    expect(await balanceOf(app, winner.token)).toBe(70);
    const loser = await callApi(app, 'POST', '/wps/relay/MCS2_claimRafflePromotion', {
      token: carol.token,
      body: { promotionId: id },
    });
    expect(loser.body.errorCode).toBe('RAFFLE_NOT_WINNER');
  });

  it('pausing and ending close the promotion; operators without the permission are refused', async () => {
    const { app, database } = context;
    const admin = await operatorToken(app, database.db, 'promoadmin5', 'admin');
    const finance = await operatorToken(app, database.db, 'promofinance', 'finance');
    const id = await createPromotion(admin, {});
    const paused = await callApi(app, 'POST', '/admin/promotions/state', {
      token: admin,
      body: { id, state: 'paused' },
    });
    expect(paused.body.value.state).toBe('paused');
    expect((await statusOf(id)).status).toBe('Close');
    const refused = await callApi(app, 'POST', '/admin/promotions/state', {
      token: finance,
      body: { id, state: 'active' },
    });
    expect(refused.status).toBe(403);
    const invalid = await callApi(app, 'POST', '/admin/promotions', {
      token: admin,
      body: promotionBody({ endsAtMs: Date.now() - 2 * HOUR_MS }),
    });
    expect(invalid.body.errorCode).toBe('PROMOTION_INVALID');
    const report = await callApi(app, 'GET', `/admin/promotions/report?id=${id}`, {
      token: finance,
    });
    expect(report.body.value).toMatchObject({ participants: 0, bonusConvertedAmount: 0 });
  });
});
