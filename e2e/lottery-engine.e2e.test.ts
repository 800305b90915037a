import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { useJourney } from './support/journey.js';

/** Draws every 20 s in this journey (test-only setting), so a bet settles within a minute. */
const FAST_INTERVAL_SECONDS = 20;
const SETTLE_WAIT_MS = 90_000;
const POLL_MS = 1000;
const GAME = 'DIGIT5_1M';

/**
 * The real server process: its pg-boss job ticks the draw machine. A trial account bets on a
 * house fast draw, a WebSocket subscriber sees the draw close, be drawn and settle, and the win
 * is credited and shown in the betting record; the server then stops cleanly.
 */
describe('lottery engine in the real server', () => {
  const journey = useJourney('lottery-engine', {
    browser: false,
    env: { LOTTERY_FAST_INTERVAL_SECONDS: String(FAST_INTERVAL_SECONDS) },
  });

  async function call(method: string, path: string, token?: string, body?: unknown) {
    const response = await fetch(`${journey.server.baseUrl}${path}`, {
      method,
      headers: {
        merchant: 'DEMO',
        device: 'WEB',
        ...(token ? { authorization: token } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: the JSON answers of several calls, read loosely
    return (await response.json()) as { success: boolean; value: any; errorCode?: string };
  }

  /** Asks `read` again until it answers something, for at most SETTLE_WAIT_MS. */
  async function until<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
    try {
      return await vi.waitFor(
        async () => {
          const found = await read();
          if (found === undefined) throw new Error(`still waiting for ${what}`);
          return found;
        },
        { timeout: SETTLE_WAIT_MS, interval: POLL_MS },
      );
    } catch {
      throw new Error(`timed out waiting for ${what}:\n${journey.server.output()}`);
    }
  }

  it('bets on a fast draw and sees it drawn, settled, credited and pushed', async () => {
    const demo = await call('POST', '/wps/session/login/freeplay', undefined, {
      os: 'Linux',
      platform: 'W',
    });
    const token: string = demo.value.token;
    const before = (await call('GET', '/wps/v2/wallets/balance', token)).value.sumBalance;

    const draw = await until(async () => {
      const current = await call('GET', `/lotto/lgw/games/draw/current?gameCode=${GAME}`);
      const open = current.value.current;
      // Leave time to subscribe and bet before it closes.
      return open && open.closesAtMs - current.value.serverTimeMs > 4000 ? open : undefined;
    }, 'an open draw');
    expect(draw.seedHash).toMatch(/^[0-9a-f]{64}$/);

    const seen: { type: string; drawId: number }[] = [];
    const socket = new WebSocket(
      `${journey.server.baseUrl.replace('http', 'ws')}/ws?merchant=DEMO`,
    );
    await new Promise<void>((resolve, reject) => {
      socket.on('error', reject);
      socket.on('open', () =>
        socket.send(JSON.stringify({ op: 'subscribe', topics: [`lottery.draws.${GAME}`] })),
      );
      socket.on('message', (raw) => {
        const message = JSON.parse(String(raw));
        if (message.op === 'subscribed') resolve();
        else if (message.data?.drawId === draw.drawId) seen.push(message.data);
      });
    });

    // Odd and even on the sum: exactly one of the two wins 1.94 times its stake.
    const slipId = randomUUID();
    const placed = await call('POST', '/lotto/lgw/bets', token, {
      slipId,
      gameCode: GAME,
      drawId: draw.drawId,
      bets: [
        { betType: 'sum_odd_even', numbers: ['odd'], amountPerPoint: 10 },
        { betType: 'sum_odd_even', numbers: ['even'], amountPerPoint: 10 },
      ],
      totalAmount: 20,
    });
    expect(placed.success).toBe(true);

    const settled = await until(async () => {
      const bets = await call('GET', `/lotto/lgw/bets?gameCode=${GAME}`, token);
      const list = bets.value.list as { status: string; payout: number }[];
      return list.every((bet) => bet.status !== 'open') ? list : undefined;
    }, 'the bets to settle');
    expect(settled.map((bet) => bet.status).sort()).toEqual(['lost', 'won']);
    const after = (await call('GET', '/wps/v2/wallets/balance', token)).value.sumBalance;
    expect(after).toBeCloseTo(before - 20 + 19.4, 2);

    await until(
      async () => (seen.some((event) => event.type === 'settled') ? true : undefined),
      'the settled event',
    );
    expect(seen.map((event) => event.type)).toEqual(
      expect.arrayContaining(['closed', 'drawn', 'settled']),
    );
    socket.close();

    // The betting record reads game_rounds (trial accounts may not open it, so read the rows):
    // one round for the slip, with the sum of its bets.
    const client = await journey.pg();
    const rounds = await client.query(
      `SELECT r.status, r.stake_minor, r.win_minor FROM game_rounds r
       WHERE r.round_ref = 'lottery:slip:' || $1`,
      [slipId],
    );
    expect(rounds.rows).toEqual([{ status: 'settled', stake_minor: '2000', win_minor: '1940' }]);
  }, 150_000);
});
