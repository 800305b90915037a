import { describe, expect, it } from 'vitest';
import { addOperator } from '../../../test/admin-helpers.js';
import { setMemberType } from '../../../test/db-helpers.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';
import { createContentService } from './service.js';

const LIST = '/wps/relay/MCSFE_getListAnnouncements';
const READ = '/wps/member/announcements/read';
const AGENT_LIST = '/wps/agent/announcements';
const scope = { merchantCode: 'DEMO', language: 'EN', defaultLanguage: 'EN' };

/**
 * Agents-only announcements (issue 18): an operator saves one with audience `agents`; only the
 * agent centre's call lists it, and no call of the player site serves it or confirms it exists.
 */
describe('agents-only announcements', () => {
  const context = useTestApp({ rateLimit: async () => {} });

  async function session(type: number) {
    const username = uniqueUsername(type === 0 ? 'annp' : 'anna');
    const registered = await callApi(context.app, 'PUT', '/wps/member/register', {
      body: { username, password: 'secret123', confirmPassword: 'secret123' },
    });
    expect(registered.status).toBe(200);
    const memberId = await setMemberType(context.database.db, username, type);
    return { token: registered.body.value.session.token as string, memberId };
  }

  async function operatorSaves(body: object) {
    const password = await addOperator(context.database.db, 'ann-content', 'content');
    const login = await callApi(context.app, 'POST', '/admin/session/login', {
      body: { username: 'ann-content', password },
    });
    expect(login.status).toBe(200);
    const saved = await callApi(context.app, 'POST', '/admin/content/announcements', {
      token: login.body.value.token,
      body,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return saved.body.value as { id: string; audience: string };
  }

  it('reach agents through the agent centre only', async () => {
    const member = await session(0);
    const trial = await session(4);
    const agent = await session(1);
    const announcement = {
      type: 'PL',
      language: 'EN',
      title: 'Agents: new dividend tiers',
      contentHtml: '<p>For agents only</p>',
      popup: true,
      enabled: true,
      startsAt: Date.now() - 60_000,
      endsAt: null,
    };
    const forAgents = await operatorSaves({ ...announcement, audience: 'agents' });
    expect(forAgents.audience).toBe('agents');
    const forAll = await operatorSaves({
      ...announcement,
      title: 'Everyone: maintenance',
      contentHtml: '<p>For everyone</p>',
    });
    expect(forAll.audience).toBe('all');

    // The player site's list and pop-ups, as a guest, a member, a trial account and an agent.
    for (const token of [undefined, member.token, trial.token, agent.token]) {
      const list = await callApi(context.app, 'GET', `${LIST}?pageSize=50`, {
        ...(token ? { token } : {}),
      });
      expect(list.status).toBe(200);
      const ids = [...list.body.value.list, ...list.body.value.popup].map(
        (row: { id: string }) => row.id,
      );
      expect(ids).toContain(forAll.id);
      expect(ids).not.toContain(forAgents.id);
      expect(JSON.stringify(list.body)).not.toContain('For agents only');
    }

    // Marking it read answers a member exactly as an id that does not exist.
    const missing = await callApi(context.app, 'POST', READ, {
      token: member.token,
      body: { id: '999999999' },
    });
    const hidden = await callApi(context.app, 'POST', READ, {
      token: member.token,
      body: { id: forAgents.id },
    });
    expect([hidden.status, hidden.body.errorCode]).toEqual([404, 'NOT_FOUND']);
    expect(hidden.body).toEqual(missing.body);

    // The unread count of the notice modal does not count it for anyone.
    const content = createContentService(context.database.db);
    const unread = await content.unreadCount(scope, member.memberId);
    const agentUnread = await content.unreadCount(scope, agent.memberId);
    expect(agentUnread).toEqual(unread);

    // The agent centre's call: guests, members and trial accounts are refused before any read.
    const guest = await callApi(context.app, 'GET', AGENT_LIST);
    expect([guest.status, guest.body.errorCode]).toEqual([401, 'SESSION_REQUIRED']);
    const asMember = await callApi(context.app, 'GET', AGENT_LIST, { token: member.token });
    expect([asMember.status, asMember.body.errorCode]).toEqual([403, 'NOT_AGENT']);
    const asTrial = await callApi(context.app, 'GET', AGENT_LIST, { token: trial.token });
    expect([asTrial.status, asTrial.body.errorCode]).toEqual([403, 'TRIAL_ACCOUNT']);

    const asAgent = await callApi(context.app, 'GET', AGENT_LIST, { token: agent.token });
    expect(asAgent.status).toBe(200);
    const agentIds = asAgent.body.value.items.map((row: { id: string }) => row.id);
    expect(agentIds).toContain(forAgents.id);
    expect(agentIds).not.toContain(forAll.id);
    const read = await callApi(context.app, 'POST', READ, {
      token: agent.token,
      body: { id: forAgents.id },
    });
    expect(read.status).toBe(200);
  });
});
