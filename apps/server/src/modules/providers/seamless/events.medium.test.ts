import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { eventsOf } from '../../../../test/event-helpers.js';
import {
  addProviderWithGame,
  inProcessAdapter,
  launchToken,
  memberWithSession,
} from '../../../../test/seamless-helpers.js';
import { useTestApp } from '../../../../test/test-app.js';

const VASSALAGE = 'EVT_PROV';
const FUNDS_MINOR = 100_000n;

describe('seamless wallet: one event per money step, in its transaction', () => {
  const context = useTestApp();

  async function player() {
    const { db } = context.database;
    const nodeId =
      (
        await sql<{ node_id: string }>`
          SELECT node_id FROM games WHERE vassalage = ${VASSALAGE}
        `.execute(db)
      ).rows[0]?.node_id ??
      (
        await addProviderWithGame(db, {
          code: VASSALAGE,
          integration: 'builtin',
          gameCode: 'evt-game',
        })
      ).toString();
    const { memberId, token } = await memberWithSession(db, FUNDS_MINOR);
    const wallet = inProcessAdapter(db, VASSALAGE);
    const launch = await launchToken(context.app, token, {
      nodeId: BigInt(nodeId),
      vassalage: VASSALAGE,
    });
    const opened = await wallet.call('authenticate', { launchToken: launch });
    if (!opened.ok) throw new Error('authenticate refused');
    const sessionId = (opened.value as { sessionId: string }).sessionId;
    return { memberId, sessionId, wallet };
  }

  const types = ['game.bet-placed', 'game.win-paid', 'game.bet-refunded', 'round.settled'];
  async function eventsByType(memberId: bigint) {
    const found: Record<string, Record<string, unknown>[]> = {};
    for (const type of types) {
      found[type] = (await eventsOf(context.database.db, type, memberId)).map(
        (event) => event.payload,
      );
    }
    return found;
  }

  it('appends a bet, a win and the settled round, and nothing again for replays', async () => {
    const { memberId, sessionId, wallet } = await player();
    const bet = {
      sessionId,
      transactionId: 'evt-bet-1',
      roundId: 'evt-r1',
      amountMinor: 400,
      gameCode: 'evt-game',
    };
    expect((await wallet.call('bet', bet)).ok).toBe(true);
    expect((await wallet.call('bet', bet)).ok).toBe(true);
    const win = {
      sessionId,
      transactionId: 'evt-win-1',
      roundId: 'evt-r1',
      amountMinor: 900,
      roundClosed: true,
    };
    expect((await wallet.call('win', win)).ok).toBe(true);
    expect((await wallet.call('win', win)).ok).toBe(true);
    const found = await eventsByType(memberId);
    expect(found['game.bet-placed']).toEqual([
      {
        memberId: memberId.toString(),
        vassalage: VASSALAGE,
        roundRef: 'evt-r1',
        transactionId: 'evt-bet-1',
        currency: 'VND',
        amountMinor: '400',
      },
    ]);
    expect(found['game.win-paid']).toMatchObject([
      { transactionId: 'evt-win-1', amountMinor: '900' },
    ]);
    expect(found['round.settled']).toMatchObject([
      { roundRef: 'evt-r1', gameCode: 'evt-game', stakeMinor: '400', winMinor: '900' },
    ]);
    expect(found['game.bet-refunded']).toEqual([]);
  });

  it('appends a refund for a rollback, none for a refused bet or a marker', async () => {
    const { memberId, sessionId, wallet } = await player();
    await wallet.call('bet', {
      sessionId,
      transactionId: 'evt-bet-2',
      roundId: 'evt-r2',
      amountMinor: 300,
      gameCode: 'evt-game',
    });
    const rollback = {
      sessionId,
      transactionId: 'evt-rb-2',
      refTransactionId: 'evt-bet-2',
      roundId: 'evt-r2',
    };
    expect((await wallet.call('rollback', rollback)).ok).toBe(true);
    expect((await wallet.call('rollback', rollback)).ok).toBe(true);
    // A rollback of a bet that never came leaves a marker and moves nothing.
    await wallet.call('rollback', {
      sessionId,
      transactionId: 'evt-rb-3',
      refTransactionId: 'evt-bet-3',
      roundId: 'evt-r3',
    });
    const refused = await wallet.call('bet', {
      sessionId,
      transactionId: 'evt-bet-4',
      roundId: 'evt-r4',
      amountMinor: 10_000_000,
      gameCode: 'evt-game',
    });
    expect(refused).toMatchObject({ ok: false, errorCode: 'SEAMLESS_INSUFFICIENT_FUNDS' });
    const found = await eventsByType(memberId);
    expect(found['game.bet-placed']).toMatchObject([{ transactionId: 'evt-bet-2' }]);
    expect(found['game.bet-refunded']).toEqual([
      {
        memberId: memberId.toString(),
        vassalage: VASSALAGE,
        roundRef: 'evt-r2',
        transactionId: 'evt-rb-2',
        currency: 'VND',
        amountMinor: '300',
      },
    ]);
  });
});
