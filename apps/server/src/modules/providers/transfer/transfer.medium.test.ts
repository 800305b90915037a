import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf } from '../../../../test/event-helpers.js';
import { BASE_MERCHANT_CODE } from '../../../../test/fixtures/base-merchant.js';
import {
  addProviderWithGame,
  availableMinor,
  memberWithSession,
} from '../../../../test/seamless-helpers.js';
import { callApi, useTestApp } from '../../../../test/test-app.js';
import { createUnitOfWork } from '../../../db/unit-of-work.js';
import { createServices } from '../../../services.js';
import { createGameLookups } from '../../games/index.js';
import { verifyProviderCall } from '../seamless/signature.js';
import { createTransferClient } from './client.js';
import { createGameTransferRepository } from './repository.js';
import { createGameTransferService } from './service.js';

const SECRET = 'transfer-provider-secret-for-tests';
const WALLET = 'TRFWALLET';
/** Amounts that make the fake provider misbehave (see `fakeProvider`). */
const FAILS = 1_111n;
const SLOW_THEN_OK = 2_222n;
const SLOW_UNKNOWN_THEN_OK = 3_333n;
const SLOW_THEN_FAILED = 4_444n;
/** The fake answers slow transfers after this; the client gives up long before. */
const SLOW_ANSWER_MS = 3_000;
/** Short enough to give up on slow answers, long enough for prompt ones on a busy machine. */
const SLOW_CLIENT_TIMEOUT_MS = 500;
const CLIENT_TIMEOUT_MS = 10_000;

interface FakeProvider {
  server: Server;
  baseUrl: string;
  /** transferId -> amount, of every transfer the fake received (signed correctly). */
  received: Map<string, number>;
  statusAsked: Map<string, number>;
  badSignatures: number;
}

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    request.on('data', (chunk) => {
      data += chunk;
    });
    request.on('end', () => resolve(data));
  });
}

/** A transfer-mode provider on a real port: checks our signature, answers by amount. */
async function fakeProvider(): Promise<FakeProvider> {
  const fake = {
    received: new Map<string, number>(),
    statusAsked: new Map<string, number>(),
    badSignatures: 0,
  } as FakeProvider;
  fake.server = createServer(async (request, response) => {
    const rawBody = await bodyOf(request);
    const signed = verifyProviderCall({
      secret: SECRET,
      timestamp: request.headers['x-provider-timestamp'] as string | undefined,
      signature: request.headers['x-provider-signature'] as string | undefined,
      rawBody,
      nowMs: Date.now(),
    });
    const answer = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (!signed) {
      fake.badSignatures += 1;
      return answer(401, { status: 'failed' });
    }
    const body = JSON.parse(rawBody) as { transferId: string; amountMinor: number };
    if (request.url === '/api/transfer') {
      const amount = BigInt(body.amountMinor);
      fake.received.set(body.transferId, body.amountMinor);
      if (amount === FAILS) return answer(200, { status: 'failed' });
      if ([SLOW_THEN_OK, SLOW_UNKNOWN_THEN_OK, SLOW_THEN_FAILED].includes(amount)) {
        setTimeout(() => answer(200, { status: 'ok', balanceMinor: 0 }), SLOW_ANSWER_MS);
        return;
      }
      return answer(200, { status: 'ok', balanceMinor: body.amountMinor });
    }
    if (request.url === '/api/transfer/status') {
      const asked = (fake.statusAsked.get(body.transferId) ?? 0) + 1;
      fake.statusAsked.set(body.transferId, asked);
      const amount = fake.received.get(body.transferId);
      if (amount === undefined) return answer(200, { status: 'unknown' });
      if (BigInt(amount) === SLOW_UNKNOWN_THEN_OK && asked === 1) {
        return answer(200, { status: 'unknown' });
      }
      if (BigInt(amount) === SLOW_THEN_FAILED || BigInt(amount) === FAILS) {
        return answer(200, { status: 'failed' });
      }
      return answer(200, { status: 'ok' });
    }
    answer(404, {});
  });
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  return fake;
}

describe('transfer-mode providers: hold, call, post or void, status checks', () => {
  const context = useTestApp();
  let fake: FakeProvider;
  let nodeId: bigint;

  beforeAll(async () => {
    fake = await fakeProvider();
    const { db } = context.database;
    await sql`
      INSERT INTO vendor_wallets (merchant_code, code, name, min_transfer_minor, max_transfer_minor)
      VALUES (${BASE_MERCHANT_CODE}, ${WALLET}, 'Transfer provider wallet', 1, 100000000000)
    `.execute(db);
    nodeId = await addProviderWithGame(db, {
      code: 'TRF_PROV',
      integration: 'http',
      walletMode: 'transfer',
      launchUrl: `${fake.baseUrl}/play`,
      apiSecret: SECRET,
      walletCode: WALLET,
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => fake?.server.close(resolve));
  });

  /** The transfer service with a clock `aheadMs` in the future. */
  function transfers(aheadMs = 0, timeoutMs = CLIENT_TIMEOUT_MS) {
    const { db } = context.database;
    const { ledger } = createServices(db);
    const providers = createGameLookups(db);
    return createGameTransferService({
      repository: createGameTransferRepository(db),
      ledger,
      unitOfWork: createUnitOfWork(db),
      client: createTransferClient({
        siteBaseUrl: 'http://127.0.0.1:1',
        timeoutMs,
      }),
      providerOf: (code) => providers.provider(code),
      now: () => Date.now() + aheadMs,
    });
  }

  async function provider() {
    const found = await createGameLookups(context.database.db).provider('TRF_PROV');
    if (!found) throw new Error('provider missing');
    return found;
  }

  async function vendorMinor(memberId: bigint): Promise<bigint> {
    const accounts = await createServices(context.database.db).ledger.memberAvailableBalances(
      memberId,
    );
    return accounts
      .filter((account) => account.wallet === WALLET)
      .reduce((sum, account) => sum + account.availableMinor, 0n);
  }

  async function expectLedgerWhole() {
    expect(await createServices(context.database.db).ledger.reconcile()).toEqual([]);
  }

  async function move(memberId: bigint, amountMinor: bigint, direction: 'in' | 'out' = 'in') {
    const slow = [SLOW_THEN_OK, SLOW_UNKNOWN_THEN_OK, SLOW_THEN_FAILED].includes(amountMinor);
    return transfers(0, slow ? SLOW_CLIENT_TIMEOUT_MS : CLIENT_TIMEOUT_MS).move({
      merchantCode: BASE_MERCHANT_CODE,
      currency: 'VND',
      memberId,
      provider: await provider(),
      walletCode: WALLET,
      direction,
      amountMinor,
    });
  }

  it('moves money in and out when the provider says ok, signed', async () => {
    const { memberId } = await memberWithSession(context.database.db, 10_000n);
    expect((await move(memberId, 6_000n)).outcome).toBe('ok');
    expect(await availableMinor(context.database.db, memberId)).toBe(4_000n);
    expect(await vendorMinor(memberId)).toBe(6_000n);
    expect((await move(memberId, 2_500n, 'out')).outcome).toBe('ok');
    expect(await availableMinor(context.database.db, memberId)).toBe(6_500n);
    expect(await vendorMinor(memberId)).toBe(3_500n);
    expect(fake.badSignatures).toBe(0);
    // Each money step told the stream (the header's live balance reads it), once.
    const moved = await eventsOf(context.database.db, 'wallet.transfer-moved', memberId);
    expect(moved.map((event) => event.payload)).toEqual([
      expect.objectContaining({ direction: 'in', stage: 'held', amountMinor: '6000' }),
      expect.objectContaining({ direction: 'in', stage: 'posted', amountMinor: '6000' }),
      expect.objectContaining({ direction: 'out', stage: 'held', amountMinor: '2500' }),
      expect.objectContaining({ direction: 'out', stage: 'posted', amountMinor: '2500' }),
    ]);
    await expectLedgerWhole();
  });

  it('voids the hold when the provider says failed', async () => {
    const { memberId } = await memberWithSession(context.database.db, 10_000n);
    const { transferId, outcome } = await move(memberId, FAILS);
    expect(outcome).toBe('failed');
    expect(await availableMinor(context.database.db, memberId)).toBe(10_000n);
    expect(await vendorMinor(memberId)).toBe(0n);
    expect((await transfers().find(transferId))?.status).toBe('failed');
    const moved = await eventsOf(context.database.db, 'wallet.transfer-moved', memberId);
    expect(moved.map((event) => event.payload.stage)).toEqual(['held', 'voided']);
    await expectLedgerWhole();
  });

  it('keeps the amount held after a timeout, then settles it from the status', async () => {
    const { memberId } = await memberWithSession(context.database.db, 10_000n);
    const slowOk = await move(memberId, SLOW_THEN_OK);
    const slowUnknown = await move(memberId, SLOW_UNKNOWN_THEN_OK);
    const slowFailed = await move(memberId, SLOW_THEN_FAILED);
    for (const result of [slowOk, slowUnknown, slowFailed]) expect(result.outcome).toBe('pending');
    // Held: neither in the main wallet nor yet in the vendor's.
    expect(await availableMinor(context.database.db, memberId)).toBe(
      10_000n - SLOW_THEN_OK - SLOW_UNKNOWN_THEN_OK - SLOW_THEN_FAILED,
    );
    expect(await vendorMinor(memberId)).toBe(0n);
    // Too early: the first call may still be running, so nobody is asked yet.
    expect(await transfers().checkPending()).toBe(0);
    // The status job, later: ok and failed are settled, unknown waits for the next run.
    const later = transfers(60_000);
    expect(await later.checkPending()).toBe(2);
    expect((await later.find(slowOk.transferId))?.status).toBe('ok');
    expect((await later.find(slowFailed.transferId))?.status).toBe('failed');
    expect((await later.find(slowUnknown.transferId))?.status).toBe('pending');
    expect(await later.checkPending()).toBe(1);
    expect((await later.find(slowUnknown.transferId))?.status).toBe('ok');
    expect(await availableMinor(context.database.db, memberId)).toBe(
      10_000n - SLOW_THEN_OK - SLOW_UNKNOWN_THEN_OK,
    );
    expect(await vendorMinor(memberId)).toBe(SLOW_THEN_OK + SLOW_UNKNOWN_THEN_OK);
    await expectLedgerWhole();
  });

  it('moves the main balance into the vendor on launch with confirmTrans=1', async () => {
    const { db } = context.database;
    const { memberId, token } = await memberWithSession(db, 7_500n);
    const launched = await callApi(context.app, 'POST', '/wps/game/launchGame', {
      token,
      body: { nodeId: Number(nodeId), vassalage: 'TRF_PROV', confirmTrans: 1 },
    });
    expect(launched.status).toBe(200);
    expect(launched.body.value.game_url).toMatch(new RegExp(`^${fake.baseUrl}/play\\?token=`));
    expect(await availableMinor(db, memberId)).toBe(0n);
    expect(await vendorMinor(memberId)).toBe(7_500n);
    // Without confirmTrans nothing moves.
    const { memberId: other, token: otherToken } = await memberWithSession(db, 5_000n);
    await callApi(context.app, 'POST', '/wps/game/launchGame', {
      token: otherToken,
      body: { nodeId: Number(nodeId), vassalage: 'TRF_PROV' },
    });
    expect(await availableMinor(db, other)).toBe(5_000n);
    await expectLedgerWhole();
  });

  it('routes GCS_walletTransfer of a provider-kept wallet through the provider', async () => {
    const { db } = context.database;
    const { memberId, token } = await memberWithSession(db, 100_000n);
    const transfer = (amount: number, key: string, from = 'main', to = WALLET) =>
      callApi(context.app, 'POST', '/wps/relay/GCS_walletTransfer', {
        token,
        headers: { 'idempotency-key': key },
        body: { from, to, amount },
      });
    const first = await transfer(300, 'key-1');
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ from: 'main', to: WALLET, amount: 300 });
    expect(fake.received.get(first.body.value.transferId)).toBe(30_000);
    // A retry with the key moves nothing more.
    expect((await transfer(300, 'key-1')).status).toBe(200);
    expect(await vendorMinor(memberId)).toBe(30_000n);
    const refused = await transfer(Number(FAILS) / 100, 'key-2');
    expect(refused.body.errorCode).toBe('GAME_TRANSFER_FAILED');
    const back = await transfer(100, 'key-3', WALLET, 'main');
    expect(back.status).toBe(200);
    expect(await availableMinor(db, memberId)).toBe(80_000n);
    expect(await vendorMinor(memberId)).toBe(20_000n);
    await expectLedgerWhole();
  });
});
