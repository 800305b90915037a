import type { VendorCategory } from '@app/contract/client';
import { describe, expect, it } from 'vitest';
import { lotteryPageOf } from './launch-route';
import { ALL_TAB, initialLobbyTab } from './lobby-tab';

const card = (vassalage: string) => ({
  vassalage,
  name: vassalage,
  isHot: false,
  isNew: false,
  gameCount: 1,
});
const rng: VendorCategory = {
  gameCategory: 'RNG',
  title: 'RNG',
  gameClassify: null,
  cards: [card('PG'), card('JILI')],
};
const live: VendorCategory = { ...rng, gameCategory: 'LIVE', title: 'LIVE' };

describe('initialLobbyTab', () => {
  it('opens the vendor of the page query, else on /rng the stored slot vendor, else all', () => {
    expect(initialLobbyTab(rng, 'JILI', 'PG')).toBe('JILI');
    expect(initialLobbyTab(rng, null, 'PG')).toBe('PG');
    expect(initialLobbyTab(rng, 'NOPE', 'ALSO_NOPE')).toBe(ALL_TAB);
    expect(initialLobbyTab(live, null, 'PG')).toBe(ALL_TAB);
    expect(initialLobbyTab(live, 'PG', null)).toBe('PG');
  });
});

describe('lotteryPageOf (SPEC §2 launch routing)', () => {
  const target = (vassalage: string) => ({
    nodeId: 1,
    vassalage,
    gameCode: 'G 1',
    gameType: 'LOTT' as const,
  });
  it('sends the lottery vendors to their pages with the game code', () => {
    expect(lotteryPageOf(target('TCG_LOTTO_VN'))).toBe('/vnLottery?gameCode=G%201');
    expect(lotteryPageOf(target('TCG_SEA'))).toBe('/seaLottery?gameCode=G%201');
    expect(lotteryPageOf(target('LOTT'))).toBe('/lottery?gameCode=G%201');
    expect(lotteryPageOf(target('ELOTT'))).toBe('/lottery?gameCode=G%201');
    expect(lotteryPageOf(target('PG'))).toBeNull();
  });
});
