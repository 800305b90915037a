import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOperator } from '../../../test/admin-helpers.js';
import {
  backdateContracts,
  dailyTerms,
  enableContractSwitches,
  settleRounds,
  type TreeMember,
  treeMember,
  utcDay,
} from '../../../test/agent-contracts/agent-contract-helpers.js';
import { addMerchant } from '../../../test/db-helpers.js';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { callApi } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { buildApp } from '../../app.js';
import { createServices, type Services } from '../../services.js';

const DAY_MS = 86_400_000;
const OTHER_MERCHANT = 'AGOTHER';

describe('operators and contract terms: templates, overrides, house contracts', () => {
  let database: TestDatabase;
  let services: Services;
  let app: FastifyInstance;
  let finance = '';
  let readOnly = '';
  let otherFinance = '';

  async function signIn(username: string, role: 'finance' | 'read-only', merchant: string) {
    const password = await addOperator(database.db, username, role, { merchantCode: merchant });
    const login = await callApi(app, 'POST', '/admin/session/login', {
      merchant,
      body: { username, password },
    });
    expect(login.status).toBe(200);
    return login.body.value.token as string;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    await enableContractSwitches(database.db);
    await addMerchant(database.db, OTHER_MERCHANT);
    services = createServices(database.db);
    app = await buildApp({ db: database.db, services });
    await app.ready();
    finance = await signIn('terms-finance', 'finance', BASE_MERCHANT_CODE);
    readOnly = await signIn('terms-reader', 'read-only', BASE_MERCHANT_CODE);
    otherFinance = await signIn('other-finance', 'finance', OTHER_MERCHANT);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const get = (path: string, token: string, merchant = BASE_MERCHANT_CODE) =>
    callApi(app, 'GET', path, { token, merchant });
  const post = (path: string, token: string, body: object, merchant = BASE_MERCHANT_CODE) =>
    callApi(app, 'POST', path, { token, body, merchant });

  async function houseContract(member: TreeMember, kind: 'daily' | 'hourly', rate: number) {
    await database.db.transaction().execute((trx) =>
      services.agentContracts.contracts.setHouseContract(trx, {
        merchantCode: BASE_MERCHANT_CODE,
        memberId: member.id,
        kind,
        terms: dailyTerms([0, rate]) as never,
      }),
    );
  }

  /** A top agent with a house daily contract (1 %), its downline agent and that agent's player. */
  async function tree() {
    const { db } = database;
    const top = await treeMember(app, db, 1);
    const mid = await treeMember(app, db, 1, top);
    const player = await treeMember(app, db, 0, mid);
    await houseContract(top, 'daily', 1);
    return { top, mid, player };
  }

  async function activeContractId(account: string, kind: string) {
    const listed = await get(
      `/admin/agents/contracts?kind=${kind}&status=Active&account=${account}`,
      readOnly,
    );
    return listed.body.value.items[0]?.contractId as string;
  }

  async function auditActions(subjectType: string, subjectId: string) {
    const result = await sql<{ action: string; operator_role: string }>`
      SELECT action, operator_role FROM audit_log WHERE subject_id = ${subjectId}
        AND subject_type = ${subjectType} ORDER BY id
    `.execute(database.db);
    return result.rows.map((row) => `${row.action}:${row.operator_role}`);
  }

  const offer = (upline: TreeMember, downline: TreeMember, rate: number) =>
    callApi(app, 'POST', '/wps/relay/MCS2_processContractHourSalary', {
      token: upline.token,
      body: { action: 'Offer', downline: downline.username, terms: dailyTerms([0, rate]) },
    });

  it('keeps templates per merchant: offers must be one of the active ones, signed contracts keep their terms', async () => {
    const { top, mid } = await tree();
    await houseContract(top, 'hourly', 1);
    // Without templates of a kind, an upline offers any terms within its own.
    expect((await offer(top, mid, 0.3)).status).toBe(200);

    const refused = await post('/admin/agents/templates', readOnly, {
      kind: 'hourly',
      name: 'Hourly standard',
      terms: dailyTerms([0, 0.6]),
      active: true,
    });
    expect(refused.status).toBe(403);
    const created = await post('/admin/agents/templates', finance, {
      kind: 'hourly',
      name: 'Hourly standard',
      terms: dailyTerms([0, 0.6]),
      active: true,
    });
    expect(created.status).toBe(200);
    const template = created.body.value;
    expect(template).toMatchObject({ kind: 'hourly', active: true, terms: dailyTerms([0, 0.6]) });
    expect(await auditActions('agent-contract-template', template.templateId)).toEqual([
      'agent-contract-template.save:finance',
    ]);
    const wrongShape = await post('/admin/agents/templates', finance, {
      kind: 'realtime',
      name: 'Wrong shape',
      terms: dailyTerms([0, 0.6]),
      active: true,
    });
    expect(wrongShape.body.errorCode).toBe('AGENT_CONTRACT_TERMS_INVALID');
    const sameName = await post('/admin/agents/templates', finance, {
      kind: 'hourly',
      name: 'Hourly standard',
      terms: dailyTerms([0, 0.2]),
      active: true,
    });
    expect(sameName.body.errorCode).toBe('AGENT_CONTRACT_TEMPLATE_NAME_TAKEN');

    const offered = await callApi(app, 'GET', '/wps/agent/contracts/templates?kind=hourly', {
      token: top.token,
    });
    expect(offered.body.value.list).toEqual([
      {
        templateId: template.templateId,
        kind: 'hourly',
        name: 'Hourly standard',
        terms: dailyTerms([0, 0.6]),
      },
    ]);
    // The open offer of 0.3 % is withdrawn so that a new one can be made.
    const open = await callApi(app, 'GET', '/wps/agent/contracts?kind=hourly', {
      token: top.token,
    });
    await callApi(app, 'POST', '/wps/relay/MCS2_processContractHourSalary', {
      token: top.token,
      body: { action: 'Terminate', contractId: open.body.value.downline[0].contractId },
    });
    const free = await offer(top, mid, 0.5);
    expect(free.status).toBe(409);
    expect(free.body.errorCode).toBe('AGENT_CONTRACT_TEMPLATE_REQUIRED');
    const picked = await offer(top, mid, 0.6);
    expect(picked.status).toBe(200);
    const accepted = await callApi(app, 'POST', '/wps/relay/MCS2_processContractHourSalary', {
      token: mid.token,
      body: { action: 'Accept', contractId: picked.body.value.contractId },
    });
    expect(accepted.body.value).toMatchObject({ status: 'Active', terms: dailyTerms([0, 0.6]) });

    const changed = await post('/admin/agents/templates', finance, {
      templateId: template.templateId,
      kind: 'hourly',
      name: 'Hourly reduced',
      terms: dailyTerms([0, 0.4]),
      active: false,
    });
    expect(changed.body.value).toMatchObject({ name: 'Hourly reduced', active: false });
    const signed = await get(
      `/admin/agents/contracts?kind=hourly&status=Active&account=${mid.username}`,
      readOnly,
    );
    expect(signed.body.value.items[0].terms).toEqual(dailyTerms([0, 0.6]));
    const listed = await get('/admin/agents/templates?kind=hourly&active=false', readOnly);
    expect(listed.body.value.items.map((row: { name: string }) => row.name)).toEqual([
      'Hourly reduced',
    ]);
    expect(
      (
        await callApi(app, 'GET', '/wps/agent/contracts/templates?kind=hourly', {
          token: top.token,
        })
      ).body.value.list,
    ).toEqual([]);
  });

  it('overrides an active contract from its next period, with history and audit in one change', async () => {
    const { top, mid, player } = await tree();
    const contractId = await activeContractId(top.username, 'daily');
    const refused = await post('/admin/agents/contracts/override', readOnly, {
      contractId,
      terms: dailyTerms([0, 2]),
      reason: 'volume deal',
    });
    expect(refused.status).toBe(403);
    const overridden = await post('/admin/agents/contracts/override', finance, {
      contractId,
      terms: dailyTerms([0, 2]),
      reason: 'volume deal',
    });
    expect(overridden.status).toBe(200);
    const tomorrow = utcDay(-1, 0);
    expect(overridden.body.value).toMatchObject({
      contractId,
      status: 'Active',
      terms: dailyTerms([0, 2]),
      effectiveFrom: tomorrow.toISOString(),
    });
    expect(await auditActions('agent-contract', contractId)).toEqual([
      'agent-contract.override:finance',
    ]);
    const history = await get(`/admin/agents/contracts/history?contractId=${contractId}`, readOnly);
    expect(history.body.value.list.at(-1)).toMatchObject({
      action: 'operator-override',
      operator: 'terms-finance',
      note: 'volume deal',
      termsBefore: dailyTerms([0, 1]),
      termsAfter: dailyTerms([0, 2]),
      effectiveFrom: tomorrow.toISOString(),
    });

    // The rules of the tree still hold, and a refused override leaves no trace.
    const offered = await callApi(app, 'POST', '/wps/relay/MCS2_processDailySalContract', {
      token: top.token,
      body: { action: 'Offer', downline: mid.username, terms: dailyTerms([0, 0.5]) },
    });
    await callApi(app, 'POST', '/wps/relay/MCS2_processDailySalContract', {
      token: mid.token,
      body: { action: 'Accept', contractId: offered.body.value.contractId },
    });
    const belowDownline = await post('/admin/agents/contracts/override', finance, {
      contractId,
      terms: dailyTerms([0, 0.4]),
      reason: 'cut',
    });
    expect(belowDownline.body.errorCode).toBe('AGENT_CONTRACT_BELOW_DOWNLINE');
    const aboveUpline = await post('/admin/agents/contracts/override', finance, {
      contractId: offered.body.value.contractId,
      terms: dailyTerms([0, 3]),
      reason: 'raise',
    });
    expect(aboveUpline.body.errorCode).toBe('AGENT_CONTRACT_RATE_ABOVE_UPLINE');
    expect(await auditActions('agent-contract', contractId)).toEqual([
      'agent-contract.override:finance',
    ]);

    // Two days later (the override's start moved back by two days): the day before it settles
    // on the old 1 %, the day from it on the new 2 %.
    await backdateContracts(database.db, 4);
    await sql`
      UPDATE agent_contract_history SET effective_from = ${utcDay(1, 0)}
      WHERE contract_id = ${contractId}::bigint AND action = 'operator-override'
    `.execute(database.db);
    await settleRounds(database.db, player, [
      { stakeMinor: 100_000n, winMinor: 0n, settledAt: utcDay(2) },
      { stakeMinor: 100_000n, winMinor: 0n, settledAt: utcDay(1) },
    ]);
    await services.events.runAll();
    await services.agentContracts.settlement.settleDue(['daily']);
    const paid = await sql<{ period_start: Date; amount_minor: bigint; rate_bps: number }>`
      SELECT period_start, amount_minor, rate_bps FROM agent_contract_settlements
      WHERE contract_id = ${contractId}::bigint AND status = 'paid' ORDER BY period_start
    `.execute(database.db);
    expect(paid.rows.map((row) => [row.period_start.getTime(), row.rate_bps])).toEqual([
      [utcDay(2, 0).getTime(), 100],
      [utcDay(1, 0).getTime(), 200],
    ]);
    await expect(services.ledger.reconcile()).resolves.toEqual([]);
  });

  it('pays the period in which a contract replaced another once, by the contract that ended', async () => {
    const { top, player } = await tree();
    await houseContract(top, 'daily', 2);
    // The 1 % contract ran from four days ago until noon two days ago, when the 2 % one
    // replaced it.
    const topId = top.id.toString();
    await sql`
      UPDATE agent_contracts SET offered_at = now() - interval '4 days', decided_at = now() - interval '4 days',
        terminated_at = ${utcDay(2, 12)}
      WHERE member_id = ${topId}::bigint AND kind = 'daily' AND status = 'terminated'
    `.execute(database.db);
    await sql`
      UPDATE agent_contracts SET offered_at = ${utcDay(2, 12)}, decided_at = ${utcDay(2, 12)}
      WHERE member_id = ${topId}::bigint AND kind = 'daily' AND status = 'active'
    `.execute(database.db);
    await settleRounds(database.db, player, [
      { stakeMinor: 100_000n, winMinor: 0n, settledAt: utcDay(2, 18) },
      { stakeMinor: 100_000n, winMinor: 0n, settledAt: utcDay(1) },
    ]);
    await services.events.runAll();
    await services.agentContracts.settlement.settleDue(['daily']);
    const paid = await sql<{ period_start: Date; rate_bps: number }>`
      SELECT period_start, rate_bps FROM agent_contract_settlements
      WHERE member_id = ${topId}::bigint AND status = 'paid' ORDER BY period_start, contract_id
    `.execute(database.db);
    expect(paid.rows.map((row) => [row.period_start.getTime(), row.rate_bps])).toEqual([
      [utcDay(2, 0).getTime(), 100],
      [utcDay(1, 0).getTime(), 200],
    ]);
  });

  it("sets a top agent's house contract through the admin API, and changes it from the next period", async () => {
    const { db } = database;
    const top = await treeMember(app, db, 1);
    const sub = await treeMember(app, db, 1, top);
    const player = await treeMember(app, db, 0);
    const body = (account: string, rate: number) => ({
      account,
      kind: 'hourly',
      terms: dailyTerms([0, rate]),
      reason: 'signed agreement',
    });
    expect(
      (await post('/admin/agents/contracts/house', readOnly, body(top.username, 1))).status,
    ).toBe(403);
    const set = await post('/admin/agents/contracts/house', finance, body(top.username, 1));
    expect(set.status).toBe(200);
    expect(set.body.value).toMatchObject({
      kind: 'hourly',
      status: 'Active',
      upline: null,
      downline: top.username,
      terms: dailyTerms([0, 1]),
    });
    const contractId = set.body.value.contractId as string;
    expect(await auditActions('agent-contract', contractId)).toEqual([
      'agent-contract.house:finance',
    ]);
    const changed = await post('/admin/agents/contracts/house', finance, body(top.username, 1.5));
    expect(changed.body.value).toMatchObject({ contractId, terms: dailyTerms([0, 1.5]) });
    const history = await get(`/admin/agents/contracts/history?contractId=${contractId}`, readOnly);
    expect(
      history.body.value.list.map((line: { action: string; note: string }) => [
        line.action,
        line.note,
      ]),
    ).toEqual([
      ['set-by-house', 'signed agreement'],
      ['operator-override', 'signed agreement'],
    ]);
    const active = await get(
      `/admin/agents/contracts?kind=hourly&status=Active&account=${top.username}`,
      readOnly,
    );
    expect(active.body.value.items).toHaveLength(1);

    for (const account of [sub.username, player.username]) {
      const refused = await post('/admin/agents/contracts/house', finance, body(account, 1));
      expect(refused.body.errorCode).toBe('AGENT_NOT_TOP_LEVEL');
    }
  });

  it("answers another merchant's operator about these agents, contracts, templates and periods as about nothing", async () => {
    const { top } = await tree();
    const contractId = await activeContractId(top.username, 'daily');
    const template = await post('/admin/agents/templates', finance, {
      kind: 'daily',
      name: `Daily ${top.username}`,
      terms: dailyTerms([0, 1]),
      active: false,
    });
    const templateId = template.body.value.templateId as string;
    const start = utcDay(9, 0);
    const inserted = await sql<{ id: string }>`
      INSERT INTO agent_contract_settlements (contract_id, merchant_code, member_id, kind, period_start,
        period_end, status, reason)
      VALUES (${contractId}::bigint, ${BASE_MERCHANT_CODE}, ${top.id.toString()}::bigint, 'daily', ${start},
        ${new Date(start.getTime() + DAY_MS)}, 'failed', 'no balance')
      RETURNING id::text
    `.execute(database.db);
    const settlementId = inserted.rows[0]?.id ?? '';
    const missing = '999999999';

    const answer = async (call: Promise<{ status: number; body: Record<string, unknown> }>) => {
      const response = await call;
      return { status: response.status, body: response.body };
    };
    const asOther = {
      get: (path: string) => answer(get(path, otherFinance, OTHER_MERCHANT)),
      post: (path: string, body: object) => answer(post(path, otherFinance, body, OTHER_MERCHANT)),
    };
    const sameAnswer = async (
      call: (id: string) => Promise<{ status: number; body: Record<string, unknown> }>,
      foreign: string,
    ) => {
      const theirs = await call(foreign);
      expect(theirs).toEqual(await call(missing));
      return theirs;
    };

    // Lists: nothing of merchant A, filtered or not.
    expect(await asOther.get(`/admin/agents?account=${top.username}`)).toEqual(
      await asOther.get('/admin/agents?account=nosuchagent'),
    );
    for (const path of [
      '/admin/agents',
      '/admin/agents/contracts',
      '/admin/agents/templates',
      '/admin/agents/settlements',
    ]) {
      const listed = await asOther.get(path);
      expect(listed.status, path).toBe(200);
      expect((listed.body.value as { items: unknown[] }).items, path).toEqual([]);
    }
    expect((await asOther.get(`/admin/agents/contracts?account=${top.username}`)).body).toEqual(
      (await asOther.get('/admin/agents/contracts?account=nosuchagent')).body,
    );

    // Reads and changes of one object: the same answer as an id that does not exist.
    const notFound = [
      await sameAnswer(
        (id) => asOther.get(`/admin/agents/contracts/history?contractId=${id}`),
        contractId,
      ),
      await sameAnswer(
        (id) => asOther.post('/admin/agents/contracts/terminate', { contractId: id, reason: 'x' }),
        contractId,
      ),
      await sameAnswer(
        (id) =>
          asOther.post('/admin/agents/contracts/override', {
            contractId: id,
            terms: dailyTerms([0, 0.5]),
            reason: 'x',
          }),
        contractId,
      ),
      await sameAnswer(
        (id) =>
          asOther.post('/admin/agents/templates', {
            templateId: id,
            kind: 'daily',
            name: 'Taken over',
            terms: dailyTerms([0, 0.5]),
            active: true,
          }),
        templateId,
      ),
      await sameAnswer(
        (id) => asOther.post('/admin/agents/settlements/rerun', { settlementId: id, reason: 'x' }),
        settlementId,
      ),
      await sameAnswer(
        (id) => asOther.post('/admin/agents/settlements/void', { settlementId: id, reason: 'x' }),
        settlementId,
      ),
      await sameAnswer(
        (account) =>
          asOther.post('/admin/agents/contracts/house', {
            account: account === missing ? 'nosuchagent' : account,
            kind: 'daily',
            terms: dailyTerms([0, 5]),
            reason: 'x',
          }),
        top.username,
      ),
    ];
    expect(notFound.map((response) => response.status)).toEqual([
      404, 404, 404, 404, 404, 404, 404,
    ]);

    // Merchant A's rows are unchanged.
    const contract = await get(
      `/admin/agents/contracts?kind=daily&account=${top.username}`,
      readOnly,
    );
    expect(contract.body.value.items[0]).toMatchObject({
      contractId,
      status: 'Active',
      terms: dailyTerms([0, 1]),
    });
    const period = await get('/admin/agents/settlements?status=failed', readOnly);
    expect(
      period.body.value.items.some(
        (row: { settlementId: string }) => row.settlementId === settlementId,
      ),
    ).toBe(true);
    const templates = await get('/admin/agents/templates?kind=daily', readOnly);
    expect(templates.body.value.items[0]).toMatchObject({ templateId, active: false });
  });

  it('runs commission through templates, the house contract and an override like the other kinds', async () => {
    const { db } = database;
    const top = await treeMember(app, db, 1);
    const mid = await treeMember(app, db, 1, top);
    const commission = (rate: number, lottery: number) => ({
      tiers: [{ validBet: 0, rate, categoryRates: { LOTT: lottery } }],
    });
    const template = await post('/admin/agents/templates', finance, {
      kind: 'commission',
      name: 'Commission standard',
      terms: commission(0.5, 0.2),
      active: true,
    });
    expect(template.status).toBe(200);
    expect(template.body.value).toMatchObject({ kind: 'commission', terms: commission(0.5, 0.2) });
    const house = await post('/admin/agents/contracts/house', finance, {
      account: top.username,
      kind: 'commission',
      terms: commission(1, 0.5),
      reason: 'signed agreement',
    });
    expect(house.status).toBe(200);
    expect(house.body.value).toMatchObject({ kind: 'commission', terms: commission(1, 0.5) });

    const offerCommission = (terms: object) =>
      callApi(app, 'POST', '/wps/relay/MCS2_processCommissionContract', {
        token: top.token,
        body: { action: 'Offer', downline: mid.username, terms },
      });
    expect((await offerCommission(commission(0.4, 0.2))).body.errorCode).toBe(
      'AGENT_CONTRACT_TEMPLATE_REQUIRED',
    );
    expect((await offerCommission(commission(0.5, 0.2))).status).toBe(200);

    const contractId = house.body.value.contractId as string;
    const overridden = await post('/admin/agents/contracts/override', finance, {
      contractId,
      terms: commission(1.2, 0.6),
      reason: 'volume bonus',
    });
    expect(overridden.status).toBe(200);
    // From the next week: commission periods start on Monday 00:00 UTC.
    expect(new Date(overridden.body.value.effectiveFrom).getUTCDay()).toBe(1);
    // The same terms in the dividend's shape are refused for a commission contract.
    const wrongShape = await post('/admin/agents/contracts/override', finance, {
      contractId,
      terms: dailyTerms([0, 1]),
      reason: 'wrong shape',
    });
    expect(wrongShape.body.errorCode).toBe('AGENT_CONTRACT_TERMS_INVALID');
    const listed = await get(
      `/admin/agents/contracts?kind=commission&account=${top.username}`,
      readOnly,
    );
    expect(listed.body.value.items).toEqual([
      expect.objectContaining({ contractId, kind: 'commission', status: 'Active' }),
    ]);
    expect((await get('/admin/agents/settlements?kind=commission', readOnly)).status).toBe(200);
  });
});
