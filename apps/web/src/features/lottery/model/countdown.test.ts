import { describe, expect, it } from 'vitest';
import { formatCountdown, msUntilNextTick, remainingMs, serverOffsetMs } from './countdown';

describe('countdown', () => {
  it('estimates the server clock offset at the middle of the round trip', () => {
    expect(
      serverOffsetMs({ serverTimeMs: 10_500, requestSentAtMs: 1000, answerReceivedAtMs: 2000 }),
    ).toBe(9000);
    expect(
      serverOffsetMs({ serverTimeMs: 1000, requestSentAtMs: 5000, answerReceivedAtMs: 5000 }),
    ).toBe(-4000);
  });

  it('counts down on the server clock and stops at zero', () => {
    // The browser is 9 s behind the server: at browser 50 s, the server says 59 s.
    expect(remainingMs(60_000, 50_000, 9000)).toBe(1000);
    expect(remainingMs(60_000, 52_000, 9000)).toBe(0);
  });

  it.each([
    [0, '0:00'],
    [1, '0:01'],
    [999, '0:01'],
    [1000, '0:01'],
    [1001, '0:02'],
    [59_000, '0:59'],
    [60_000, '1:00'],
    [61_500, '1:02'],
    [3_599_000, '59:59'],
    [3_600_000, '1:00:00'],
    [36_061_000, '10:01:01'],
    [-5, '0:00'],
  ])('shows %i ms as %s', (remaining, text) => {
    expect(formatCountdown(remaining)).toBe(text);
  });

  it('ticks on whole seconds', () => {
    expect(msUntilNextTick(5250)).toBe(250);
    expect(msUntilNextTick(5000)).toBe(1000);
  });
});
