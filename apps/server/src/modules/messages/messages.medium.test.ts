import type { AddressInfo } from 'node:net';
import { MEMBER_MESSAGES_TOPIC, MESSAGES_BROADCAST_TOPIC } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOperator } from '../../../test/admin-helpers.js';
import { addMerchant } from '../../../test/db-helpers.js';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { RealtimeTestClient } from '../../../test/realtime-client.js';
import { callApi, uniqueUsername } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { buildApp } from '../../app.js';
import { createDatabase, type Db } from '../../db/database.js';
import { createServices, type Services } from '../../services.js';
import { appendEvents, createEventsService, type NewEvent } from '../events/index.js';

const UNREAD = '/wps/relay/CSP_unreadCount';
const LIST = '/wps/member/messages';

let database: TestDatabase;
let db: Db;
let services: Services;
let app: FastifyInstance;
let port: number;
let operatorToken: string;

interface Player {
  token: string;
  username: string;
  id: bigint;
}

async function register(prefix: string): Promise<Player> {
  const username = uniqueUsername(prefix);
  const { body } = await callApi(app, 'PUT', '/wps/member/register', {
    body: { username, password: 'secret123', confirmPassword: 'secret123' },
  });
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return { token: body.value.session.token as string, username, id: row.id };
}

async function unread(player: Player): Promise<number> {
  const response = await callApi(app, 'GET', UNREAD, { token: player.token });
  expect(response.status).toBe(200);
  return response.body.value.unReadCount as number;
}

function send(body: Record<string, unknown>, token = operatorToken) {
  return callApi(app, 'POST', '/admin/messages', {
    token,
    body: {
      texts: [
        { language: 'EN', title: 'Hello <b>you</b>', contentHtml: '<p>Hi<script>x()</script></p>' },
        { language: 'VI', title: 'Xin chào', contentHtml: '<p>Chào</p>' },
      ],
      ...body,
    },
  });
}

async function signIn(username: string, role: 'admin' | 'finance' | 'content'): Promise<string> {
  const password = await addOperator(db, username, role);
  const login = await callApi(app, 'POST', '/admin/session/login', {
    body: { username, password },
  });
  return login.body.value.token as string;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url);
  services = createServices(db);
  app = await buildApp({ db, services });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  operatorToken = await signIn('msg-content', 'content');
});

afterAll(async () => {
  await app?.close();
  await db?.destroy();
  await database?.drop();
});

describe('platform messages', () => {
  it("sends to one member: only their count moves, live over the socket; reading and deleting change it, another's list stays empty", async () => {
    const alice = await register('msa');
    const bob = await register('msb');
    const socket = await RealtimeTestClient.open(port, BASE_MERCHANT_CODE);
    await socket.signIn(alice.token, [MEMBER_MESSAGES_TOPIC]);
    expect(await unread(alice)).toBe(0);

    const sent = await send({ audience: 'member', memberAccount: alice.username });
    expect(sent.status).toBe(200);
    expect(sent.body.value).toMatchObject({ audience: 'member', audienceName: alice.username });
    expect(await socket.next()).toEqual({
      topic: MEMBER_MESSAGES_TOPIC,
      data: { reason: 'message' },
    });
    expect(await unread(alice)).toBe(1);
    expect(await unread(bob)).toBe(0);

    // The member reads it in their language, sanitized; a language without text falls back.
    const list = await callApi(app, 'GET', LIST, { token: alice.token, language: 'VI' });
    expect(list.body.value.items).toEqual([
      expect.objectContaining({ title: 'Xin chào', content: '<p>Chào</p>', read: false }),
    ]);
    const english = await callApi(app, 'GET', LIST, { token: alice.token, language: 'TH' });
    expect(english.body.value.items[0]).toMatchObject({ title: 'Hello you', content: '<p>Hi</p>' });
    expect((await callApi(app, 'GET', LIST, { token: bob.token })).body.value.items).toEqual([]);

    const id = list.body.value.items[0].id as string;
    // Bob cannot read or delete Alice's message: it does not exist for him.
    const foreign = await callApi(app, 'POST', `${LIST}/read`, { token: bob.token, body: { id } });
    expect(foreign.status).toBe(404);
    const read = await callApi(app, 'POST', `${LIST}/read`, { token: alice.token, body: { id } });
    expect(read.body.value).toEqual({ unReadCount: 0 });
    const again = await callApi(app, 'POST', `${LIST}/read`, { token: alice.token, body: { id } });
    expect(again.body.value).toEqual({ unReadCount: 0 });
    const removed = await callApi(app, 'POST', `${LIST}/delete`, {
      token: alice.token,
      body: { id },
    });
    expect(removed.status).toBe(200);
    expect((await callApi(app, 'GET', LIST, { token: alice.token })).body.value.items).toEqual([]);
    socket.close();
  });

  it('stores a broadcast once and keeps per-member state only for members who act', async () => {
    const carol = await register('msc');
    const dave = await register('msd');
    const socket = await RealtimeTestClient.open(port, BASE_MERCHANT_CODE);
    await socket.signIn(dave.token, [MESSAGES_BROADCAST_TOPIC]);
    const before = await unread(carol);
    const sent = await send({ audience: 'all' });
    expect(sent.status).toBe(200);
    expect(await socket.next()).toEqual({
      topic: MESSAGES_BROADCAST_TOPIC,
      data: { reason: 'message' },
    });
    const id = BigInt(sent.body.value.id);
    const rows = await db
      .selectFrom('platform_messages')
      .select('id')
      .where('id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
    const states = () =>
      db
        .selectFrom('platform_message_states')
        .select('member_id')
        .where('message_id', '=', id)
        .execute();
    expect(await states()).toEqual([]);
    expect(await unread(carol)).toBe(before + 1);
    expect(await unread(dave)).toBeGreaterThanOrEqual(1);
    await callApi(app, 'POST', `${LIST}/read`, { token: carol.token, body: { id: id.toString() } });
    expect(await states()).toEqual([{ member_id: carol.id }]);
    expect(await unread(carol)).toBe(before);
    // The operator's list counts the readers so far.
    const sentList = await callApi(app, 'GET', '/admin/messages', { token: operatorToken });
    expect(sentList.body.value.items[0]).toMatchObject({ id: id.toString(), readCount: 1 });
    socket.close();
  });

  it('reaches the members of a label only, and a withdrawn message leaves every list', async () => {
    const labelled = await register('mse');
    const other = await register('msf');
    const label = await db
      .insertInto('member_labels')
      .values({ merchant_code: BASE_MERCHANT_CODE, name: `vip-${Date.now()}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('member_label_links')
      .values({ member_id: labelled.id, label_id: label.id })
      .execute();
    const beforeOther = await unread(other);
    const sent = await send({ audience: 'label', labelId: label.id.toString() });
    expect(sent.status).toBe(200);
    const id = sent.body.value.id as string;
    const labelledList = await callApi(app, 'GET', LIST, { token: labelled.token });
    expect(labelledList.body.value.items.map((item: { id: string }) => item.id)).toContain(id);
    const otherList = await callApi(app, 'GET', LIST, { token: other.token });
    expect(otherList.body.value.items.map((item: { id: string }) => item.id)).not.toContain(id);
    expect(await unread(other)).toBe(beforeOther);

    const unknownLabel = await send({ audience: 'label', labelId: '999999' });
    expect(unknownLabel.status).toBe(404);
    const withdrawn = await callApi(app, 'POST', '/admin/messages/withdraw', {
      token: operatorToken,
      body: { id },
    });
    expect(withdrawn.body.value.withdrawn).toBe(true);
    const after = await callApi(app, 'GET', LIST, { token: labelled.token });
    expect(after.body.value.items.map((item: { id: string }) => item.id)).not.toContain(id);
  });

  it('writes the audit entry with the send, refuses finance, and hides another merchant’s messages', async () => {
    const target = await register('msg');
    const sent = await send({ audience: 'member', memberAccount: target.username });
    const entry = await db
      .selectFrom('audit_log')
      .select(['action', 'operator_username'])
      .where('subject_id', '=', sent.body.value.id)
      .where('action', '=', 'messages.send')
      .executeTakeFirst();
    expect(entry).toEqual({ action: 'messages.send', operator_username: 'msg-content' });

    const finance = await signIn('msg-finance', 'finance');
    expect((await send({ audience: 'all' }, finance)).status).toBe(403);

    await addMerchant(db, 'MSG_OTHER');
    const foreign = await services.messages
      .withdraw(
        {
          merchantCode: 'MSG_OTHER',
          operatorId: 1n,
          operatorUsername: 'x',
          operatorRole: 'admin',
          ip: '127.0.0.1',
        },
        sent.body.value.id,
      )
      .catch((error: { errorCode?: string }) => error.errorCode);
    expect(foreign).toBe('NOT_FOUND');
    const noMember = await send({ audience: 'member', memberAccount: 'nobody-here' });
    expect(noMember.status).toBe(404);
  });

  it('writes system messages for a withdrawal paid or rejected, once per event, in the member’s language', async () => {
    const member = await register('msh');
    const socket = await RealtimeTestClient.open(port, BASE_MERCHANT_CODE);
    await socket.signIn(member.token, [MEMBER_MESSAGES_TOPIC]);
    // Broadcasts of the tests before reach every member, new ones too.
    const before = await unread(member);
    const events: NewEvent[] = [
      {
        type: 'withdrawal.paid',
        merchantCode: BASE_MERCHANT_CODE,
        memberId: member.id,
        payload: {
          withdrawalId: 'wd-paid-1',
          memberId: member.id.toString(),
          currency: 'VND',
          amountMinor: '1234500',
        },
      },
      {
        type: 'withdrawal.rejected',
        merchantCode: BASE_MERCHANT_CODE,
        memberId: member.id,
        payload: {
          withdrawalId: 'wd-rejected-1',
          memberId: member.id.toString(),
          currency: 'VND',
          amountMinor: '50000',
          reason: 'Name <mismatch>',
        },
      },
    ];
    await db.transaction().execute((trx) => appendEvents(trx, events));
    const runner = createEventsService(db, { consumers: [services.messages.consumer] });
    await runner.runAll();
    expect(await socket.next()).toEqual({
      topic: MEMBER_MESSAGES_TOPIC,
      data: { reason: 'message' },
    });
    expect(await unread(member)).toBe(before + 2);
    const list = await callApi(app, 'GET', LIST, { token: member.token, language: 'VI' });
    expect(
      list.body.value.items.filter((item: { kind: string }) => item.kind === 'system'),
    ).toEqual([
      expect.objectContaining({
        kind: 'system',
        title: 'Yêu cầu rút tiền bị từ chối',
        content: expect.stringContaining('Name &lt;mismatch&gt;'),
      }),
      expect.objectContaining({
        kind: 'system',
        title: 'Rút tiền thành công',
        content: expect.stringContaining('12,345.00 VND'),
      }),
    ]);
    // A second run (and the same event again) writes nothing more.
    await db.transaction().execute((trx) => appendEvents(trx, [events[0] as NewEvent]));
    await runner.runAll();
    expect(await unread(member)).toBe(before + 2);
    socket.close();
  });

  it('tells a member of a bonus granted and of a contract offered, in the member’s language', async () => {
    const member = await register('msb');
    const before = await unread(member);
    const events: NewEvent[] = [
      {
        type: 'bonus.granted',
        merchantCode: BASE_MERCHANT_CODE,
        memberId: member.id,
        payload: {
          bonusId: 'bonus-msg-1',
          memberId: member.id.toString(),
          currency: 'VND',
          amountMinor: '5000000',
          requirementMinor: '50000000',
          sourceKind: 'promotion',
          sourceRef: 'promo-1',
        },
      },
      {
        type: 'agent-contract.offered',
        merchantCode: BASE_MERCHANT_CODE,
        memberId: member.id,
        payload: {
          contractId: 'contract-msg-1',
          kind: 'daily',
          memberId: member.id.toString(),
          uplineMemberId: null,
        },
      },
    ];
    await db.transaction().execute((trx) => appendEvents(trx, events));
    await createEventsService(db, { consumers: [services.messages.consumer] }).runAll();
    expect(await unread(member)).toBe(before + 2);
    const list = await callApi(app, 'GET', LIST, { token: member.token, language: 'EN' });
    const system = list.body.value.items.filter((item: { kind: string }) => item.kind === 'system');
    expect(system).toEqual([
      expect.objectContaining({
        title: 'New contract offered',
        content: expect.stringContaining('a daily salary contract'),
      }),
      expect.objectContaining({
        title: 'Bonus received',
        content: expect.stringContaining('50,000.00 VND'),
      }),
    ]);
  });
});
