import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backdateContracts,
  cashBalance,
  contractTransfers,
  dailyTerms,
  enableContractSwitches,
  settleRounds,
  type TreeMember,
  treeMember,
  utcDay,
} from '../../../test/agent-contracts/agent-contract-helpers.js';
import { eventsOf } from '../../../test/event-helpers.js';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { callApi } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { buildApp } from '../../app.js';
import { createServices, type Services } from '../../services.js';

const DAILY = '/wps/relay/MCS2_processDailySalContract';
const DIVIDEND = '/wps/relay/MCS2_processDividendReq';

describe('agent contracts: offers, answers and settlement', () => {
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

  /** A top agent with a house contract, a downline agent, its downline agent and a player. */
  async function tree(kind: 'daily' | 'dividend' = 'daily', houseTerms?: object) {
    const { db } = database;
    const top = await treeMember(app, db, 1);
    const mid = await treeMember(app, db, 1, top);
    const low = await treeMember(app, db, 1, mid);
    const player = await treeMember(app, db, 0, low);
    const terms = houseTerms ?? dailyTerms([0, 1], [1_000, 2]);
    await db.transaction().execute((trx) =>
      services.agentContracts.contracts.setHouseContract(trx, {
        merchantCode: BASE_MERCHANT_CODE,
        memberId: top.id,
        kind,
        terms: terms as never,
      }),
    );
    return { top, mid, low, player };
  }

  const act = (path: string, who: TreeMember, body: object) =>
    callApi(app, 'POST', path, { token: who.token, body });

  it('lets an upline offer to a direct downline agent only, within its own rates', async () => {
    const { top, mid, low, player } = await tree();
    const above = await act(DAILY, top, {
      action: 'Offer',
      downline: mid.username,
      terms: dailyTerms([0, 1.5]),
    });
    expect(above.body.errorCode).toBe('AGENT_CONTRACT_RATE_ABOVE_UPLINE');
    // Not a direct downline, not an agent, nobody: the same answer as a contract that is not there.
    for (const downline of [low.username, player.username, 'nobody-here']) {
      const refused = await act(DAILY, top, {
        action: 'Offer',
        downline,
        terms: dailyTerms([0, 1]),
      });
      expect(refused.status, downline).toBe(404);
      expect(refused.body.errorCode).toBe('AGENT_CONTRACT_NOT_FOUND');
    }
    // The downline has no contract of its own yet: it cannot offer one.
    const noOwn = await act(DAILY, mid, {
      action: 'Offer',
      downline: low.username,
      terms: dailyTerms([0, 1]),
    });
    expect(noOwn.body.errorCode).toBe('AGENT_CONTRACT_UPLINE_HAS_NONE');

    const offered = await act(DAILY, top, {
      action: 'Offer',
      downline: mid.username,
      terms: dailyTerms([0, 1], [1_000, 2]),
    });
    expect(offered.status).toBe(200);
    expect(offered.body.value).toMatchObject({
      status: 'Offered',
      role: 'upline',
      downline: mid.username,
    });
    const again = await act(DAILY, top, {
      action: 'Offer',
      downline: mid.username,
      terms: dailyTerms([0, 1]),
    });
    expect(again.body.errorCode).toBe('AGENT_CONTRACT_OFFER_PENDING');
    const contractId = offered.body.value.contractId;
    // The upline cannot accept its own offer; a stranger learns nothing.
    expect((await act(DAILY, top, { action: 'Accept', contractId })).body.errorCode).toBe(
      'AGENT_CONTRACT_ACTION_NOT_ALLOWED',
    );
    const stranger = await treeMember(app, database.db, 1);
    const foreign = await act(DAILY, stranger, { action: 'Accept', contractId });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errorCode).toBe('AGENT_CONTRACT_NOT_FOUND');
    // The right call for the kind: a dividend call does not reach a daily contract.
    expect((await act(DIVIDEND, mid, { action: 'Accept', contractId })).body.errorCode).toBe(
      'AGENT_CONTRACT_NOT_FOUND',
    );

    const accepted = await act(DAILY, mid, { action: 'Accept', contractId });
    expect(accepted.body.value).toMatchObject({
      status: 'Active',
      role: 'downline',
      upline: top.username,
    });
    expect((await eventsOf(database.db, 'agent-contract.offered', mid.id)).length).toBe(1);
    const acceptedEvents = await eventsOf(database.db, 'agent-contract.accepted', top.id);
    expect(acceptedEvents.map((event) => event.payload.contractId)).toContain(contractId);

    // Termination: one side asks, the other answers.
    const asked = await act(DAILY, mid, { action: 'Terminate', contractId });
    expect(asked.body.value.terminationRequestedBy).toBe('me');
    expect((await act(DAILY, mid, { action: 'Accept', contractId })).body.errorCode).toBe(
      'AGENT_CONTRACT_ACTION_NOT_ALLOWED',
    );
    const kept = await act(DAILY, top, { action: 'Reject', contractId });
    expect(kept.body.value).toMatchObject({ status: 'Active', terminationRequestedBy: null });
    await act(DAILY, top, { action: 'Terminate', contractId });
    const ended = await act(DAILY, mid, { action: 'Accept', contractId });
    expect(ended.body.value.status).toBe('Terminated');
    expect((await eventsOf(database.db, 'agent-contract.terminated', top.id)).length).toBe(1);

    const history = await callApi(
      app,
      'GET',
      `/wps/agent/contracts/history?contractId=${contractId}`,
      {
        token: mid.token,
      },
    );
    expect(history.body.value.list.map((line: { action: string }) => line.action)).toEqual([
      'offered',
      'accepted',
      'termination-requested',
      'termination-rejected',
      'termination-requested',
      'termination-accepted',
    ]);
    const strangerHistory = await callApi(
      app,
      'GET',
      `/wps/agent/contracts/history?contractId=${contractId}`,
      {
        token: stranger.token,
      },
    );
    expect(strangerHistory.body.errorCode).toBe('AGENT_CONTRACT_NOT_FOUND');
  });

  it('ends the downline contracts a lower new contract no longer covers', async () => {
    const { top, mid, low } = await tree();
    const first = await act(DAILY, top, {
      action: 'Offer',
      downline: mid.username,
      terms: dailyTerms([0, 1]),
    });
    await act(DAILY, mid, { action: 'Accept', contractId: first.body.value.contractId });
    const given = await act(DAILY, mid, {
      action: 'Offer',
      downline: low.username,
      terms: dailyTerms([0, 0.8]),
    });
    await act(DAILY, low, { action: 'Accept', contractId: given.body.value.contractId });

    const lower = await act(DAILY, top, {
      action: 'Offer',
      downline: mid.username,
      terms: dailyTerms([0, 0.5]),
    });
    await act(DAILY, mid, { action: 'Accept', contractId: lower.body.value.contractId });
    const mine = await callApi(app, 'GET', '/wps/agent/contracts?kind=daily', { token: mid.token });
    expect(mine.body.value.own).toHaveLength(1);
    expect(mine.body.value.own[0].contractId).toBe(lower.body.value.contractId);
    expect(mine.body.value.downline[0]).toMatchObject({
      status: 'Terminated',
      downline: low.username,
    });
    const firstPage = await callApi(app, 'GET', '/wps/agent/contracts?kind=daily&limit=1', {
      token: top.token,
    });
    expect(firstPage.body.value.downline).toHaveLength(1);
    const nextPage = await callApi(
      app,
      'GET',
      `/wps/agent/contracts?kind=daily&limit=1&cursor=${firstPage.body.value.nextCursor}`,
      { token: top.token },
    );
    expect(nextPage.status).toBe(200);
    expect(nextPage.body.value.downline[0].contractId).not.toBe(
      firstPage.body.value.downline[0].contractId,
    );
  });

  it('pays each agent from its upline down the tree, once per contract and day', async () => {
    const { db } = database;
    const { top, mid, low, player } = await tree();
    const toMid = await act(DAILY, top, {
      action: 'Offer',
      downline: mid.username,
      terms: dailyTerms([0, 1]),
    });
    await act(DAILY, mid, { action: 'Accept', contractId: toMid.body.value.contractId });
    const toLow = await act(DAILY, mid, {
      action: 'Offer',
      downline: low.username,
      terms: dailyTerms([0, 0.5]),
    });
    await act(DAILY, low, { action: 'Accept', contractId: toLow.body.value.contractId });
    await backdateContracts(db, 3);
    // Yesterday the player staked 2,000.00 in total and won 500.00 of it back.
    await settleRounds(db, player, [
      { stakeMinor: 150_000n, winMinor: 50_000n, settledAt: utcDay(1, 10) },
      { stakeMinor: 50_000n, winMinor: 0n, settledAt: utcDay(1, 15) },
    ]);
    await services.events.runAll();

    // Two instances settle at once: each period is paid by one of them.
    const [first, second] = await Promise.all([
      services.agentContracts.settlement.settleDue(['daily']),
      services.agentContracts.settlement.settleDue(['daily']),
    ]);
    expect(first.failed + second.failed).toBe(0);
    const paidTransfers = await contractTransfers(db);
    expect(paidTransfers).toHaveLength(3);
    // Team valid bet 200,000 minor at every level: top 2 % (tier from 1,000.00), mid 1 %, low 0.5 %.
    expect(await cashBalance(db, top.id)).toBe(4_000n - 2_000n);
    expect(await cashBalance(db, mid.id)).toBe(2_000n - 1_000n);
    expect(await cashBalance(db, low.id)).toBe(1_000n);

    // A rerun pays nothing again.
    const rerun = await services.agentContracts.settlement.settleDue(['daily']);
    expect(rerun.paid).toBe(0);
    expect(await contractTransfers(db)).toEqual(paidTransfers);
    expect(await cashBalance(db, low.id)).toBe(1_000n);
    expect(await services.ledger.reconcile()).toEqual([]);

    const history = await callApi(app, 'GET', '/wps/agent/contracts/settlements?kind=daily', {
      token: mid.token,
    });
    const paidRows = history.body.value.items.filter(
      (row: { status: string }) => row.status === 'paid',
    );
    // Paging by key: one row a page walks the same rows in the same order, none twice.
    const walked: unknown[] = [];
    let cursor: string | null = null;
    do {
      const search: string = cursor ? `&cursor=${cursor}` : '';
      const page = await callApi(
        app,
        'GET',
        `/wps/agent/contracts/settlements?kind=daily&limit=1${search}`,
        { token: mid.token },
      );
      expect(page.status).toBe(200);
      expect(page.body.value.items.length).toBeLessThanOrEqual(1);
      walked.push(...page.body.value.items);
      cursor = page.body.value.nextCursor;
    } while (cursor !== null);
    expect(walked).toEqual(history.body.value.items);
    expect(paidRows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ direction: 'received', amount: 20, validBet: 2_000, rate: 1 }),
        expect.objectContaining({
          direction: 'paid',
          counterparty: low.username,
          amount: 10,
          rate: 0.5,
        }),
      ]),
    );
    const from = utcDay(0).toISOString().slice(0, 10);
    const income = await callApi(
      app,
      'GET',
      `/wps/agent/agentRevenueReport?from=${from}&to=${from}`,
      {
        token: mid.token,
      },
    );
    expect(income.body.value.total).toEqual({
      salary: 20,
      dividend: 0,
      commission: 0,
      paidToDownline: 10,
      net: 10,
    });
    // The account record lists the payment as salary.
    const record = await callApi(app, 'GET', '/wps/member/transactions?type=salary', {
      token: low.token,
    });
    expect(record.status).toBe(200);
    expect(record.body.value.list).toHaveLength(1);

    const funds = await callApi(app, 'GET', '/wps/member/info/funds/consolidated', {
      token: low.token,
    });
    expect(funds.body.value.contracts).toEqual({
      dailySalary: true,
      hourlySalary: false,
      dividend: false,
      realTimeSalary: false,
      commission: false,
    });
  });

  it('carries a negative dividend period over until the team earns it back', async () => {
    const { db } = database;
    const { top, player } = await tree('dividend', {
      period: 'Daily',
      tiers: [{ validBet: 0, profitLoss: 0, activeMembers: 1, rate: 10 }],
    });
    await backdateContracts(db, 4);
    // Three days ago the players won 300.00; two days ago they lost 200.00; yesterday 500.00.
    await settleRounds(db, player, [
      { stakeMinor: 10_000n, winMinor: 40_000n, settledAt: utcDay(3) },
      { stakeMinor: 20_000n, winMinor: 0n, settledAt: utcDay(2) },
      { stakeMinor: 50_000n, winMinor: 0n, settledAt: utcDay(1) },
    ]);
    await services.events.runAll();
    await services.agentContracts.settlement.settleDue(['dividend']);
    const rows = await sql<{
      status: string;
      carry_in_minor: bigint;
      carry_out_minor: bigint;
      amount_minor: bigint;
    }>`
      SELECT s.status, s.carry_in_minor, s.carry_out_minor, s.amount_minor FROM agent_contract_settlements s
      JOIN agent_contracts c ON c.id = s.contract_id
      WHERE c.member_id = ${top.id.toString()}::bigint AND s.period_start >= ${utcDay(3, 0)}
      ORDER BY s.period_start
    `.execute(db);
    expect(rows.rows).toEqual([
      { status: 'carried', carry_in_minor: 0n, carry_out_minor: -30_000n, amount_minor: 0n },
      { status: 'carried', carry_in_minor: -30_000n, carry_out_minor: -10_000n, amount_minor: 0n },
      { status: 'paid', carry_in_minor: -10_000n, carry_out_minor: 0n, amount_minor: 4_000n },
    ]);
    expect(await cashBalance(db, top.id)).toBe(4_000n);
  });

  it('describes the contract calls in OpenAPI', async () => {
    const document = (await app.inject('/docs/json')).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        DIVIDEND,
        DAILY,
        '/wps/relay/MCS2_processContractHourSalary',
        '/wps/relay/MCSFE_processRealTimeSalaryContract',
        '/wps/agent/contracts',
        '/wps/agent/contracts/history',
        '/wps/agent/contracts/settlements',
        '/wps/agent/agentRevenueReport',
      ]),
    );
  });
});
