import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../events/index.js';
import { balanceNudges } from './service.js';

function stored(event: Omit<StoredEvent, 'id' | 'occurredAt'>, id: number): StoredEvent {
  return { ...event, id: BigInt(id), occurredAt: new Date(0) } as StoredEvent;
}

describe('balance nudges', () => {
  it('nudges both members of a transfer and the member of every other money step', () => {
    const nudges = balanceNudges([
      stored(
        {
          type: 'member-transfer.completed',
          merchantCode: 'DEMO',
          memberId: 1n,
          payload: {
            transferId: 't',
            memberId: '1',
            toMemberId: '2',
            direction: 'upline',
            currency: 'VND',
            amountMinor: '100',
          },
        },
        1,
      ),
      stored(
        {
          type: 'balance.adjusted',
          merchantCode: 'DEMO',
          memberId: 3n,
          payload: {
            memberId: '3',
            transferId: 'a',
            operatorId: '9',
            currency: 'VND',
            amountMinor: '-5',
          },
        },
        2,
      ),
      stored(
        {
          type: 'game.bet-refunded',
          merchantCode: 'DEMO',
          memberId: 1n,
          payload: {
            memberId: '1',
            vassalage: 'SBX',
            roundRef: 'r',
            transactionId: 'rb',
            currency: 'VND',
            amountMinor: '5',
          },
        },
        3,
      ),
      stored(
        {
          type: 'member.logged-in',
          merchantCode: 'DEMO',
          memberId: 4n,
          payload: { memberId: '4' },
        },
        4,
      ),
    ]);
    expect(nudges).toEqual([
      { merchantCode: 'DEMO', memberId: '1', reason: 'game.bet-refunded' },
      { merchantCode: 'DEMO', memberId: '2', reason: 'member-transfer.completed' },
      { merchantCode: 'DEMO', memberId: '3', reason: 'balance.adjusted' },
    ]);
  });

  it('nudges the member whose bonus converted to cash, and not for the grant (bonus wallet only)', () => {
    const bonus = { bonusId: '5', memberId: '6', currency: 'VND', amountMinor: '50000' };
    const nudges = balanceNudges([
      stored(
        {
          type: 'bonus.granted',
          merchantCode: 'DEMO',
          memberId: 7n,
          payload: {
            ...bonus,
            memberId: '7',
            requirementMinor: '100000',
            sourceKind: 'operator',
            sourceRef: 'x',
          },
        },
        1,
      ),
      stored({ type: 'bonus.converted', merchantCode: 'DEMO', memberId: 6n, payload: bonus }, 2),
    ]);
    expect(nudges).toEqual([{ merchantCode: 'DEMO', memberId: '6', reason: 'bonus.converted' }]);
  });
});
