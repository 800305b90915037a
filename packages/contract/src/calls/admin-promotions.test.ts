import { describe, expect, it } from 'vitest';
import { promotionRewardSchema } from './admin-promotions.js';

describe('a promotion reward of free spins', () => {
  const reward = { kind: 'free_spins', spins: 10, betPerLine: 1000 } as const;

  it('plays on a built-in slot', () => {
    expect(
      promotionRewardSchema.safeParse({ ...reward, gameCode: 'inh-jade-dragon' }).success,
    ).toBe(true);
  });

  it('is refused on any other game, so a promotion never grants spins nothing can play', () => {
    for (const gameCode of ['inh-dice', 'SOME-VENDOR-SLOT', '']) {
      expect(promotionRewardSchema.safeParse({ ...reward, gameCode }).success).toBe(false);
    }
  });
});
