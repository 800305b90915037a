import { describe, expect, it } from 'vitest';
import { humanTrace, straightTrace } from '../../../test/slider-helpers.js';
import {
  offsetMatches,
  SLIDER_TOLERANCE_PX,
  TRACE_MAX_DURATION_MS,
  TRACE_MAX_STEP_PX,
  TRACE_MIN_DURATION_MS,
  TRACE_MIN_POINTS,
  traceFault,
} from './slider-trace.js';

describe('slider offset', () => {
  it(`matches within ${SLIDER_TOLERANCE_PX} px of the gap, either side`, () => {
    expect(offsetMatches(150, 150)).toBe(true);
    expect(offsetMatches(150 + SLIDER_TOLERANCE_PX, 150)).toBe(true);
    expect(offsetMatches(150 - SLIDER_TOLERANCE_PX, 150)).toBe(true);
    expect(offsetMatches(150 + SLIDER_TOLERANCE_PX + 0.5, 150)).toBe(false);
    expect(offsetMatches(150 - SLIDER_TOLERANCE_PX - 1, 150)).toBe(false);
  });
});

describe('slider trace', () => {
  it('accepts a hand-like drag: eased speed, uneven steps, a little wobble', () => {
    expect(traceFault(humanTrace(180), 180)).toBeUndefined();
    expect(traceFault(humanTrace(100, 400, 20), 100)).toBeUndefined();
    expect(traceFault(humanTrace(250, 5000, 200), 250)).toBeUndefined();
  });

  it('accepts a straight, level drag whose speed varies (acceleration, no wobble)', () => {
    const level = humanTrace(180).map((point) => ({ ...point, y: 0 }));
    expect(traceFault(level, 180)).toBeUndefined();
  });

  it('refuses a drag at one speed along a ruler (a script)', () => {
    expect(traceFault(straightTrace(180), 180)).toBe('constant-speed');
  });

  it('refuses a varied but perfectly linear progress with no wobble', () => {
    // Timing noise alone makes the speeds vary, but x(t) stays on a straight line and y never
    // moves: neither a hand's wobble nor its acceleration.
    const trace = straightTrace(180).map((point, index) => ({
      ...point,
      tMs: point.tMs + (index % 2) * 10,
    }));
    expect(traceFault(trace, 180)).toBe('too-straight');
  });

  it(`refuses fewer than ${TRACE_MIN_POINTS} points`, () => {
    const trace = humanTrace(180, 900, TRACE_MIN_POINTS - 2);
    expect(traceFault(trace, 180)).toBe('too-few-points');
  });

  it(`refuses a drag shorter than ${TRACE_MIN_DURATION_MS} ms or longer than ${TRACE_MAX_DURATION_MS} ms`, () => {
    expect(traceFault(humanTrace(180, TRACE_MIN_DURATION_MS - 50), 180)).toBe('duration');
    expect(traceFault(humanTrace(180, TRACE_MAX_DURATION_MS + 1000, 400), 180)).toBe('duration');
  });

  it('refuses time going backwards', () => {
    const trace = humanTrace(180);
    const swapped = trace.map((point, index) =>
      index === 10 ? { ...point, tMs: (trace[8]?.tMs ?? 0) - 1 } : point,
    );
    expect(traceFault(swapped, 180)).toBe('time-order');
  });

  it('refuses a drag that ends elsewhere than the offset it claims, or starts mid-track', () => {
    expect(traceFault(humanTrace(180), 120)).toBe('end-mismatch');
    const shifted = humanTrace(180).map((point) => ({ ...point, x: point.x + 40 }));
    expect(traceFault(shifted, 220)).toBe('start');
  });

  it(`refuses a jump of more than ${TRACE_MAX_STEP_PX} px between two positions`, () => {
    const trace = humanTrace(180);
    const jumped = [...trace.slice(0, 5), ...trace.slice(25)];
    expect(traceFault(jumped, 180)).toBe('teleport');
  });
});
