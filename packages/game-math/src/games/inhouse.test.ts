import { describe, expect, it } from 'vitest';
import { fairRandomSource, simulationRandomSource } from '../fair/random-source';
import { simulatedGames, verifiableGameOf } from './index';

/** A smoke run: every variant plays; the figures come from bench:rtp. */
const SMOKE_ROUNDS = 20_000;
const seeds = { serverSeed: 'b'.repeat(64), clientSeed: 'seed', nonce: 0 };

describe('in-house games in the registries', () => {
  it('replays a round from its seeds: the same outcome every time', () => {
    const cases = [
      ['inh-dice', { stake: 1, target: 50, direction: 'over' }],
      ['inh-mines', { stake: 1, mineCount: 3 }],
      ['inh-plinko', { stake: 1, rows: 16, risk: 'high' }],
    ] as const;
    for (const [code, params] of cases) {
      const game = verifiableGameOf(code);
      expect(game).toBeDefined();
      const first = game?.replay(fairRandomSource(seeds), params);
      expect(game?.replay(fairRandomSource(seeds), params)).toEqual(first);
    }
  });

  it('each simulated variant plays and returns roughly its declared RTP (bench:rtp measures it)', () => {
    for (const game of simulatedGames.filter((g) => g.gameCode.startsWith('inh-'))) {
      if (!['inh-dice', 'inh-mines', 'inh-plinko'].includes(game.gameCode)) continue;
      const source = simulationRandomSource(11);
      let staked = 0;
      let paid = 0;
      for (let i = 0; i < SMOKE_ROUNDS; i++) {
        const round = game.simulateRound(source);
        staked += round.stake;
        paid += round.payout;
      }
      // Loose (over 4 standard errors of the most volatile variant, Plinko 16 high): the exact
      // RTPs are tested per game; bench:rtp measures ten million rounds.
      expect(paid / staked, game.label).toBeGreaterThan(0.7);
      expect(paid / staked, game.label).toBeLessThan(1.3);
    }
  }, 60_000);
});
