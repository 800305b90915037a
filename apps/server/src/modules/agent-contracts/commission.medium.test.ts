import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cashBalance,
  contractTransfers,
  enableContractSwitches,
  settleRounds,
  type TreeMember,
  treeMember,
} from '../../../test/agent-contracts/agent-contract-helpers.js';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { callApi } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { buildApp } from '../../app.js';
import { createServices, type Services } from '../../services.js';
import { periodStartOf } from './periods.js';

const COMMISSION = '/wps/relay/MCS2_processCommissionContract';
const DAY_MS = 86_400_000;

/** Commission terms from [valid bet, rate, lottery rate] tiers. */
const commissionTerms = (...tiers: Array<[number, number, number]>) => ({
  tiers: tiers.map(([validBet, rate, lottery]) => ({
    validBet,
    rate,
    categoryRates: { LOTT: lottery },
  })),
});

describe('commission contracts: a rate on the team valid bet of the week', () => {
  let database: TestDatabase;
  let services: Services;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    await enableContractSwitches(database.db);
    services = createServices(database.db);
    app = await buildApp({ db: database.db, services });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const act = (who: TreeMember, body: object) =>
    callApi(app, 'POST', COMMISSION, { token: who.token, body });

  async function offerAndAccept(upline: TreeMember, downline: TreeMember, terms: object) {
    const offered = await act(upline, { action: 'Offer', downline: downline.username, terms });
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    const accepted = await act(downline, {
      action: 'Accept',
      contractId: offered.body.value.contractId,
    });
    expect(accepted.body.value.status).toBe('Active');
  }

  it('pays each level its rate less its downline’s, per category and tier, once', async () => {
    const { db } = database;
    const top = await treeMember(app, db, 1);
    const mid = await treeMember(app, db, 1, top);
    const low = await treeMember(app, db, 1, mid);
    const player = await treeMember(app, db, 0, low);
    await db.transaction().execute((trx) =>
      services.agentContracts.contracts.setHouseContract(trx, {
        merchantCode: BASE_MERCHANT_CODE,
        memberId: top.id,
        kind: 'commission',
        terms: commissionTerms([0, 1, 0.5], [5_000, 1.5, 0.8]),
      }),
    );

    // Above the upline's base rate, or above its lottery rate: refused, and nothing is offered.
    for (const terms of [
      commissionTerms([0, 1.2, 0.4]),
      commissionTerms([0, 0.8, 0.6]),
      commissionTerms([0, 0.8, 0.4], [4_000, 1.2, 0.6]),
    ]) {
      const above = await act(top, { action: 'Offer', downline: mid.username, terms });
      expect(above.body.errorCode, JSON.stringify(terms)).toBe('AGENT_CONTRACT_RATE_ABOVE_UPLINE');
    }
    // A rate past the commission cap is invalid input.
    const tooHigh = await act(top, {
      action: 'Offer',
      downline: mid.username,
      terms: commissionTerms([0, 11, 0.4]),
    });
    expect(tooHigh.status).toBe(400);
    // An agent without a commission contract cannot offer one.
    const none = await act(mid, {
      action: 'Offer',
      downline: low.username,
      terms: commissionTerms([0, 0.1, 0.1]),
    });
    expect(none.body.errorCode).toBe('AGENT_CONTRACT_UPLINE_HAS_NONE');

    await offerAndAccept(top, mid, commissionTerms([0, 0.8, 0.4], [5_000, 1.2, 0.6]));
    await offerAndAccept(mid, low, commissionTerms([0, 0.5, 0.2]));

    // Accepted two weeks ago; last week the player bet 4,000.00 on in-house games and 2,000.00
    // on the lottery: 6,000.00 reaches the 5,000.00 tier for top and mid.
    const lastWeek = new Date(periodStartOf('weekly', new Date()).getTime() - 7 * DAY_MS);
    await sql`
      UPDATE agent_contracts SET decided_at = ${new Date(lastWeek.getTime() - 7 * DAY_MS)},
        offered_at = ${new Date(lastWeek.getTime() - 7 * DAY_MS)}
      WHERE kind = 'commission'
    `.execute(db);
    await settleRounds(db, player, [
      {
        stakeMinor: 250_000n,
        winMinor: 300_000n,
        settledAt: new Date(lastWeek.getTime() + DAY_MS),
      },
      { stakeMinor: 150_000n, winMinor: 0n, settledAt: new Date(lastWeek.getTime() + 2 * DAY_MS) },
      {
        stakeMinor: 200_000n,
        winMinor: 0n,
        settledAt: new Date(lastWeek.getTime() + 3 * DAY_MS),
        gameCategory: 'LOTT',
      },
    ]);
    await services.events.runAll();

    // Two instances settle at once: each period is paid by one of them.
    const [first, second] = await Promise.all([
      services.agentContracts.settlement.settleDue(['commission']),
      services.agentContracts.settlement.settleDue(['commission']),
    ]);
    expect(first.failed + second.failed).toBe(0);
    const paid = await contractTransfers(db);
    expect(paid.map((transfer) => transfer.code)).toEqual([
      'commission',
      'commission',
      'commission',
    ]);
    // Top: 1.5 % of 4,000.00 + 0.8 % of 2,000.00 = 76.00 from the house, 60.00 to mid.
    // Mid: 1.2 % and 0.6 % = 60.00, 24.00 to low. Low: 0.5 % and 0.2 % = 24.00.
    expect(await cashBalance(db, top.id)).toBe(7_600n - 6_000n);
    expect(await cashBalance(db, mid.id)).toBe(6_000n - 2_400n);
    expect(await cashBalance(db, low.id)).toBe(2_400n);

    // A rerun pays nothing again.
    const rerun = await services.agentContracts.settlement.settleDue(['commission']);
    expect(rerun.paid).toBe(0);
    expect(await contractTransfers(db)).toEqual(paid);
    expect(await services.ledger.reconcile()).toEqual([]);

    const settlements = await callApi(
      app,
      'GET',
      '/wps/agent/contracts/settlements?kind=commission',
      { token: mid.token },
    );
    expect(
      settlements.body.value.items.filter((row: { status: string }) => row.status === 'paid'),
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          direction: 'received',
          kind: 'commission',
          validBet: 6_000,
          rate: 1.2,
          amount: 60,
          periodStart: lastWeek.toISOString(),
        }),
        expect.objectContaining({ direction: 'paid', counterparty: low.username, amount: 24 }),
      ]),
    );
    const today = new Date().toISOString().slice(0, 10);
    const income = await callApi(
      app,
      'GET',
      `/wps/agent/agentRevenueReport?from=${today}&to=${today}`,
      { token: mid.token },
    );
    expect(income.body.value.total).toEqual({
      salary: 0,
      dividend: 0,
      commission: 60,
      paidToDownline: 24,
      net: 36,
    });
    const record = await callApi(app, 'GET', '/wps/member/transactions?type=commission', {
      token: low.token,
    });
    expect(record.status).toBe(200);
    expect(record.body.value.list).toHaveLength(1);
    const funds = await callApi(app, 'GET', '/wps/member/info/funds/consolidated', {
      token: low.token,
    });
    expect(funds.body.value.contracts.commission).toBe(true);
  });

  it('refuses commission calls while the merchant switch is off', async () => {
    const { db } = database;
    const top = await treeMember(app, db, 1);
    const mid = await treeMember(app, db, 1, top);
    await sql`
      UPDATE merchants SET white_label = white_label || '{"commission": false}'::jsonb
      WHERE code = ${BASE_MERCHANT_CODE}
    `.execute(db);
    services.system.forgetMerchants();
    const refused = await act(top, {
      action: 'Offer',
      downline: mid.username,
      terms: commissionTerms([0, 0.1, 0.1]),
    });
    expect(refused.body.errorCode).toBe('AGENT_CONTRACT_KIND_DISABLED');
  });
});
