import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_MERCHANT_CODE } from '../../../../test/fixtures/base-merchant.js';
import { operatorToken } from '../../../../test/money-helpers.js';
import { callApi, useTestApp } from '../../../../test/test-app.js';
import { proofImageBase64 } from '../../../../test/withdrawal-helpers.js';
import { catalogueFixtures } from '../test/catalogue-fixtures.js';

const context = useTestApp();
const db = () => context.database.db;
const VENDOR = 'GCAT';
let content: string;
let finance: string;
let roomNodeId: number;

beforeAll(async () => {
  const fixtures = catalogueFixtures(db(), BASE_MERCHANT_CODE);
  await fixtures.vendor(VENDOR);
  roomNodeId = await fixtures.game(VENDOR, 'gcat-pvp', 'PVP', { names: { EN: 'Duel' } });
  await fixtures.room('gcat-room-1', roomNodeId, { names: { EN: 'Bronze' } });
  content = await operatorToken(context.app, db(), 'gcat-content', 'content');
  finance = await operatorToken(context.app, db(), 'gcat-finance', 'finance');
});

async function uploadIcon(token: string, imageBase64: string) {
  return callApi(context.app, 'POST', '/admin/games/icons', { token, body: { imageBase64 } });
}

async function auditCount(action: string, subjectId: string): Promise<number> {
  const result = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM audit_log WHERE action = ${action} AND subject_id = ${subjectId}
  `.execute(db());
  return result.rows[0]?.n ?? 0;
}

describe('the console adds games, icons, rules and PvP room limits', () => {
  it('uploads an icon checked like a banner image and serves it immutable', async () => {
    const uploaded = await uploadIcon(content, await proofImageBase64('png', 64, 64));
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.value).toMatchObject({ width: 64, height: 64 });
    const iconUrl = uploaded.body.value.iconUrl as string;
    expect(iconUrl).toMatch(/^\/games\/icons\/[0-9a-f-]{36}$/);
    const served = await context.app.inject({ method: 'GET', url: iconUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(await auditCount('games.icon.upload', iconUrl.split('/').at(-1) as string)).toBe(1);

    const notAnImage = await uploadIcon(
      content,
      Buffer.from('<svg onload=alert(1)>').toString('base64'),
    );
    expect(notAnImage.body.errorCode).toBe('CONTENT_IMAGE_INVALID');
    // A PNG header that claims a picture far larger than the bytes it carries.
    const header = Buffer.from(await proofImageBase64('png', 8, 8), 'base64');
    header.writeUInt32BE(100_000, 16);
    const huge = await uploadIcon(content, header.toString('base64'));
    expect(huge.body.errorCode).toBe('CONTENT_IMAGE_INVALID');
    expect((await uploadIcon(finance, await proofImageBase64('png', 8, 8))).status).toBe(403);
  });

  it('adds a game to a vendor of the merchant, hidden until switched on, audited', async () => {
    const icon = await uploadIcon(content, await proofImageBase64('png', 32, 32));
    const iconUrl = icon.body.value.iconUrl as string;
    const body = {
      vassalage: VENDOR,
      gameCode: 'gcat-new-slot',
      gameType: 'RNG',
      names: { EN: 'Lucky Lanterns', VI: 'Đèn Lồng May Mắn' },
      iconUrl,
    };
    const created = await callApi(context.app, 'POST', '/admin/games/create', {
      token: content,
      body,
    });
    expect(created.status).toBe(200);
    expect(created.body.value).toMatchObject({
      vassalage: VENDOR,
      gameCode: 'gcat-new-slot',
      gameType: 'RNG',
      iconUrl,
      enabled: false,
      names: { EN: 'Lucky Lanterns', VI: 'Đèn Lồng May Mắn' },
    });
    const nodeId = created.body.value.nodeId as string;
    expect(await auditCount('games.game.create', nodeId)).toBe(1);
    const listed = await callApi(context.app, 'GET', `/admin/games?vassalage=${VENDOR}`, {
      token: finance,
    });
    expect(listed.body.value.items.map((game: { gameCode: string }) => game.gameCode)).toContain(
      'gcat-new-slot',
    );

    const twice = await callApi(context.app, 'POST', '/admin/games/create', {
      token: content,
      body,
    });
    expect(twice.body.errorCode).toBe('GAME_CODE_TAKEN');
    const noVendor = await callApi(context.app, 'POST', '/admin/games/create', {
      token: content,
      body: { ...body, gameCode: 'gcat-other', vassalage: 'NOSUCHVENDOR' },
    });
    expect(noVendor.status).toBe(404);
    const strangeIcon = await callApi(context.app, 'POST', '/admin/games/create', {
      token: content,
      body: { ...body, gameCode: 'gcat-other', iconUrl: `/games/icons/${randomUUID()}` },
    });
    expect(strangeIcon.body).toMatchObject({
      errorCode: 'NOT_FOUND',
      details: { field: 'iconUrl' },
    });
    const outsideIcon = await callApi(context.app, 'POST', '/admin/games/create', {
      token: content,
      body: { ...body, gameCode: 'gcat-other', iconUrl: 'https://evil.example/icon.png' },
    });
    expect(outsideIcon.status).toBe(400);
    const nameless = await callApi(context.app, 'POST', '/admin/games/create', {
      token: content,
      body: { ...body, gameCode: 'gcat-other', names: { EN: '' } },
    });
    expect(nameless.status).toBe(400);
  });

  it("changes a game's icon and its rules per language, sanitized and audited", async () => {
    const icon = await uploadIcon(content, await proofImageBase64('png', 40, 40));
    const iconUrl = icon.body.value.iconUrl as string;
    const nodeId = String(roomNodeId);
    const changed = await callApi(context.app, 'POST', '/admin/games', {
      token: content,
      body: {
        nodeId,
        iconUrl,
        rules: { EN: '<p>Two players, <b>best of three</b>.</p><script>alert(1)</script>' },
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.value.iconUrl).toBe(iconUrl);
    const stored = await sql<{ rules_html: string }>`
      SELECT rules_html FROM game_texts WHERE node_id = ${nodeId} AND language = 'EN'
    `.execute(db());
    expect(stored.rows[0]?.rules_html).toContain('<b>best of three</b>');
    expect(stored.rows[0]?.rules_html).not.toContain('script');
    const audit = await sql<{ after: { rules: Record<string, string> } }>`
      SELECT after FROM audit_log WHERE action = 'games.game.update' AND subject_id = ${nodeId}
    `.execute(db());
    expect(audit.rows.at(-1)?.after.rules.EN).toContain('best of three');
  });

  it('lists the PvP rooms to every role and lets games:edit set their stakes and switch', async () => {
    const rooms = await callApi(context.app, 'GET', '/admin/games/rooms', { token: finance });
    expect(rooms.status).toBe(200);
    expect(rooms.body.value.list).toContainEqual(
      expect.objectContaining({
        roomId: 'gcat-room-1',
        gameCode: 'gcat-pvp',
        minBet: 1,
        maxBet: 100,
        enabled: true,
      }),
    );
    const update = (token: string, body: object) =>
      callApi(context.app, 'POST', '/admin/games/rooms', { token, body });
    const changed = await update(content, {
      roomId: 'gcat-room-1',
      minBet: 2,
      maxBet: 50.5,
      enabled: false,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.value).toMatchObject({ minBet: 2, maxBet: 50.5, enabled: false });
    expect(await auditCount('games.room.update', 'gcat-room-1')).toBe(1);
    const row = await sql<{ min_bet_minor: bigint; enabled: boolean }>`
      SELECT min_bet_minor, enabled FROM pvp_rooms WHERE room_id = 'gcat-room-1'
    `.execute(db());
    expect(row.rows[0]).toEqual({ min_bet_minor: 200n, enabled: false });

    const inverted = await update(content, {
      roomId: 'gcat-room-1',
      minBet: 60,
      maxBet: 50,
      enabled: true,
    });
    expect(inverted.status).toBe(400);
    const unknown = await update(content, { roomId: 'nope', minBet: 1, maxBet: 2, enabled: true });
    expect(unknown.status).toBe(404);
    const refused = await update(finance, {
      roomId: 'gcat-room-1',
      minBet: 1,
      maxBet: 2,
      enabled: true,
    });
    expect(refused.status).toBe(403);
    expect(await auditCount('games.room.update', 'gcat-room-1')).toBe(1);
  });
});
