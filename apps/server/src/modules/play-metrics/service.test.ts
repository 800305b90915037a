import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { encodeMetrics } from '../../http/prometheus-text.js';
import type { StoredEvent } from '../events/index.js';
import { createPlayMetrics } from './service.js';

let nextId = 1n;
function settled(merchantCode: string, currency: string, stakeMinor: string, winMinor: string) {
  nextId += 1n;
  return {
    id: nextId,
    occurredAt: new Date(),
    type: 'round.settled',
    merchantCode,
    payload: {
      memberId: '1',
      merchantCode,
      vassalage: 'builtin',
      gameCode: 'slot',
      gameCategory: 'slot',
      roundRef: `r${nextId}`,
      currency,
      stakeMinor,
      validBetMinor: stakeMinor,
      winMinor,
      settledAt: new Date().toISOString(),
    },
  } as unknown as StoredEvent;
}

describe('play metrics from the event stream', () => {
  it('counts settled rounds, stake and win per merchant and currency, in minor units', async () => {
    const metrics = createPlayMetrics();
    await metrics.consumer.apply({} as Db, [
      settled('DEMO', 'USD', '100', '0'),
      settled('DEMO', 'USD', '250', '900'),
      settled('DEMO', 'VND', '90071992547409930', '0'),
    ]);
    const text = encodeMetrics(metrics.families());
    expect(text).toContain('game_rounds_settled_total{merchant="DEMO",currency="USD"} 2');
    expect(text).toContain('game_stake_minor_total{merchant="DEMO",currency="USD"} 350');
    expect(text).toContain('game_win_minor_total{merchant="DEMO",currency="USD"} 900');
    expect(text).toContain(
      'game_stake_minor_total{merchant="DEMO",currency="VND"} 90071992547409930',
    );
  });

  it('takes only settled rounds from the stream', () => {
    expect(createPlayMetrics().consumer.types).toEqual(['round.settled']);
  });
});
