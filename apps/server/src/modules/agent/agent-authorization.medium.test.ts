import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgentCallCase,
  type AgentContractCallCase,
  agentCallCases,
  agentContractCallCases,
  contractWalkKinds,
  type WalkTarget,
  walkTerms,
} from '../../../test/agent-authorization-walk.js';
import { enableContractSwitches } from '../../../test/agent-contracts/agent-contract-helpers.js';
import { setMemberType } from '../../../test/db-helpers.js';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { callApi, uniqueUsername } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { buildApp } from '../../app.js';
import { createServices, type Services } from '../../services.js';

/**
 * Every agent call (the table in test/agent-authorization-walk.ts) with every kind of caller:
 * the agent, an agent of another tree, the agent's own upline, a plain member, a trial account
 * and a guest. Only the agent (and, for reads, its upline) passes; the others learn nothing:
 * "not yours" answers exactly as "does not exist".
 */
const context = {} as { app: FastifyInstance; database: TestDatabase; services: Services };
beforeAll(async () => {
  context.database = await createTestDatabase({ fixtures: [enableContractSwitches] });
  context.services = createServices(context.database.db);
  context.app = await buildApp({
    db: context.database.db,
    services: context.services,
    rateLimit: async () => {},
  });
  await context.app.ready();
});
afterAll(async () => {
  await context.app?.close();
  await context.database?.drop();
});
const password = 'secret123';

interface Actor extends WalkTarget {
  token: string;
}

async function member(type: number, uplineId?: string): Promise<Actor> {
  const username = uniqueUsername(type === 0 ? 'walkp' : 'walka');
  const registered = await callApi(context.app, 'PUT', '/wps/member/register', {
    body: { username, password, confirmPassword: password },
  });
  expect(registered.status).toBe(200);
  const token = registered.body.value.session.token as string;
  // A payment password, so that the money calls reach their downline check.
  const paymentPassword = await callApi(context.app, 'POST', '/wps/member/password/payment', {
    token,
    body: { loginPassword: password, paymentPassword: '123456', confirmPaymentPassword: '123456' },
  });
  expect(paymentPassword.status).toBe(200);
  const id = (await setMemberType(context.database.db, username, type)).toString();
  if (uplineId)
    await sql`UPDATE members SET upline_member_id = ${uplineId}::bigint WHERE id = ${id}::bigint`.execute(
      context.database.db,
    );
  return { id, account: username, token };
}

function call(row: AgentCallCase, token: string | undefined, target: WalkTarget) {
  const { query, body } = row.request(target);
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  return callApi(context.app, row.method, `${row.path}${search}`, {
    ...(token ? { token } : {}),
    ...(body === undefined ? {} : { body }),
  });
}

const passedOf = (row: AgentCallCase) =>
  row.passed ?? ((answer: { status: number }) => answer.status === 200);

// upline -> agent -> {direct, subAgent -> deep}; other -> {stranger, otherSub}.
let upline: Actor;
let agent: Actor;
let direct: Actor;
let subAgent: Actor;
let deep: Actor;
let other: Actor;
let stranger: Actor;
let otherSub: Actor;
let player: Actor;
let trial: Actor;
const nobody: WalkTarget = { id: '999999999', account: 'nosuchmember1' };

beforeAll(async () => {
  upline = await member(1);
  agent = await member(2, upline.id);
  direct = await member(0, agent.id);
  subAgent = await member(41, agent.id);
  deep = await member(0, subAgent.id);
  other = await member(42);
  stranger = await member(0, other.id);
  otherSub = await member(41, other.id);
  player = await member(0);
  trial = await member(4);
});

describe('the agent authorization walk', () => {
  it.each(agentCallCases)('$name: only the right callers pass', async (row) => {
    const passed = passedOf(row);
    const target = direct;
    // Guests, plain members and trial accounts are refused before anything is looked up.
    const guest = await call(row, undefined, target);
    expect([guest.status, guest.body.errorCode], 'guest').toEqual([401, 'SESSION_REQUIRED']);
    const asPlayer = await call(row, player.token, target);
    expect([asPlayer.status, asPlayer.body.errorCode], 'member').toEqual([403, 'NOT_AGENT']);
    const asTrial = await call(row, trial.token, target);
    expect([asTrial.status, asTrial.body.errorCode], 'trial').toEqual([403, 'TRIAL_ACCOUNT']);

    const own = await call(row, agent.token, target);
    expect(passed(own), `agent: ${JSON.stringify(own.body)}`).toBe(true);

    if (!row.takesMember) {
      // A list of another tree's agent holds nothing of this tree.
      const theirs = await call(row, other.token, target);
      expect(passed(theirs), `other agent: ${JSON.stringify(theirs.body)}`).toBe(true);
      expect(JSON.stringify(theirs.body)).not.toContain(direct.account);
      expect(JSON.stringify(theirs.body)).not.toContain(deep.account);
      return;
    }

    const refusal = row.notYours ?? { status: 404, errorCode: 'DOWNLINE_NOT_FOUND' };
    const notYours = [
      await call(row, other.token, target),
      await call(row, agent.token, stranger),
      await call(row, agent.token, upline),
      await call(row, agent.token, agent),
      await call(row, agent.token, nobody),
    ];
    for (const answer of notYours) {
      expect([answer.status, answer.body.errorCode]).toEqual([refusal.status, refusal.errorCode]);
      // Word for word the answer for an id that does not exist.
      expect(answer.body).toEqual(notYours[notYours.length - 1]?.body);
    }

    const fromAbove = await call(row, upline.token, target);
    if (row.uplineMayAct ?? true)
      expect(passed(fromAbove), `upline: ${JSON.stringify(fromAbove.body)}`).toBe(true);
    else
      expect([fromAbove.status, fromAbove.body.errorCode]).toEqual([
        refusal.status,
        refusal.errorCode,
      ]);
    if (row.uplineMayAct ?? true) {
      // Reads reach every depth below the caller.
      const deeper = await call(row, agent.token, deep);
      expect(passed(deeper), `deep: ${JSON.stringify(deeper.body)}`).toBe(true);
    }
  });
});

describe('the agent authorization walk: contract calls', () => {
  type Objects = Record<string, { agentOffer: string; otherOffer: string; uplineHouse: string }>;
  const objects: Objects = {};

  async function houseContract(memberId: string, kind: (typeof contractWalkKinds)[number]) {
    const created = await context.database.db.transaction().execute((trx) =>
      context.services.agentContracts.contracts.setHouseContract(trx, {
        merchantCode: BASE_MERCHANT_CODE,
        memberId: BigInt(memberId),
        kind,
        terms: walkTerms(kind, 2) as never,
      }),
    );
    return created.id.toString();
  }

  async function offer(from: Actor, to: Actor, kind: (typeof contractWalkKinds)[number]) {
    const row = agentContractCallCases.find((one) => one.kind === kind && one.takes === 'downline');
    if (!row) throw new Error(`no offer row for ${kind}`);
    const answer = await callApi(context.app, 'POST', row.path, {
      token: from.token,
      body: row.request(to.account).body,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.value.contractId as string;
  }

  beforeAll(async () => {
    // The upline, the agent and the other tree's agent each hold the house's contracts; the
    // agent and the other agent have offered one of each kind to their own sub-agent.
    for (const kind of contractWalkKinds) {
      const uplineHouse = await houseContract(upline.id, kind);
      await houseContract(agent.id, kind);
      await houseContract(other.id, kind);
      objects[kind] = {
        uplineHouse,
        agentOffer: await offer(agent, subAgent, kind),
        otherOffer: await offer(other, otherSub, kind),
      };
    }
  });

  function call(row: AgentContractCallCase, token: string | undefined, objectId: string) {
    const { query, body } = row.request(objectId);
    const search = query ? `?${new URLSearchParams(query).toString()}` : '';
    return callApi(context.app, row.method, `${row.path}${search}`, {
      ...(token ? { token } : {}),
      ...(body === undefined ? {} : { body }),
    });
  }

  // Authorization passed when the answer is anything but a refusal of the caller or the object
  // (the agent's own offer may already be withdrawn, or not be its to accept: a 409).
  const passed = (answer: { status: number; body: { errorCode?: string } }) =>
    answer.status !== 401 &&
    answer.status !== 403 &&
    answer.body.errorCode !== 'AGENT_CONTRACT_NOT_FOUND';

  it.each(agentContractCallCases)('$name: only the parties pass', async (row) => {
    const mine = objects[row.kind];
    if (!mine) throw new Error(`no objects for ${row.kind}`);
    const own = row.takes === 'downline' ? subAgent.account : mine.agentOffer;

    const guest = await call(row, undefined, own);
    expect([guest.status, guest.body.errorCode], 'guest').toEqual([401, 'SESSION_REQUIRED']);
    const asPlayer = await call(row, player.token, own);
    expect([asPlayer.status, asPlayer.body.errorCode], 'member').toEqual([403, 'NOT_AGENT']);
    const asTrial = await call(row, trial.token, own);
    expect([asTrial.status, asTrial.body.errorCode], 'trial').toEqual([403, 'TRIAL_ACCOUNT']);

    const answer = await call(row, agent.token, own);
    expect(passed(answer), `agent: ${JSON.stringify(answer.body)}`).toBe(true);

    const notYours =
      row.takes === 'downline'
        ? [
            await call(row, other.token, own),
            await call(row, upline.token, own),
            await call(row, agent.token, otherSub.account),
            await call(row, agent.token, upline.account),
            await call(row, agent.token, agent.account),
            await call(row, agent.token, direct.account),
            await call(row, agent.token, deep.account),
            await call(row, agent.token, nobody.account),
          ]
        : [
            await call(row, other.token, own),
            await call(row, upline.token, own),
            await call(row, agent.token, mine.otherOffer),
            await call(row, agent.token, mine.uplineHouse),
            await call(row, agent.token, nobody.id),
          ];
    const doesNotExist = notYours[notYours.length - 1];
    for (const refused of notYours) {
      expect([refused.status, refused.body.errorCode]).toEqual([404, 'AGENT_CONTRACT_NOT_FOUND']);
      expect(refused.body).toEqual(doesNotExist?.body);
    }
  });
});
