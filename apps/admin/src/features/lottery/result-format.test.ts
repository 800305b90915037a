import { lotteryResultSchema } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { checkResult, formatOfGame, resultShapes } from './result-format';

describe('result formats in the console', () => {
  it('finds the format from the game code', () => {
    expect(formatOfGame('VN_NORTH_DAILY')).toBe('VN_NORTH');
    expect(formatOfGame('THAI_GOV')).toBe('THAI');
    expect(formatOfGame('DICE3_1M')).toBe('DICE3');
    expect(formatOfGame('TEST_VN_SOUTH_X1_2')).toBe('VN_SOUTH');
    expect(formatOfGame('XDIGIT5')).toBeNull();
    expect(formatOfGame('KENO_1M')).toBeNull();
  });

  it('accepts a full THAI result and refuses digits out of range for dice', () => {
    const thai = checkResult(
      { first: '123456', front3: '123 456', last3: '789 012', last2: '34' },
      resultShapes.THAI,
      lotteryResultSchema,
    );
    expect(thai).toEqual({
      ok: true,
      result: { first: ['123456'], front3: ['123', '456'], last3: ['789', '012'], last2: ['34'] },
    });
    const dice = checkResult({ dice: '1 7 3' }, resultShapes.DICE3, lotteryResultSchema);
    expect(dice).toEqual({ ok: false, errors: { dice: 'lottery.enter.wrongDigits' } });
  });
});
