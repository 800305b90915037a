import { SEA_LOTTERY_VASSALAGE, VN_LOTTERY_VASSALAGE } from '@app/contract/client';
import { describe, expect, it } from 'vitest';
import { lotteryAreaOf } from './launch-route';

describe('lotteryAreaOf', () => {
  it('sends the Vietnamese and Thai lottery vendors to their own pages, not the quick list', () => {
    expect(lotteryAreaOf(VN_LOTTERY_VASSALAGE)).toBe('/vnLottery');
    expect(lotteryAreaOf(SEA_LOTTERY_VASSALAGE)).toBe('/seaLottery');
    expect(lotteryAreaOf('ELOTT')).toBeNull();
  });
});
