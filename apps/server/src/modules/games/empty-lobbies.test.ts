import type { VendorCategory } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { emptyLobbyGroups } from './empty-lobbies.js';

const menu = (gameCategory: VendorCategory['gameCategory'], vendors = 1) =>
  ({
    gameCategory,
    title: gameCategory,
    gameClassify: [],
    cards: Array.from({ length: vendors }, (_, index) => ({
      vassalage: `V${index}`,
      isHot: false,
    })),
  }) as unknown as VendorCategory;

describe('empty lobbies', () => {
  it('names the banner groups of lobbies without a vendor', () => {
    const groups = emptyLobbyGroups([menu('RNG'), menu('PVP'), menu('LOTT'), menu('FISH', 0)]);
    expect([...groups].sort()).toEqual(['w_esports', 'w_fish', 'w_inhouse', 'w_live', 'w_sports']);
  });

  it('keeps /elott when either lottery category has a vendor', () => {
    expect(emptyLobbyGroups([menu('ELOTT')]).has('w_elott')).toBe(false);
    expect(emptyLobbyGroups([]).has('w_elott')).toBe(true);
  });
});
