import type { AddressInfo } from 'node:net';
import { MEMBER_MISSIONS_TOPIC } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { fundedMember, operatorToken } from '../../../test/money-helpers.js';
import { RealtimeTestClient } from '../../../test/realtime-client.js';
import { callApi } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { buildApp } from '../../app.js';
import { createDatabase, type Db } from '../../db/database.js';
import { createServices, type Services } from '../../services.js';
import { appendEvents } from '../events/index.js';

let database: TestDatabase;
let db: Db;
let services: Services;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url);
  services = createServices(db);
  app = await buildApp({ db, services });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app?.close();
  await db?.destroy();
  await database?.drop();
});

describe('the mission badge push', () => {
  it("pushes a nudge on the member's own missions topic when a batch changes their progress", async () => {
    const admin = await operatorToken(app, db, 'pushadmin', 'admin');
    const saved = await callApi(app, 'POST', '/admin/missions', {
      token: admin,
      body: {
        period: 'daily',
        goalKind: 'bet-count',
        target: 1,
        rewardKind: 'cash',
        rewardAmount: 1,
        titles: { EN: 'Play once' },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const player = await fundedMember(app, db, 0, 'pushed');
    const socket = await RealtimeTestClient.open(port, BASE_MERCHANT_CODE);
    await socket.signIn(player.token, [MEMBER_MISSIONS_TOPIC]);

    await db.transaction().execute((trx) =>
      appendEvents(trx, [
        {
          type: 'round.settled',
          merchantCode: BASE_MERCHANT_CODE,
          memberId: player.id,
          payload: {
            memberId: player.id.toString(),
            merchantCode: BASE_MERCHANT_CODE,
            vassalage: 'TEST',
            gameCode: 'dice',
            gameCategory: 'INHOUSE',
            roundRef: 'push-round-1',
            currency: 'VND',
            stakeMinor: '100',
            validBetMinor: '100',
            winMinor: '0',
            settledAt: new Date().toISOString(),
          },
        },
      ]),
    );
    await services.events.runAll();
    expect(await socket.next()).toEqual({
      topic: MEMBER_MISSIONS_TOPIC,
      data: { reason: 'progress' },
    });
    const summary = await callApi(app, 'GET', '/wps/relay/MCSFE_getMissionSummaryDetails', {
      token: player.token,
    });
    expect(summary.body.value.claimableCount).toBe(1);
    socket.close();
  });
});
