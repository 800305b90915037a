import {
  SEAMLESS_AMOUNT_MAX_MINOR,
  SEAMLESS_BALANCE_MAX_MINOR,
  type SeamlessAction,
} from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';

/** What a provider adapter answers for one call: the value, or the refusal with its status. */
export type SeamlessOutcome =
  // biome-ignore lint/suspicious/noExplicitAny: the suite reads the protocol's fields by name.
  { ok: true; value: any } | { ok: false; status: number; errorCode: string };

/** One way of calling the seamless wallet: in-process (builtin) or signed HTTP (outside). */
export interface SeamlessAdapter {
  vassalage: string;
  call(action: SeamlessAction, body: Record<string, unknown>): Promise<SeamlessOutcome>;
}

/** The adapter under test and the fixtures the suite needs around it. */
export interface ConformanceHarness {
  adapter: SeamlessAdapter;
  /** A new member holding `fundsMinor`, with a launch token for a game of the adapter's provider. */
  newPlayer(fundsMinor: bigint): Promise<{ memberId: bigint; launchToken: string }>;
  /** The member's available main cash, read from the ledger. */
  balanceMinor(memberId: bigint): Promise<bigint>;
  /** Makes a game session look idle for `idleMs` (its last use moved into the past). */
  idleSession(sessionId: string, idleMs: number): Promise<void>;
  /** Every broken invariant: the ledger's reconciliation and the rounds against their transactions. */
  breaks(): Promise<unknown[]>;
}

const FUNDS_MINOR = 100_000n;
/** Longer than any idle timeout a provider session may have (30 minutes in the protocol). */
const LONG_IDLE_MS = 31 * 60 * 1000;

let counter = 0;
function uniqueId(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Every rule of the seamless-wallet protocol (docs/games-seamless-wallet.md), for any adapter.
 * Call inside a `describe`; `makeHarness` runs once before the first case.
 */
export function runSeamlessConformance(makeHarness: () => Promise<ConformanceHarness>): void {
  let harness: ConformanceHarness;
  beforeAll(async () => {
    harness = await makeHarness();
  });

  const call = (action: SeamlessAction, body: Record<string, unknown>) =>
    harness.adapter.call(action, body);

  async function player(fundsMinor = FUNDS_MINOR) {
    const { memberId, launchToken } = await harness.newPlayer(fundsMinor);
    const auth = await call('authenticate', { launchToken });
    if (!auth.ok) throw new Error(`authenticate refused: ${auth.errorCode}`);
    return {
      memberId,
      sessionId: auth.value.sessionId as string,
      gameCode: auth.value.gameCode as string,
    };
  }

  function refusedWith(outcome: SeamlessOutcome, errorCode: string, status: number) {
    expect(outcome).toMatchObject({ ok: false, errorCode, status });
  }

  async function expectConsistent(memberId: bigint, balanceMinor: bigint) {
    expect(await harness.balanceMinor(memberId)).toBe(balanceMinor);
    expect(await harness.breaks()).toEqual([]);
  }

  const bet = (
    session: { sessionId: string; gameCode: string },
    fields: { transactionId: string; roundId: string; amountMinor: number; detail?: object },
  ) => call('bet', { sessionId: session.sessionId, gameCode: session.gameCode, ...fields });

  describe('authenticate and balance', () => {
    it('spends the launch token once and opens a session with the balance', async () => {
      const { memberId, launchToken } = await harness.newPlayer(FUNDS_MINOR);
      const auth = await call('authenticate', { launchToken });
      expect(auth.ok).toBe(true);
      if (!auth.ok) return;
      expect(auth.value).toMatchObject({ balanceMinor: Number(FUNDS_MINOR) });
      expect(auth.value.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(typeof auth.value.gameCode).toBe('string');
      expect(typeof auth.value.currency).toBe('string');
      refusedWith(await call('authenticate', { launchToken }), 'SEAMLESS_TOKEN_INVALID', 401);
      refusedWith(
        await call('authenticate', { launchToken: 'x'.repeat(43) }),
        'SEAMLESS_TOKEN_INVALID',
        401,
      );
      const balance = await call('balance', { sessionId: auth.value.sessionId });
      expect(balance).toMatchObject({ ok: true, value: { balanceMinor: Number(FUNDS_MINOR) } });
      refusedWith(
        await call('balance', { sessionId: 'y'.repeat(43) }),
        'SEAMLESS_SESSION_INVALID',
        401,
      );
      await expectConsistent(memberId, FUNDS_MINOR);
    });

    it('refuses fractions and negative amounts without moving money', async () => {
      const session = await player();
      const roundId = uniqueId('r');
      refusedWith(
        await bet(session, { transactionId: uniqueId('t'), roundId, amountMinor: 1.5 }),
        'VALIDATION_FAILED',
        400,
      );
      refusedWith(
        await bet(session, { transactionId: uniqueId('t'), roundId, amountMinor: -5 }),
        'VALIDATION_FAILED',
        400,
      );
      await expectConsistent(session.memberId, FUNDS_MINOR);
    });
  });

  describe('bet and win', () => {
    it('debits a bet, credits a win, closes the round, and replays repeats exactly', async () => {
      const session = await player();
      const roundId = uniqueId('r');
      const betId = uniqueId('bet');
      const placed = await bet(session, {
        transactionId: betId,
        roundId,
        amountMinor: 1_000,
        detail: { reels: [1, 2, 3] },
      });
      expect(placed).toEqual({ ok: true, value: { balanceMinor: 99_000, transactionId: betId } });
      await expectConsistent(session.memberId, 99_000n);

      const winId = uniqueId('win');
      const won = await call('win', {
        sessionId: session.sessionId,
        transactionId: winId,
        roundId,
        amountMinor: 2_500,
        roundClosed: true,
      });
      expect(won).toEqual({ ok: true, value: { balanceMinor: 101_500, transactionId: winId } });
      await expectConsistent(session.memberId, 101_500n);

      // Repeats answer the first answer (its balance then), and move nothing.
      expect(
        await bet(session, { transactionId: betId, roundId, amountMinor: 1_000, detail: { x: 1 } }),
      ).toEqual(placed);
      expect(
        await call('win', {
          sessionId: session.sessionId,
          transactionId: winId,
          roundId,
          amountMinor: 2_500,
          roundClosed: true,
        }),
      ).toEqual(won);
      await expectConsistent(session.memberId, 101_500n);

      // The round is settled: no more bets in it.
      refusedWith(
        await bet(session, { transactionId: uniqueId('bet'), roundId, amountMinor: 10 }),
        'SEAMLESS_ROUND_CLOSED',
        409,
      );
      await expectConsistent(session.memberId, 101_500n);
    });

    it('takes several bets and a zero win (a loss) in one round', async () => {
      const session = await player();
      const roundId = uniqueId('r');
      for (const amountMinor of [100, 200, 300]) {
        const placed = await bet(session, { transactionId: uniqueId('bet'), roundId, amountMinor });
        expect(placed.ok).toBe(true);
      }
      const lost = await call('win', {
        sessionId: session.sessionId,
        transactionId: uniqueId('win'),
        roundId,
        amountMinor: 0,
        roundClosed: true,
      });
      expect(lost).toMatchObject({ ok: true, value: { balanceMinor: 99_400 } });
      await expectConsistent(session.memberId, 99_400n);
    });

    it('refuses the same transaction id with other fields', async () => {
      const session = await player();
      const roundId = uniqueId('r');
      const betId = uniqueId('bet');
      expect((await bet(session, { transactionId: betId, roundId, amountMinor: 500 })).ok).toBe(
        true,
      );
      refusedWith(
        await bet(session, { transactionId: betId, roundId, amountMinor: 501 }),
        'SEAMLESS_TX_CONFLICT',
        409,
      );
      refusedWith(
        await call('win', {
          sessionId: session.sessionId,
          transactionId: betId,
          roundId,
          amountMinor: 500,
          roundClosed: false,
        }),
        'SEAMLESS_TX_CONFLICT',
        409,
      );
      await expectConsistent(session.memberId, 99_500n);
    });

    it('refuses a bet larger than the balance with its own code, and replays that refusal', async () => {
      const session = await player(1_000n);
      const roundId = uniqueId('r');
      const betId = uniqueId('bet');
      const refused = await bet(session, { transactionId: betId, roundId, amountMinor: 1_001 });
      refusedWith(refused, 'SEAMLESS_INSUFFICIENT_FUNDS', 409);
      expect(await bet(session, { transactionId: betId, roundId, amountMinor: 1_001 })).toEqual(
        refused,
      );
      // The refused bet opened no round: a win in it has no bet.
      refusedWith(
        await call('win', {
          sessionId: session.sessionId,
          transactionId: uniqueId('win'),
          roundId,
          amountMinor: 10,
          roundClosed: true,
        }),
        'SEAMLESS_ROUND_NOT_FOUND',
        404,
      );
      // Exactly the balance is fine.
      const allIn = await bet(session, {
        transactionId: uniqueId('bet'),
        roundId,
        amountMinor: 1_000,
      });
      expect(allIn).toMatchObject({ ok: true, value: { balanceMinor: 0 } });
      await expectConsistent(session.memberId, 0n);
    });

    it('refuses a win in a round with no bet', async () => {
      const session = await player();
      refusedWith(
        await call('win', {
          sessionId: session.sessionId,
          transactionId: uniqueId('win'),
          roundId: uniqueId('r'),
          amountMinor: 10,
          roundClosed: true,
        }),
        'SEAMLESS_ROUND_NOT_FOUND',
        404,
      );
      await expectConsistent(session.memberId, FUNDS_MINOR);
    });
  });

  describe('rollback', () => {
    it('refunds a bet once, replays, and refuses a win after it', async () => {
      const session = await player();
      const roundId = uniqueId('r');
      const betId = uniqueId('bet');
      await bet(session, { transactionId: betId, roundId, amountMinor: 700 });
      await expectConsistent(session.memberId, 99_300n);
      const rollbackId = uniqueId('rb');
      const rolledBack = await call('rollback', {
        sessionId: session.sessionId,
        transactionId: rollbackId,
        refTransactionId: betId,
        roundId,
      });
      expect(rolledBack).toEqual({
        ok: true,
        value: { balanceMinor: 100_000, transactionId: rollbackId },
      });
      expect(
        await call('rollback', {
          sessionId: session.sessionId,
          transactionId: rollbackId,
          refTransactionId: betId,
          roundId,
        }),
      ).toEqual(rolledBack);
      // Another rollback of the same bet: accepted, nothing moves.
      expect(
        await call('rollback', {
          sessionId: session.sessionId,
          transactionId: uniqueId('rb'),
          refTransactionId: betId,
          roundId,
        }),
      ).toMatchObject({ ok: true, value: { balanceMinor: 100_000 } });
      await expectConsistent(session.memberId, FUNDS_MINOR);
      refusedWith(
        await call('win', {
          sessionId: session.sessionId,
          transactionId: uniqueId('win'),
          roundId,
          amountMinor: 1_400,
          roundClosed: true,
        }),
        'SEAMLESS_BET_ROLLED_BACK',
        409,
      );
      await expectConsistent(session.memberId, FUNDS_MINOR);
    });

    it('records a rollback of an unknown bet, so that the late bet is refused', async () => {
      const session = await player();
      const roundId = uniqueId('r');
      const betId = uniqueId('bet');
      const early = await call('rollback', {
        sessionId: session.sessionId,
        transactionId: uniqueId('rb'),
        refTransactionId: betId,
        roundId,
      });
      expect(early).toMatchObject({ ok: true, value: { balanceMinor: 100_000 } });
      refusedWith(
        await bet(session, { transactionId: betId, roundId, amountMinor: 300 }),
        'SEAMLESS_BET_ROLLED_BACK',
        409,
      );
      await expectConsistent(session.memberId, FUNDS_MINOR);
    });

    it('refuses to roll back a win', async () => {
      const session = await player();
      const roundId = uniqueId('r');
      await bet(session, { transactionId: uniqueId('bet'), roundId, amountMinor: 100 });
      const winId = uniqueId('win');
      await call('win', {
        sessionId: session.sessionId,
        transactionId: winId,
        roundId,
        amountMinor: 150,
        roundClosed: false,
      });
      refusedWith(
        await call('rollback', {
          sessionId: session.sessionId,
          transactionId: uniqueId('rb'),
          refTransactionId: winId,
          roundId,
        }),
        'SEAMLESS_ROLLBACK_INVALID',
        400,
      );
      await expectConsistent(session.memberId, 100_050n);
    });

    it('refuses to roll back a bet of a round closed with a win: the bet and the win stay', async () => {
      const session = await player();
      const roundId = uniqueId('r');
      const betId = uniqueId('bet');
      await bet(session, { transactionId: betId, roundId, amountMinor: 100 });
      const won = await call('win', {
        sessionId: session.sessionId,
        transactionId: uniqueId('win'),
        roundId,
        amountMinor: 300,
        roundClosed: true,
      });
      expect(won).toMatchObject({ ok: true, value: { balanceMinor: 100_200 } });
      const rollback = {
        sessionId: session.sessionId,
        transactionId: uniqueId('rb'),
        refTransactionId: betId,
        roundId,
      };
      refusedWith(await call('rollback', rollback), 'SEAMLESS_ROUND_CLOSED', 409);
      refusedWith(await call('rollback', rollback), 'SEAMLESS_ROUND_CLOSED', 409);
      await expectConsistent(session.memberId, 100_200n);
    });
  });

  describe('bounds', () => {
    it('refuses a credit past the largest balance, moving nothing, and the member plays on', async () => {
      const fundsMinor = BigInt(SEAMLESS_BALANCE_MAX_MINOR) - 1_000n;
      const session = await player(fundsMinor);
      const roundId = uniqueId('r');
      const betId = uniqueId('bet');
      const placed = await bet(session, { transactionId: betId, roundId, amountMinor: 1_000 });
      expect(placed).toMatchObject({
        ok: true,
        value: { balanceMinor: Number(fundsMinor) - 1_000 },
      });
      const tooMuch = {
        sessionId: session.sessionId,
        transactionId: uniqueId('win'),
        roundId,
        amountMinor: 3_000,
        roundClosed: true,
      };
      refusedWith(await call('win', tooMuch), 'SEAMLESS_BALANCE_LIMIT', 409);
      refusedWith(await call('win', tooMuch), 'SEAMLESS_BALANCE_LIMIT', 409);
      await expectConsistent(session.memberId, fundsMinor - 1_000n);
      const upToTheMax = await call('win', {
        ...tooMuch,
        transactionId: uniqueId('win'),
        amountMinor: 2_000,
      });
      expect(upToTheMax).toMatchObject({
        ok: true,
        value: { balanceMinor: SEAMLESS_BALANCE_MAX_MINOR },
      });
      const balance = await call('balance', { sessionId: session.sessionId });
      expect(balance).toMatchObject({
        ok: true,
        value: { balanceMinor: SEAMLESS_BALANCE_MAX_MINOR },
      });
      await expectConsistent(session.memberId, BigInt(SEAMLESS_BALANCE_MAX_MINOR));
    });

    it('refuses an amount above the largest one call may carry', async () => {
      const session = await player();
      refusedWith(
        await bet(session, {
          transactionId: uniqueId('bet'),
          roundId: uniqueId('r'),
          amountMinor: SEAMLESS_AMOUNT_MAX_MINOR + 1,
        }),
        'VALIDATION_FAILED',
        400,
      );
      await expectConsistent(session.memberId, FUNDS_MINOR);
    });
  });

  describe('sessions', () => {
    it('refuses bets on an idle session but still takes its wins and rollbacks', async () => {
      const session = await player();
      const roundId = uniqueId('r');
      const betId = uniqueId('bet');
      await bet(session, { transactionId: betId, roundId, amountMinor: 400 });
      await bet(session, { transactionId: uniqueId('bet'), roundId, amountMinor: 100 });
      await harness.idleSession(session.sessionId, LONG_IDLE_MS);
      refusedWith(
        await bet(session, { transactionId: uniqueId('bet'), roundId, amountMinor: 100 }),
        'SEAMLESS_SESSION_INVALID',
        401,
      );
      refusedWith(
        await call('balance', { sessionId: session.sessionId }),
        'SEAMLESS_SESSION_INVALID',
        401,
      );
      const refunded = await call('rollback', {
        sessionId: session.sessionId,
        transactionId: uniqueId('rb'),
        refTransactionId: betId,
        roundId,
      });
      expect(refunded).toMatchObject({ ok: true, value: { balanceMinor: 99_900 } });
      const won = await call('win', {
        sessionId: session.sessionId,
        transactionId: uniqueId('win'),
        roundId,
        amountMinor: 300,
        roundClosed: true,
      });
      expect(won).toMatchObject({ ok: true, value: { balanceMinor: 100_200 } });
      await expectConsistent(session.memberId, 100_200n);
    });
  });

  describe('concurrency', () => {
    it('moves money once for identical bets sent at once', async () => {
      const session = await player();
      const roundId = uniqueId('r');
      const betId = uniqueId('bet');
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, () =>
          bet(session, { transactionId: betId, roundId, amountMinor: 2_000 }),
        ),
      );
      for (const outcome of outcomes) {
        expect(outcome).toEqual({
          ok: true,
          value: { balanceMinor: 98_000, transactionId: betId },
        });
      }
      await expectConsistent(session.memberId, 98_000n);
    });

    it('ends consistent when a bet and its rollback race', async () => {
      const session = await player();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const roundId = uniqueId('r');
        const betId = uniqueId('bet');
        const [placed, rolledBack] = await Promise.all([
          bet(session, { transactionId: betId, roundId, amountMinor: 1_000 }),
          call('rollback', {
            sessionId: session.sessionId,
            transactionId: uniqueId('rb'),
            refTransactionId: betId,
            roundId,
          }),
        ]);
        expect(rolledBack.ok).toBe(true);
        if (!placed.ok) expect(placed.errorCode).toBe('SEAMLESS_BET_ROLLED_BACK');
        // Either way the stake is back: refused, or taken and refunded.
        await expectConsistent(session.memberId, FUNDS_MINOR);
      }
    });

    it('keeps the balance right under concurrent distinct bets and wins', async () => {
      const session = await player();
      const rounds = Array.from({ length: 8 }, () => uniqueId('r'));
      await Promise.all(
        rounds.map(async (roundId) => {
          const placed = await bet(session, {
            transactionId: uniqueId('bet'),
            roundId,
            amountMinor: 500,
          });
          expect(placed.ok).toBe(true);
          const won = await call('win', {
            sessionId: session.sessionId,
            transactionId: uniqueId('win'),
            roundId,
            amountMinor: 250,
            roundClosed: true,
          });
          expect(won.ok).toBe(true);
        }),
      );
      await expectConsistent(session.memberId, FUNDS_MINOR - 8n * 250n);
    });
  });
}
