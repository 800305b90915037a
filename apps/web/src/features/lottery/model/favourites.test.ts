import { describe, expect, it } from 'vitest';
import {
  favouritesOf,
  LOTTERY_FAVOURITE_USERS_MAX,
  LOTTERY_FAVOURITES_MAX,
  parseFavourites,
  serializeFavourites,
  toggleFavourite,
} from './favourites';

describe('lottery favourites storage', () => {
  it('toggles a game on and off for one username only', () => {
    let all = toggleFavourite({}, 'alice', 'VN_FAST_1');
    all = toggleFavourite(all, 'bob', 'DIGIT5_1');
    expect(favouritesOf(all, 'alice')).toEqual(['VN_FAST_1']);
    expect(favouritesOf(all, 'bob')).toEqual(['DIGIT5_1']);
    all = toggleFavourite(all, 'alice', 'VN_FAST_1');
    expect(favouritesOf(all, 'alice')).toEqual([]);
    expect(favouritesOf(all, 'bob')).toEqual(['DIGIT5_1']);
  });

  it('round-trips through its stored text and reads a guest as no favourites', () => {
    const all = toggleFavourite(toggleFavourite({}, 'alice', 'A'), 'alice', 'B');
    const read = parseFavourites(serializeFavourites(all));
    expect(favouritesOf(read, 'alice')).toEqual(['A', 'B']);
    expect(favouritesOf(read, null)).toEqual([]);
  });

  it.each([
    ['nothing', null],
    ['not JSON', '{oops'],
    ['an array', '["A"]'],
    ['a number', '5'],
  ])('reads %s as empty', (_label, text) => {
    expect(parseFavourites(text)).toEqual({});
  });

  it('drops entries that are not lists of short strings, and duplicates', () => {
    const text = JSON.stringify({
      alice: ['A', 'A', 3, '', 'x'.repeat(65), 'B'],
      bob: 'A',
    });
    expect(parseFavourites(text)).toEqual({ alice: ['A', 'B'] });
  });

  it('keeps at most the newest favourites and usernames', () => {
    let all = {};
    for (let index = 0; index < LOTTERY_FAVOURITES_MAX + 5; index += 1) {
      all = toggleFavourite(all, 'alice', `G${index}`);
    }
    const alice = favouritesOf(all, 'alice');
    expect(alice).toHaveLength(LOTTERY_FAVOURITES_MAX);
    expect(alice.at(-1)).toBe(`G${LOTTERY_FAVOURITES_MAX + 4}`);
    for (let index = 0; index < LOTTERY_FAVOURITE_USERS_MAX + 3; index += 1) {
      all = toggleFavourite(all, `user${index}`, 'A');
    }
    expect(Object.keys(all)).toHaveLength(LOTTERY_FAVOURITE_USERS_MAX);
    expect(favouritesOf(all, 'alice')).toEqual([]);
  });
});
