import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signSeamlessBody } from '../src/modules/sandbox-provider/index.js';

export interface FakePlatformCall {
  action: string;
  body: Record<string, unknown>;
  signatureValid: boolean;
}

/** An injected fault: the answer the fake gives instead of doing the call (once per entry). */
export type FakeFault = { action: string; status: number; errorCode?: string; hang?: boolean };

/**
 * A stand-in for the platform's seamless-wallet API over real HTTP: checks signatures, keeps one
 * player's balance, replays repeated transaction ids, and can be told to fail calls.
 */
export async function startFakePlatform(options: { secret: string; balanceMinor: number }) {
  const calls: FakePlatformCall[] = [];
  const faults: FakeFault[] = [];
  const answers = new Map<string, { status: number; body: unknown }>();
  const rolledBack = new Set<string>();
  const state = {
    balanceMinor: options.balanceMinor,
    gameCode: 'coin-flip',
    roomId: null as string | null,
  };
  const validTokens = new Set<string>();
  const hanging: Array<() => void> = [];

  const ok = (value: object) => ({ status: 200, body: { success: true, value } });
  const fail = (status: number, errorCode: string) => ({
    status,
    body: { success: false, errorCode, message: errorCode },
  });

  function handle(action: string, body: Record<string, unknown>) {
    switch (action) {
      case 'authenticate': {
        const token = String(body.launchToken);
        if (!validTokens.delete(token)) return fail(401, 'SEAMLESS_TOKEN_INVALID');
        return ok({
          sessionId: `session-${token}`,
          currency: 'USD',
          balanceMinor: state.balanceMinor,
          language: 'EN',
          gameCode: state.gameCode,
          nodeId: 7,
          roomId: state.roomId,
        });
      }
      case 'balance':
        return ok({ balanceMinor: state.balanceMinor, currency: 'USD' });
      case 'bet': {
        const amount = Number(body.amountMinor);
        if (rolledBack.has(String(body.transactionId)))
          return fail(409, 'SEAMLESS_BET_ROLLED_BACK');
        if (amount > state.balanceMinor) return fail(409, 'SEAMLESS_INSUFFICIENT_FUNDS');
        state.balanceMinor -= amount;
        return ok({
          balanceMinor: state.balanceMinor,
          transactionId: body.transactionId as string,
        });
      }
      case 'win':
        state.balanceMinor += Number(body.amountMinor);
        return ok({
          balanceMinor: state.balanceMinor,
          transactionId: body.transactionId as string,
        });
      case 'rollback':
        rolledBack.add(String(body.refTransactionId));
        return ok({
          balanceMinor: state.balanceMinor,
          transactionId: body.transactionId as string,
        });
      default:
        return fail(404, 'NOT_FOUND');
    }
  }

  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      const action = (request.url ?? '').replace('/seamless/v1/SBX/', '');
      const timestamp = Number(request.headers['x-provider-timestamp']);
      const expected = Buffer.from(signSeamlessBody(options.secret, timestamp, raw));
      const given = Buffer.from(String(request.headers['x-provider-signature'] ?? ''));
      const signatureValid =
        expected.length === given.length &&
        timingSafeEqual(expected, given) &&
        Math.abs(Date.now() - timestamp) < 300_000;
      const body = JSON.parse(raw) as Record<string, unknown>;
      calls.push({ action, body, signatureValid });
      const send = (answer: { status: number; body: unknown }) =>
        response
          .writeHead(answer.status, { 'content-type': 'application/json' })
          .end(JSON.stringify(answer.body));
      if (!signatureValid) return send(fail(401, 'SEAMLESS_SIGNATURE_INVALID'));
      const faultIndex = faults.findIndex((fault) => fault.action === action);
      if (faultIndex >= 0) {
        const [fault] = faults.splice(faultIndex, 1);
        if (fault?.hang) {
          hanging.push(() => response.destroy());
          return;
        }
        if (fault) return send(fail(fault.status, fault.errorCode ?? 'INTERNAL'));
      }
      const key = typeof body.transactionId === 'string' ? `${action}:${body.transactionId}` : '';
      const replay = key ? answers.get(key) : undefined;
      if (replay) return send(replay);
      const answer = handle(action, body);
      if (key) answers.set(key, answer);
      return send(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    faults,
    state,
    issueToken(token: string) {
      validTokens.add(token);
    },
    close: async () => {
      for (const release of hanging) release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakePlatform = Awaited<ReturnType<typeof startFakePlatform>>;
