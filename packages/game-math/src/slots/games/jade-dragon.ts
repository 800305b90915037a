import { PAYLINES_25 } from '../paylines';
import type { SlotGame } from '../types';

const strip = (symbols: string) => symbols.split(' ');

/**
 * Jade Dragon: an oriental slot, 20 lines, medium volatility. The dragon is wild on reels 2-5 (no
 * pays of its own); three pearls or more anywhere pay and award 10/15/20 free spins at x2,
 * retriggered by the same pearls (at most 100 free spins a round).
 * Tuned so that the exact RTP (exact-rtp.ts) is the declared one within 0.05 pp; figures in
 * docs/games-slots.md. Strips: the scatter at least 3 stops apart, so a reel shows at most one.
 */
export const JADE_DRAGON: SlotGame = {
  gameCode: 'inh-jade-dragon',
  label: 'Jade Dragon',
  declaredRtp: 0.96,
  symbols: [
    { id: 'dragon', kind: 'wild', pays: [0, 0, 0, 0, 0, 0] },
    { id: 'pearl', kind: 'scatter', pays: [0, 0, 0, 0, 0, 0] },
    { id: 'phoenix', kind: 'regular', pays: [0, 0, 0, 50, 200, 1000] },
    { id: 'tiger', kind: 'regular', pays: [0, 0, 0, 40, 150, 500] },
    { id: 'koi', kind: 'regular', pays: [0, 0, 0, 30, 100, 300] },
    { id: 'lantern', kind: 'regular', pays: [0, 0, 0, 20, 80, 250] },
    { id: 'jade', kind: 'regular', pays: [0, 0, 0, 10, 40, 150] },
    { id: 'lotus', kind: 'regular', pays: [0, 0, 0, 10, 30, 120] },
    { id: 'fan', kind: 'regular', pays: [0, 0, 0, 8, 25, 100] },
    { id: 'coin', kind: 'regular', pays: [0, 0, 0, 6, 20, 80] },
  ],
  reels: [
    strip(
      'fan coin lantern tiger jade fan lotus coin jade fan coin jade lotus phoenix fan lotus phoenix koi lotus jade lantern coin lotus coin jade fan coin lantern pearl koi fan koi tiger',
    ),
    strip(
      'koi fan dragon coin lantern jade fan koi phoenix koi jade lantern tiger lotus coin dragon coin lotus pearl coin phoenix lantern coin fan lotus fan lotus tiger jade fan jade coin lotus tiger lantern jade',
    ),
    strip(
      'fan jade tiger koi lantern coin phoenix coin dragon lantern fan lotus dragon coin lotus jade phoenix tiger coin fan lotus lantern jade coin lotus tiger jade koi jade koi pearl fan dragon coin fan lotus pearl lantern',
    ),
    strip(
      'lantern jade lantern phoenix fan lantern jade lotus tiger fan lotus coin fan lotus phoenix coin fan koi jade dragon jade coin pearl coin dragon koi fan tiger lotus coin lantern tiger koi jade lotus',
    ),
    strip(
      'lotus jade lotus coin fan pearl lantern jade koi jade coin jade phoenix lantern fan lotus dragon lotus tiger phoenix coin tiger fan lotus jade lantern dragon coin koi coin koi fan lantern tiger fan',
    ),
  ],
  lines: PAYLINES_25.slice(0, 20),
  scatterPays: { 3: 2, 4: 10, 5: 50 },
  freeSpins: {
    awardByScatterCount: { 3: 10, 4: 15, 5: 20 },
    multiplier: 2,
    maxFreeSpinsPerRound: 100,
  },
};
