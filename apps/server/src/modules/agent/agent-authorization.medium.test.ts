import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AgentCallCase,
  agentCallCases,
  type WalkTarget,
} from '../../../test/agent-authorization-walk.js';
import { setMemberType } from '../../../test/db-helpers.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';

/**
 * Every agent call (the table in test/agent-authorization-walk.ts) with every kind of caller:
 * the agent, an agent of another tree, the agent's own upline, a plain member, a trial account
 * and a guest. Only the agent (and, for reads, its upline) passes; the others learn nothing:
 * "not yours" answers exactly as "does not exist".
 */
const context = useTestApp({ rateLimit: async () => {} });
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

describe('the agent authorization walk', () => {
  // upline -> agent -> {direct, subAgent -> deep}; other -> stranger.
  let upline: Actor;
  let agent: Actor;
  let direct: Actor;
  let deep: Actor;
  let other: Actor;
  let stranger: Actor;
  let player: Actor;
  let trial: Actor;
  const nobody: WalkTarget = { id: '999999999', account: 'nosuchmember1' };

  beforeAll(async () => {
    upline = await member(1);
    agent = await member(2, upline.id);
    direct = await member(0, agent.id);
    const subAgent = await member(41, agent.id);
    deep = await member(0, subAgent.id);
    other = await member(42);
    stranger = await member(0, other.id);
    player = await member(0);
    trial = await member(4);
  });

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
