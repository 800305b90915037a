import { lotteryResultSchema } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { checkResult, resultShapes } from './result-format';

describe('result formats in the console', () => {
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
