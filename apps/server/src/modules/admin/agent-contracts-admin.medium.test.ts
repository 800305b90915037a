import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOperator } from '../../../test/admin-helpers.js';
import {
  backdateContracts,
  cashBalance,
  dailyTerms,
  enableContractSwitches,
  settleRounds,
  treeMember,
  utcDay,
} from '../../../test/agent-contracts/agent-contract-helpers.js';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { callApi } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { buildApp } from '../../app.js';
import { createServices, type Services } from '../../services.js';

const DAY_MS = 86_400_000;

describe('operators and the agent programme', () => {
  let database: TestDatabase;
  let services: Services;
  let app: FastifyInstance;
  let finance = '';
  let readOnly = '';

  async function signIn(username: string, role: 'finance' | 'read-only') {
    const password = await addOperator(database.db, username, role);
    const login = await callApi(app, 'POST', '/admin/session/login', {
      body: { username, password },
    });
    return login.body.value.token as string;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    await enableContractSwitches(database.db);
    services = createServices(database.db);
    app = await buildApp({ db: database.db, services });
    await app.ready();
    finance = await signIn('agents-finance', 'finance');
    readOnly = await signIn('agents-reader', 'read-only');
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /** A top agent with a house daily contract (1 %), its downline agent and that agent's player. */
  async function tree() {
    const { db } = database;
    const top = await treeMember(app, db, 1);
    const mid = await treeMember(app, db, 1, top);
    const player = await treeMember(app, db, 0, mid);
    await db.transaction().execute((trx) =>
      services.agentContracts.contracts.setHouseContract(trx, {
        merchantCode: BASE_MERCHANT_CODE,
        memberId: top.id,
        kind: 'daily',
        terms: dailyTerms([0, 1]) as never,
      }),
    );
    return { top, mid, player };
  }

  const get = (path: string, token: string) => callApi(app, 'GET', path, { token });
  const post = (path: string, token: string, body: object) =>
    callApi(app, 'POST', path, { token, body });

  async function auditActions(subjectType: string, subjectId: string) {
    const result = await sql<{ action: string; operator_role: string }>`
      SELECT action, operator_role FROM audit_log WHERE subject_id = ${subjectId}
        AND subject_type = ${subjectType} ORDER BY id
    `.execute(database.db);
    return result.rows.map((row) => `${row.action}:${row.operator_role}`);
  }

  /** A settlement row of the top agent's house contract for the UTC day `daysAgo`. */
  async function settlementRow(memberId: bigint, daysAgo: number, status: string) {
    const start = utcDay(daysAgo, 0);
    const result = await sql<{ id: string }>`
      INSERT INTO agent_contract_settlements (contract_id, merchant_code, member_id, kind, period_start,
        period_end, status, reason)
      SELECT id, merchant_code, member_id, kind, ${start}, ${new Date(start.getTime() + DAY_MS)}, ${status},
        ${status === 'failed' ? 'the upline balance does not cover the payment' : null}
      FROM agent_contracts WHERE member_id = ${memberId.toString()}::bigint AND status = 'active'
      RETURNING id::text
    `.execute(database.db);
    return result.rows[0]?.id ?? '';
  }

  it('lists the agents with their team size', async () => {
    const { top, mid } = await tree();
    const listed = await get(`/admin/agents?account=${top.username}`, readOnly);
    expect(listed.status).toBe(200);
    expect(listed.body.value.items).toEqual([
      expect.objectContaining({ account: top.username, upline: null, teamSize: 2 }),
    ]);
    const sub = await get(`/admin/agents?account=${mid.username}`, readOnly);
    expect(sub.body.value.items[0]).toMatchObject({ upline: top.username, teamSize: 1 });
  });

  it('filters contracts and ends one with a reason, audited with the change', async () => {
    const { top } = await tree();
    const listed = await get(
      `/admin/agents/contracts?kind=daily&status=Active&account=${top.username}`,
      readOnly,
    );
    expect(listed.body.value.items).toHaveLength(1);
    const contract = listed.body.value.items[0];
    expect(contract).toMatchObject({ upline: null, downline: top.username, status: 'Active' });
    expect(
      (await get(`/admin/agents/contracts?kind=hourly&account=${top.username}`, readOnly)).body
        .value.items,
    ).toEqual([]);

    const refused = await post('/admin/agents/contracts/terminate', readOnly, {
      contractId: contract.contractId,
      reason: 'fraud review',
    });
    expect(refused.status).toBe(403);
    const ended = await post('/admin/agents/contracts/terminate', finance, {
      contractId: contract.contractId,
      reason: 'fraud review',
    });
    expect(ended.status).toBe(200);
    expect(ended.body.value).toMatchObject({ status: 'Terminated' });
    expect(await auditActions('agent-contract', contract.contractId)).toEqual([
      'agent-contract.terminate:finance',
    ]);
    const again = await post('/admin/agents/contracts/terminate', finance, {
      contractId: contract.contractId,
      reason: 'twice',
    });
    expect(again.body.errorCode).toBe('AGENT_CONTRACT_ACTION_NOT_ALLOWED');
    const missing = await post('/admin/agents/contracts/terminate', finance, {
      contractId: '999999999',
      reason: 'none',
    });
    expect(missing.status).toBe(404);
  });

  it('reruns a failed period once and voids a period that paid nothing', async () => {
    const { top, player } = await tree();
    await backdateContracts(database.db, 4);
    await settleRounds(database.db, player, [
      { stakeMinor: 100_000n, winMinor: 0n, settledAt: utcDay(2) },
    ]);
    await services.events.runAll();
    const failed = await settlementRow(top.id, 2, 'failed');
    const empty = await settlementRow(top.id, 3, 'nothing');

    const listed = await get('/admin/agents/settlements?status=failed&kind=daily', readOnly);
    expect(
      listed.body.value.items.map((row: { settlementId: string }) => row.settlementId),
    ).toEqual([failed]);

    const before = await cashBalance(database.db, top.id);
    const rerun = await post('/admin/agents/settlements/rerun', finance, {
      settlementId: failed,
      reason: 'balance topped up',
    });
    expect(rerun.status).toBe(200);
    // 1 % of 1,000.00, once.
    expect(rerun.body.value).toMatchObject({ status: 'paid', amount: 10, account: top.username });
    expect((await cashBalance(database.db, top.id)) - before).toBe(1_000n);
    const twice = await post('/admin/agents/settlements/rerun', finance, {
      settlementId: failed,
      reason: 'again',
    });
    expect(twice.body.errorCode).toBe('AGENT_CONTRACT_ACTION_NOT_ALLOWED');
    expect((await cashBalance(database.db, top.id)) - before).toBe(1_000n);
    expect(await auditActions('agent-settlement', failed)).toEqual([
      'agent-settlement.rerun:finance',
    ]);

    const voidPaid = await post('/admin/agents/settlements/void', finance, {
      settlementId: failed,
      reason: 'paid already',
    });
    expect(voidPaid.body.errorCode).toBe('AGENT_CONTRACT_ACTION_NOT_ALLOWED');
    const voided = await post('/admin/agents/settlements/void', finance, {
      settlementId: empty,
      reason: 'duplicate period',
    });
    expect(voided.body.value).toMatchObject({ status: 'voided', reason: 'duplicate period' });
    expect(await auditActions('agent-settlement', empty)).toEqual([
      'agent-settlement.void:finance',
    ]);
    expect(await services.ledger.reconcile()).toEqual([]);
  });
});
