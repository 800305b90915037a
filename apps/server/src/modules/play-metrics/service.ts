import type { Db } from '../../db/database.js';
import type { MetricFamily, Sample } from '../../http/prometheus-text.js';
import type { EventConsumer, StoredEvent } from '../events/index.js';

export const PLAY_METRICS_CONSUMER = 'play-metrics';
/** Events one batch takes; counting is in memory, so a batch costs only its checkpoint. */
export const PLAY_METRICS_BATCH_SIZE = 1_000;

interface PlayTally {
  merchantCode: string;
  currency: string;
  rounds: number;
  stakeMinor: bigint;
  winMinor: bigint;
}

/**
 * Settled rounds and their stake and win per merchant and currency, counted by the instance that
 * applies each batch of the event stream: the bet's transaction does no extra work, and summed
 * over instances (`sum(rate(...))`) every round counts once. A batch whose transaction rolls back
 * after `apply` is counted again on its retry: the figures are for alerts, the exact money is in
 * the play rollups.
 */
export function createPlayMetrics() {
  const tallies = new Map<string, PlayTally>();

  function count(event: StoredEvent): void {
    if (event.type !== 'round.settled') return;
    const { merchantCode, currency, stakeMinor, winMinor } = event.payload;
    const key = `${merchantCode}\u0000${currency}`;
    let tally = tallies.get(key);
    if (!tally) {
      tally = { merchantCode, currency, rounds: 0, stakeMinor: 0n, winMinor: 0n };
      tallies.set(key, tally);
    }
    tally.rounds += 1;
    tally.stakeMinor += BigInt(stakeMinor);
    tally.winMinor += BigInt(winMinor);
  }

  const consumer: EventConsumer = {
    name: PLAY_METRICS_CONSUMER,
    batchSize: PLAY_METRICS_BATCH_SIZE,
    types: ['round.settled'],
    apply: async (_trx: Db, events: StoredEvent[]) => {
      for (const event of events) count(event);
    },
  };

  function families(): MetricFamily[] {
    const rounds: Sample[] = [];
    const stakes: Sample[] = [];
    const wins: Sample[] = [];
    for (const tally of tallies.values()) {
      const labels = { merchant: tally.merchantCode, currency: tally.currency };
      rounds.push({ labels, value: tally.rounds });
      stakes.push({ labels, value: tally.stakeMinor });
      wins.push({ labels, value: tally.winMinor });
    }
    return [
      {
        name: 'game_rounds_settled_total',
        help: 'Settled game rounds applied from the event stream by this instance.',
        type: 'counter',
        samples: rounds,
      },
      {
        name: 'game_stake_minor_total',
        help: 'Stake of the settled rounds, in minor units of the currency.',
        type: 'counter',
        samples: stakes,
      },
      {
        name: 'game_win_minor_total',
        help: 'Wins of the settled rounds, in minor units of the currency.',
        type: 'counter',
        samples: wins,
      },
    ];
  }

  return { consumer, families };
}

export type PlayMetrics = ReturnType<typeof createPlayMetrics>;
