import { describe, expect, it } from 'vitest';
import { fairRandomSource, simulationRandomSource } from '../fair/random-source';
import { simulatedGames, verifiableGameOf } from './index';

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

  it('each simulated variant returns about its declared RTP over 100,000 rounds', () => {
    for (const game of simulatedGames.filter((g) => g.gameCode.startsWith('inh-'))) {
      if (!['inh-dice', 'inh-mines', 'inh-plinko'].includes(game.gameCode)) continue;
      const source = simulationRandomSource(11);
      let staked = 0;
      let paid = 0;
      for (let i = 0; i < 100_000; i++) {
        const round = game.simulateRound(source);
        staked += round.stake;
        paid += round.payout;
      }
      // Loose: high-volatility variants (Plinko 16 high, Mines 24) swing several points here;
      // bench:rtp measures ten million rounds.
      expect(paid / staked, game.label).toBeGreaterThan(0.8);
      expect(paid / staked, game.label).toBeLessThan(1.2);
    }
  });
});
