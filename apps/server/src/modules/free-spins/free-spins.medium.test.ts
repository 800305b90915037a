import { BUILTIN_VASSALAGE, builtinGameCodes } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { fundedMember, PAYMENT_PASSWORD } from '../../../test/money-helpers.js';
import { availableMinor, launchToken, memberWithSession } from '../../../test/seamless-helpers.js';
import { callApi, useTestApp } from '../../../test/test-app.js';
import { createServices } from '../../services.js';
import { createCatalogueWriter } from '../games/index.js';
import { createLedgerService } from '../ledger/index.js';
import { creditPointsWithin, seedPoints } from '../points/index.js';

const JADE = builtinGameCodes.jadeDragon;
/** Jade Dragon plays 20 lines: 0.05 a line is a stake of 1.00. */
const BET_PER_LINE_MINOR = 5n;
const WAGERING_MULTIPLE = 3;

describe('free spins on a built-in slot', () => {
  const context = useTestApp();
  let nodeId = 0n;
  let keyCounter = 0;

  beforeAll(async () => {
    nodeId = BigInt(
      await createCatalogueWriter(context.database.db).ensureGame({
        merchantCode: BASE_MERCHANT_CODE,
        vassalage: BUILTIN_VASSALAGE,
        gameCode: JADE,
        gameType: 'RNG',
        iconUrl: '/icons/test.svg',
        texts: { EN: { name: JADE }, VI: { name: JADE } },
      }),
    );
  });

  const post = (path: string, body: unknown) =>
    callApi(context.app, 'POST', `/wps/builtin${path}`, { body });

  /** A funded member with an open Jade Dragon game session. */
  async function player() {
    const { memberId, token } = await memberWithSession(context.database.db, 100_000n);
    const launch = await launchToken(context.app, token, { nodeId, vassalage: BUILTIN_VASSALAGE });
    const opened = await post('/session/open', { launchToken: launch });
    expect(opened.status).toBe(200);
    return { memberId, gameSession: opened.body.value.gameSession as string };
  }

  async function grant(memberId: bigint, spins: number, expiresAtMs = Date.now() + 3_600_000) {
    keyCounter += 1;
    const { freeSpins } = createServices(context.database.db);
    return context.database.db.transaction().execute((trx) =>
      freeSpins.grantWithin(trx, {
        merchantCode: BASE_MERCHANT_CODE,
        memberId,
        currency: 'VND',
        gameCode: JADE,
        spins,
        betPerLineMinor: BET_PER_LINE_MINOR,
        wageringMultiple: WAGERING_MULTIPLE,
        expiresAtMs,
        source: { kind: 'operator', refId: `test-${keyCounter}` },
        idempotencyKey: `test-grant-${keyCounter}`,
      }),
    );
  }

  const spin = (gameSession: string, grantId: string, clientRoundId: string) =>
    post('/free-spins/play', { gameSession, grantId, clientRoundId });

  async function bonusWalletMinor(memberId: bigint): Promise<bigint> {
    const balances = await createLedgerService(context.database.db).memberAvailableBalances(
      memberId,
    );
    return balances.find((b) => b.asset === 'cash' && b.wallet === 'bonus')?.availableMinor ?? 0n;
  }

  it('plays spins without taking cash, wins go to the bonus wallet, a retry replays', async () => {
    const { db } = context.database;
    const { memberId, gameSession } = await player();
    const { grantId } = await grant(memberId, 5);
    const listed = await post('/free-spins', { gameSession });
    expect(listed.status).toBe(200);
    expect(listed.body.value.list).toEqual([
      expect.objectContaining({ grantId, spinsTotal: 5, spinsLeft: 5, betPerLine: 0.05, won: 0 }),
    ]);

    const cashBefore = await availableMinor(db, memberId);
    let wonMinor = 0n;
    for (let i = 1; i <= 5; i++) {
      const answer = await spin(gameSession, grantId, `spin-${i}`);
      expect(answer.status).toBe(200);
      const { round, grant: after, bonusId } = answer.body.value;
      expect(round.stake).toBe(1);
      expect(after.spinsLeft).toBe(5 - i);
      const payoutMinor = BigInt(Math.round(round.payout * 100));
      expect(bonusId === null).toBe(payoutMinor === 0n);
      wonMinor += payoutMinor;
    }
    expect(await availableMinor(db, memberId)).toBe(cashBefore);
    expect(await bonusWalletMinor(memberId)).toBe(wonMinor);

    // The same client round id answers the same spin and plays nothing more.
    const again = await spin(gameSession, grantId, 'spin-3');
    expect(again.status).toBe(200);
    expect(again.body.value.grant.spinsLeft).toBe(0);
    const sixth = await spin(gameSession, grantId, 'spin-6');
    expect(sixth.body.errorCode).toBe('FREE_SPINS_USED_UP');
    expect((await post('/free-spins', { gameSession })).body.value.list).toEqual([]);
    expect(await createServices(db).ledger.reconcile()).toEqual([]);
  });

  it('never plays more spins than granted under concurrent requests', async () => {
    const { memberId, gameSession } = await player();
    const { grantId } = await grant(memberId, 3);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => spin(gameSession, grantId, `race-${i}`)),
    );
    const played = answers.filter((answer) => answer.status === 200);
    expect(played).toHaveLength(3);
    expect(answers.filter((answer) => answer.body.errorCode === 'FREE_SPINS_USED_UP')).toHaveLength(
      5,
    );
    const roundIds = new Set(played.map((answer) => answer.body.value.round.roundId));
    expect(roundIds.size).toBe(3);
  });

  it('delivers a point-mall free-spins reward as a grant the slot lists', async () => {
    const { db } = context.database;
    await seedPoints(db, BASE_MERCHANT_CODE, {
      rules: [],
      settings: {
        convertEnabled: false,
        convertPointsStep: 100n,
        convertCashMinor: 100n,
        convertMinPoints: 100n,
      },
      rewards: [
        {
          type: 'free_spins',
          name: 'Ten spins',
          description: '',
          imageUrl: null,
          pointsCost: 50n,
          amountMinor: 0n,
          stock: null,
          needsApproval: false,
          maxPerRedemption: 2,
          active: true,
          sortOrder: 1,
          wageringMultiple: 4,
          freeSpins: { gameCode: JADE, spins: 10, betPerLineMinor: BET_PER_LINE_MINOR },
        },
      ],
    });
    const member = await fundedMember(context.app, db, 0, 'spins');
    await db.transaction().execute((trx) =>
      creditPointsWithin(trx, {
        merchantCode: BASE_MERCHANT_CODE,
        memberId: Number(member.id),
        points: 100n,
        reason: 'operator',
        remark: 'test',
        idempotencyKey: `spins-${member.id}`,
      }),
    );
    const rewards = await callApi(context.app, 'GET', '/wps/relay/MCS2_getPointReward', {
      token: member.token,
    });
    const rewardId = rewards.body.value.list[0].id as string;
    const redeemed = await callApi(
      context.app,
      'POST',
      '/wps/relay/passwordCheck/MCS2_redeemPointReward',
      {
        token: member.token,
        body: { rewardId, quantity: 2, paymentPassword: PAYMENT_PASSWORD },
      },
    );
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.value.status).toBe('Approved');
    const launch = await launchToken(context.app, member.token, {
      nodeId,
      vassalage: BUILTIN_VASSALAGE,
    });
    const opened = await post('/session/open', { launchToken: launch });
    const listed = await post('/free-spins', { gameSession: opened.body.value.gameSession });
    expect(listed.body.value.list).toEqual([
      expect.objectContaining({ spinsTotal: 20, spinsLeft: 20, wageringMultiple: 4 }),
    ]);
  });

  it('refuses expired spins and another member’s grant', async () => {
    const { memberId, gameSession } = await player();
    const expired = await grant(memberId, 2, Date.now() - 1_000);
    expect((await post('/free-spins', { gameSession })).body.value.list).toEqual([]);
    const late = await spin(gameSession, expired.grantId, 'late-1');
    expect(late.status).toBe(409);
    expect(late.body.errorCode).toBe('FREE_SPINS_EXPIRED');

    const other = await player();
    const theirs = await grant(other.memberId, 2);
    const stolen = await spin(gameSession, theirs.grantId, 'stolen-1');
    expect(stolen.status).toBe(404);
    expect(stolen.body.errorCode).toBe('FREE_SPINS_NOT_FOUND');
  });
});
