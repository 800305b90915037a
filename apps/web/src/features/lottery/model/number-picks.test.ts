import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allNumbers,
  gridPage,
  gridPageCount,
  headNumbers,
  parsePastedNumbers,
  quickPick,
  shortcutNumbers,
  tailNumbers,
  toggleMany,
  toggleOne,
} from './number-picks';

describe('number grid helpers', () => {
  it('lists every number with its leading zeros, edge numbers included', () => {
    const two = allNumbers(2);
    expect(two).toHaveLength(100);
    expect(two[0]).toBe('00');
    expect(two.at(-1)).toBe('99');
    expect(allNumbers(3).at(-1)).toBe('999');
    expect(allNumbers(1)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('pages 3-digit numbers a hundred at a time', () => {
    expect(gridPageCount(2)).toBe(1);
    expect(gridPageCount(3)).toBe(10);
    expect(gridPage(3, 0)[0]).toBe('000');
    expect(gridPage(3, 9).at(-1)).toBe('999');
    expect(gridPage(2, 0)).toEqual(allNumbers(2));
    expect(gridPage(1, 0)).toHaveLength(10);
  });

  it('picks heads and tails of 00-99', () => {
    expect(headNumbers(3, 2)).toEqual(['30', '31', '32', '33', '34', '35', '36', '37', '38', '39']);
    expect(tailNumbers(0, 2)).toEqual(['00', '10', '20', '30', '40', '50', '60', '70', '80', '90']);
    expect(headNumbers(9, 3)).toHaveLength(100);
  });

  it.each([
    ['big', 50, '50', '99'],
    ['small', 50, '00', '49'],
    ['odd', 50, '01', '99'],
    ['even', 50, '00', '98'],
    ['all', 100, '00', '99'],
  ] as const)('shortcut %s gives %i numbers from %s to %s', (shortcut, count, first, last) => {
    const numbers = shortcutNumbers(shortcut, allNumbers(2));
    expect(numbers).toHaveLength(count);
    expect(numbers[0]).toBe(first);
    expect(numbers.at(-1)).toBe(last);
  });

  it('toggles one number and many at once', () => {
    expect(toggleOne(['10'], '05')).toEqual(['05', '10']);
    expect(toggleOne(['05', '10'], '05')).toEqual(['10']);
    const heads = headNumbers(1, 2);
    const withHeads = toggleMany(['05'], heads);
    expect(withHeads).toHaveLength(11);
    // Every head chosen: the same shortcut clears them again, leaving the rest.
    expect(toggleMany(withHeads, heads)).toEqual(['05']);
  });

  it('quick-picks distinct numbers of the right length', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 1, max: 3 }),
        fc.infiniteStream(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })),
        (count, digits, stream) => {
          const random = () => stream.next().value as number;
          const picked = quickPick(count, digits, random);
          expect(picked).toHaveLength(Math.min(count, 10 ** digits));
          expect(new Set(picked).size).toBe(picked.length);
          for (const number of picked) expect(number).toMatch(new RegExp(`^\\d{${digits}}$`));
        },
      ),
    );
  });

  it('quick pick reaches the edges of the range', () => {
    expect(quickPick(1, 2, () => 0)).toEqual(['00']);
    expect(quickPick(1, 2, () => 0.999999)).toEqual(['99']);
  });

  it('reads a pasted list, rejecting numbers of the wrong length', () => {
    expect(parsePastedNumbers('12, 34 56;07\n12  7 123 ab', 2)).toEqual({
      numbers: ['07', '12', '34', '56'],
      rejected: ['7', '123', 'ab'],
    });
    expect(parsePastedNumbers('   ', 2)).toEqual({ numbers: [], rejected: [] });
    expect(parsePastedNumbers('000 999', 3).numbers).toEqual(['000', '999']);
  });
});
