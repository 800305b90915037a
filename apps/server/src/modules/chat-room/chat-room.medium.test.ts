import type { AddressInfo } from 'node:net';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_POSTS_PER_WINDOW, CHAT_ROOM_TOPIC } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addOperator } from '../../../test/admin-helpers.js';
import { setMemberType } from '../../../test/db-helpers.js';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { RealtimeTestClient } from '../../../test/realtime-client.js';
import { callApi, uniqueUsername } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { buildApp } from '../../app.js';
import { createDatabase, type Db } from '../../db/database.js';
import { createServices } from '../../services.js';
import { maskName } from './service.js';

const ROOM = '/wps/chat/room';
const MESSAGES = '/wps/chat/messages';

interface Instance {
  app: FastifyInstance;
  db: Db;
  port: number;
}

let database: TestDatabase;
/** Two server instances on one database: the room must fan out between them. */
let first: Instance;
let second: Instance;
let operatorToken: string;

async function startInstance(): Promise<Instance> {
  const db = createDatabase(database.url);
  const app = await buildApp({ db, services: createServices(db) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, db, port: (app.server.address() as AddressInfo).port };
}

interface Player {
  token: string;
  username: string;
}

async function register(prefix: string): Promise<Player> {
  const username = uniqueUsername(prefix);
  const { body } = await callApi(first.app, 'PUT', '/wps/member/register', {
    body: { username, password: 'secret123', confirmPassword: 'secret123' },
  });
  return { token: body.value.session.token as string, username };
}

function post(instance: Instance, player: Player, text: string) {
  return callApi(instance.app, 'POST', MESSAGES, { token: player.token, body: { text } });
}

async function roomSocket(instance: Instance, player: Player): Promise<RealtimeTestClient> {
  const socket = await RealtimeTestClient.open(instance.port, BASE_MERCHANT_CODE);
  await socket.signIn(player.token, [CHAT_ROOM_TOPIC]);
  return socket;
}

function admin(method: 'GET' | 'POST', path: string, body?: unknown) {
  return callApi(first.app, method, path, { token: operatorToken, body });
}

beforeAll(async () => {
  database = await createTestDatabase();
  first = await startInstance();
  second = await startInstance();
  const password = await addOperator(first.db, 'chat-support', 'support');
  const login = await callApi(first.app, 'POST', '/admin/session/login', {
    body: { username: 'chat-support', password },
  });
  operatorToken = login.body.value.token as string;
});

afterAll(async () => {
  for (const instance of [first, second]) {
    await instance?.app.close();
    await instance?.db.destroy();
  }
  await database?.drop();
});

describe('chat room', () => {
  it('fans a post out to sockets on both instances, with the name masked, and resumes after a reconnect without loss or repeat', async () => {
    const alice = await register('cha');
    const bob = await register('chb');
    const aliceSocket = await roomSocket(first, alice);
    const bobSocket = await roomSocket(second, bob);

    const posted = await post(first, alice, 'hello <b>room</b> https://example.com');
    expect(posted.status).toBe(200);
    const pushed = {
      topic: CHAT_ROOM_TOPIC,
      data: { type: 'posted', message: posted.body.value },
    };
    expect(await bobSocket.next()).toEqual(pushed);
    expect(await aliceSocket.next()).toEqual(pushed);
    expect(posted.body.value).toMatchObject({
      name: maskName(alice.username, 'partial'),
      text: 'hello <b>room</b> https://example.com',
      house: false,
      rankLabel: null,
    });
    expect(posted.body.value.name).not.toBe(alice.username);
    const lastSeen = posted.body.value.id as string;

    // Bob drops; two posts happen meanwhile (one on each instance).
    bobSocket.close();
    const missed = [
      (await post(first, alice, 'one')).body.value.id,
      (await post(second, alice, 'two')).body.value.id,
    ];
    const back = await roomSocket(second, bob);
    const caughtUp = await callApi(second.app, 'GET', `${MESSAGES}?afterId=${lastSeen}`, {
      token: bob.token,
    });
    expect(caughtUp.body.value.messages.map((message: { id: string }) => message.id)).toEqual(
      missed,
    );
    expect(caughtUp.body.value.hasMore).toBe(false);
    // What comes after the catch-up arrives on the socket once, with a larger id.
    const next = await post(first, alice, 'three');
    expect(await back.next()).toEqual({
      topic: CHAT_ROOM_TOPIC,
      data: { type: 'posted', message: next.body.value },
    });
    expect(BigInt(next.body.value.id)).toBeGreaterThan(BigInt(missed[1]));

    // History on open ends with the newest; older pages go back by id.
    const room = await callApi(second.app, 'GET', ROOM, { token: bob.token });
    expect(room.body.value).toMatchObject({ open: true, canPost: true, trial: false });
    expect(room.body.value.messages.at(-1).id).toBe(next.body.value.id);
    const older = await callApi(
      second.app,
      'GET',
      `${MESSAGES}?beforeId=${next.body.value.id}&limit=2`,
      { token: bob.token },
    );
    expect(older.body.value).toEqual({
      messages: [
        expect.objectContaining({ text: 'one' }),
        expect.objectContaining({ text: 'two' }),
      ],
      hasMore: true,
    });
    aliceSocket.close();
    back.close();
  });

  it('serialises the posts of a room, so that its ids commit in id order (a resume never skips one)', async () => {
    const player = await register('cho');
    const waiting = () =>
      sql<{ count: number }>`
        SELECT count(*)::int AS count FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
      `.execute(first.db);
    let pending: ReturnType<typeof post> | undefined;
    await first.db.transaction().execute(async (trx) => {
      // Another post of the room holds its lock: this one must wait for it before taking an id.
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`chat-room:${BASE_MERCHANT_CODE}`}))`.execute(
        trx,
      );
      pending = post(second, player, 'after the other one');
      await vi.waitFor(async () => expect((await waiting()).rows[0]?.count).toBe(1), {
        timeout: 10_000,
        interval: 20,
      });
    });
    // The holder committed: the post goes through.
    expect((await pending)?.status).toBe(200);
  });

  it('lets a trial account read but not post, and asks a guest to sign in', async () => {
    const trial = await register('cht');
    await setMemberType(first.db, trial.username, 4);
    const room = await callApi(first.app, 'GET', ROOM, { token: trial.token });
    expect(room.body.value).toMatchObject({ canPost: false, trial: true });
    const refused = await post(first, trial, 'may I?');
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('TRIAL_ACCOUNT');
    const socket = await roomSocket(first, trial);
    socket.close();

    expect((await callApi(first.app, 'GET', ROOM)).status).toBe(401);
    const guest = await RealtimeTestClient.open(first.port, BASE_MERCHANT_CODE);
    guest.send({ op: 'subscribe', topics: [CHAT_ROOM_TOPIC] });
    expect(await guest.next()).toEqual({ op: 'error', errorCode: 'REALTIME_AUTH_FAILED' });
    guest.close();
  });

  it('refuses a long post and a flood, plain text kept as typed', async () => {
    const player = await register('chl');
    const long = await post(first, player, 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1));
    expect(long.status).toBe(400);
    const statuses: number[] = [];
    for (let index = 0; index <= CHAT_POSTS_PER_WINDOW; index += 1) {
      statuses.push((await post(first, player, `line ${index}\u200b`)).status);
    }
    expect(statuses.slice(0, CHAT_POSTS_PER_WINDOW).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('lets an operator mute a member (refused with the end time), delete a message for everyone and post as the house, each audited', async () => {
    const loud = await register('chm');
    const watcher = await register('chw');
    const socket = await roomSocket(second, watcher);
    const message = await post(first, loud, 'spam');
    await socket.next();

    const muted = await admin('POST', '/admin/chat/mutes', {
      memberAccount: loud.username,
      minutes: 10,
      reason: 'spam',
    });
    expect(muted.status).toBe(200);
    const refused = await post(first, loud, 'more spam');
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('CHAT_MUTED');
    expect(refused.body.details.untilMs).toBe(muted.body.value.mutedUntil);
    expect(refused.body.details.untilMs).toBeGreaterThan(Date.now() + 9 * 60_000);
    const room = await callApi(first.app, 'GET', ROOM, { token: loud.token });
    expect(room.body.value).toMatchObject({
      canPost: false,
      mutedUntil: muted.body.value.mutedUntil,
    });

    const deleted = await admin('POST', '/admin/chat/messages/delete', {
      id: message.body.value.id,
    });
    expect(deleted.body.value).toMatchObject({ deleted: true, memberAccount: loud.username });
    expect(await socket.next()).toEqual({
      topic: CHAT_ROOM_TOPIC,
      data: { type: 'deleted', id: message.body.value.id },
    });
    const history = await callApi(first.app, 'GET', ROOM, { token: watcher.token });
    expect(history.body.value.messages.map((row: { id: string }) => row.id)).not.toContain(
      message.body.value.id,
    );

    const house = await admin('POST', '/admin/chat/messages', { text: 'Welcome, everyone' });
    expect(house.status).toBe(200);
    expect(await socket.next()).toMatchObject({
      topic: CHAT_ROOM_TOPIC,
      data: { type: 'posted', message: { house: true, text: 'Welcome, everyone' } },
    });

    const actions = await first.db
      .selectFrom('audit_log')
      .select('action')
      .where('operator_username', '=', 'chat-support')
      .where('action', 'like', 'chat.%')
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual([
      'chat.mute',
      'chat.message.delete',
      'chat.message.house',
    ]);

    // Unmuted (0 minutes), the member posts again.
    await admin('POST', '/admin/chat/mutes', { memberAccount: loud.username, minutes: 0 });
    expect((await post(first, loud, 'sorry')).status).toBe(200);
    socket.close();
  });

  it('follows the room settings: closed refuses posts, names shown in full or hidden; only admin changes them', async () => {
    const player = await register('chs');
    const support = await admin('POST', '/admin/chat/room', {
      open: false,
      nameMask: 'none',
      linkHosts: [],
    });
    expect(support.status).toBe(403);
    const password = await addOperator(first.db, 'chat-admin', 'admin');
    const login = await callApi(first.app, 'POST', '/admin/session/login', {
      body: { username: 'chat-admin', password },
    });
    const adminToken = login.body.value.token as string;
    const change = (body: unknown) =>
      callApi(first.app, 'POST', '/admin/chat/room', { token: adminToken, body });
    expect(
      (await change({ open: false, nameMask: 'none', linkHosts: ['Example.com'] })).body.value,
    ).toEqual({ open: false, nameMask: 'none', linkHosts: ['example.com'] });
    const closed = await post(first, player, 'anyone?');
    expect(closed.status).toBe(409);
    expect(closed.body.errorCode).toBe('CHAT_ROOM_CLOSED');
    await change({ open: true, nameMask: 'none', linkHosts: ['example.com'] });
    expect((await post(first, player, 'hi')).body.value.name).toBe(player.username);
    await change({ open: true, nameMask: 'hidden', linkHosts: [] });
    const hidden = await post(first, player, 'hi');
    expect(hidden.body.value.name).not.toContain(player.username.slice(0, 3));
    await change({ open: true, nameMask: 'partial', linkHosts: [] });
  });
});

describe('maskName', () => {
  it('keeps two characters at each end of a long name and one of a short name', () => {
    expect(maskName('player123', 'partial')).toBe('pl***23');
    expect(maskName('abcd', 'partial')).toBe('a***');
    expect(maskName('player123', 'none')).toBe('player123');
    expect(maskName('player123', 'hidden')).toBe('******');
  });
});
