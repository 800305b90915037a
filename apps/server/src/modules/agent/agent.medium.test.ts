import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setMemberType } from '../../../test/db-helpers.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';

describe('agent centre and the agent side', () => {
  const context = useTestApp();
  const password = 'secret123';

  /** A registered member with a session; `type` makes it an agent (1, 2, 41, 42) or a trial (4). */
  async function member(type = 0, body: Record<string, unknown> = {}) {
    const username = uniqueUsername(type === 0 ? 'player' : 'agent');
    const registered = await callApi(context.app, 'PUT', '/wps/member/register', {
      body: { username, password, confirmPassword: password, ...body },
    });
    expect(registered.status).toBe(200);
    const id = (await setMemberType(context.database.db, username, type)).toString();
    return { username, id, token: registered.body.value.session.token as string };
  }

  async function giveCode(agentId: string, code: string, active = true) {
    await sql`
      INSERT INTO affiliate_codes (merchant_code, code, agent_member_id, active)
      VALUES ('DEMO', ${code}, ${agentId}, ${active})
    `.execute(context.database.db);
  }

  // Before the first call: merchant rows are cached once read.
  beforeAll(async () => {
    await sql`
      UPDATE merchants SET register_settings = jsonb_set(register_settings, '{affiliateCode,enabled}', 'true')
      WHERE code = 'DEMO'
    `.execute(context.database.db);
  });

  it('shows an agent their direct downline and the members each code brought', async () => {
    const agent = await member(1);
    await giveCode(agent.id, 'TEAMA1');
    await giveCode(agent.id, 'TEAMA2', false);
    const other = await member(41);
    await giveCode(other.id, 'TEAMB1');
    await member(0, { affiliateCode: 'teama1' });
    await member(0, { affiliateCode: 'TEAMA1' });
    await member(0, { affiliateCode: 'TEAMB1' });

    const overview = await callApi(context.app, 'GET', '/wps/agent/overview', {
      token: agent.token,
    });
    expect(overview.status).toBe(200);
    expect(overview.body.value).toEqual({
      account: agent.username,
      type: 1,
      directDownlineCount: 2,
      newDownlineLast30Days: 2,
      affiliateCodes: [
        { code: 'TEAMA2', active: false, registeredCount: 0 },
        { code: 'TEAMA1', active: true, registeredCount: 2 },
      ],
    });
    const otherOverview = await callApi(context.app, 'GET', '/wps/agent/overview', {
      token: other.token,
    });
    expect(otherOverview.body.value).toMatchObject({
      directDownlineCount: 1,
      affiliateCodes: [{ code: 'TEAMB1', registeredCount: 1 }],
    });
  });

  it('refuses the agent centre to guests, members and trial accounts', async () => {
    const guest = await callApi(context.app, 'GET', '/wps/agent/overview');
    expect(guest.status).toBe(401);
    expect(guest.body.errorCode).toBe('SESSION_REQUIRED');
    const player = await member(0);
    const asPlayer = await callApi(context.app, 'GET', '/wps/agent/overview', {
      token: player.token,
    });
    expect(asPlayer.status).toBe(403);
    expect(asPlayer.body.errorCode).toBe('NOT_AGENT');
    const trial = await member(4);
    const asTrial = await callApi(context.app, 'GET', '/wps/agent/overview', {
      token: trial.token,
    });
    expect(asTrial.status).toBe(403);
    expect(asTrial.body.errorCode).toBe('TRIAL_ACCOUNT');
  });

  it('lets only agents log in on the agent side, and everyone on the member side', async () => {
    const player = await member(0);
    const refused = await callApi(context.app, 'POST', '/wps/session/login', {
      body: { username: player.username, password, portal: 'agent' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('NOT_AGENT');
    expect(refused.body.value).toBeUndefined();
    const asMember = await callApi(context.app, 'POST', '/wps/session/login', {
      body: { username: player.username, password },
    });
    expect(asMember.status).toBe(200);
    for (const type of [1, 2, 41, 42]) {
      const agent = await member(type);
      const login = await callApi(context.app, 'POST', '/wps/session/login', {
        body: { username: agent.username, password, portal: 'agent' },
      });
      expect(login.status, `type ${type}`).toBe(200);
    }
    // A wrong password is the usual answer on the agent side too: nothing about the account type.
    const wrong = await callApi(context.app, 'POST', '/wps/session/login', {
      body: { username: player.username, password: 'wrong-one', portal: 'agent' },
    });
    expect(wrong.body.errorCode).toBe('INVALID_CREDENTIALS');
  });
});
