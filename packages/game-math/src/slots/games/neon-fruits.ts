import { PAYLINES_25 } from '../paylines';
import type { SlotGame } from '../types';

const strip = (symbols: string) => symbols.split(' ');

/**
 * Neon Fruits: a retro neon fruit machine, 25 lines, high volatility. The wild 7 is wild on every
 * reel and pays itself; three disco balls or more anywhere pay and award 8/12/20 free spins at x3
 * on richer strips (more wild 7s), retriggered (at most 120 free spins a round).
 * Tuned so that the exact RTP (exact-rtp.ts) is the declared one within 0.05 pp; figures in
 * docs/games-slots.md. Strips: the scatter at least 3 stops apart, so a reel shows at most one.
 */
export const NEON_FRUITS: SlotGame = {
  gameCode: 'inh-neon-fruits',
  label: 'Neon Fruits',
  declaredRtp: 0.965,
  symbols: [
    { id: 'wild7', kind: 'wild', pays: [0, 0, 0, 50, 250, 2500] },
    { id: 'disco', kind: 'scatter', pays: [0, 0, 0, 0, 0, 0] },
    { id: 'bar', kind: 'regular', pays: [0, 0, 0, 40, 200, 1000] },
    { id: 'bell', kind: 'regular', pays: [0, 0, 0, 30, 120, 600] },
    { id: 'melon', kind: 'regular', pays: [0, 0, 0, 20, 80, 300] },
    { id: 'grape', kind: 'regular', pays: [0, 0, 0, 20, 60, 250] },
    { id: 'plum', kind: 'regular', pays: [0, 0, 0, 10, 40, 150] },
    { id: 'orange', kind: 'regular', pays: [0, 0, 0, 10, 30, 120] },
    { id: 'lemon', kind: 'regular', pays: [0, 0, 0, 5, 25, 100] },
    { id: 'cherry', kind: 'regular', pays: [0, 0, 2, 5, 25, 100] },
  ],
  reels: [
    strip(
      'plum grape lemon grape bell grape lemon orange plum cherry plum cherry disco lemon bell orange lemon orange wild7 cherry melon bar plum orange cherry orange lemon cherry melon lemon plum bar melon cherry',
    ),
    strip(
      'cherry orange grape cherry orange grape bell disco melon plum grape lemon cherry melon lemon cherry bell wild7 bar lemon orange plum cherry plum lemon wild7 melon lemon cherry bar plum lemon orange',
    ),
    strip(
      'grape plum cherry bar lemon cherry plum cherry melon disco grape plum orange grape melon bell cherry lemon grape bell orange wild7 plum melon lemon orange bar lemon cherry orange lemon orange plum lemon cherry bell',
    ),
    strip(
      'lemon cherry plum bell cherry grape wild7 lemon plum orange cherry grape melon lemon cherry grape bar grape melon lemon bar orange bell cherry plum orange wild7 orange melon plum lemon cherry disco bell lemon plum orange',
    ),
    strip(
      'plum cherry plum orange lemon plum bell plum bar grape orange grape melon cherry melon lemon cherry orange bell grape lemon disco lemon melon cherry plum cherry lemon cherry bell orange bar lemon orange grape wild7',
    ),
  ],
  freeSpinReels: [
    strip(
      'wild7 lemon plum orange plum bar grape lemon cherry orange cherry bar grape cherry wild7 lemon plum grape lemon disco orange bell plum cherry melon orange cherry plum melon lemon melon lemon orange bell cherry',
    ),
    strip(
      'orange melon cherry plum disco plum melon bell cherry lemon plum lemon bar lemon wild7 plum cherry plum grape bell cherry orange grape cherry orange melon lemon orange wild7 lemon grape cherry bar wild7 orange lemon',
    ),
    strip(
      'lemon bar melon cherry wild7 plum orange lemon grape orange wild7 cherry melon grape cherry orange lemon disco cherry lemon orange grape plum bell lemon plum bell wild7 lemon plum orange cherry bar melon grape cherry bell plum',
    ),
    strip(
      'plum melon lemon cherry plum orange lemon orange disco melon orange cherry wild7 bar bell cherry lemon orange lemon wild7 bell bar grape cherry plum grape orange cherry plum lemon melon grape bell cherry plum wild7 grape',
    ),
    strip(
      'melon lemon cherry lemon cherry grape orange lemon bar cherry grape plum lemon bar orange plum bell lemon orange bell lemon cherry orange melon grape cherry plum bell grape disco wild7 melon plum orange plum cherry wild7',
    ),
  ],
  lines: PAYLINES_25.slice(0, 25),
  scatterPays: { 3: 3, 4: 15, 5: 100 },
  freeSpins: {
    awardByScatterCount: { 3: 8, 4: 12, 5: 20 },
    multiplier: 3,
    maxFreeSpinsPerRound: 120,
  },
};
