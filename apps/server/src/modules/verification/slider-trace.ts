/**
 * Whether a slider drag looks like a person's: a script tends to jump straight to the answer,
 * or glide there in equal steps at one speed along a ruler-straight line. Each rule is a named
 * threshold; the answer says which one failed (logged by tests, never told to the caller).
 */

/** The piece may be let go this far from the gap. */
export const SLIDER_TOLERANCE_PX = 5;
/** A drag has at least this many pointer positions (a browser reports ~60 a second). */
export const TRACE_MIN_POINTS = 10;
/** Faster than this is no hand... */
export const TRACE_MIN_DURATION_MS = 200;
/** ...and slower than this is someone (or something) waiting. */
export const TRACE_MAX_DURATION_MS = 60_000;
/** The drag starts near the track's left end... */
export const TRACE_START_MAX_PX = 10;
/** ...and its last position is where the piece was let go. */
export const TRACE_END_TOLERANCE_PX = 2;
/** No step between two reported positions is longer than this (no teleporting). */
export const TRACE_MAX_STEP_PX = 60;
/** Needed time steps (dt > 0) to judge the speed. */
export const TRACE_MIN_TIMED_STEPS = 5;
/** The speeds of the steps vary at least this much (standard deviation over mean). */
export const TRACE_MIN_SPEED_VARIATION = 0.15;
/** A hand drifts up or down at least this much... */
export const TRACE_MIN_Y_JITTER_PX = 1;
/** ...or its progress over time bends away from a straight line by this share of the distance. */
export const TRACE_MIN_CURVE_RATIO = 0.05;

export interface TracePoint {
  x: number;
  y: number;
  tMs: number;
}

export type TraceFault =
  | 'too-few-points'
  | 'time-order'
  | 'duration'
  | 'start'
  | 'end-mismatch'
  | 'teleport'
  | 'constant-speed'
  | 'too-straight';

export function offsetMatches(offsetX: number, answerX: number): boolean {
  return Math.abs(offsetX - answerX) <= SLIDER_TOLERANCE_PX;
}

function speedVariation(trace: readonly TracePoint[]): number | undefined {
  const speeds: number[] = [];
  for (let index = 1; index < trace.length; index += 1) {
    const from = trace[index - 1] as TracePoint;
    const to = trace[index] as TracePoint;
    const dt = to.tMs - from.tMs;
    if (dt > 0) speeds.push(Math.hypot(to.x - from.x, to.y - from.y) / dt);
  }
  if (speeds.length < TRACE_MIN_TIMED_STEPS) return undefined;
  const mean = speeds.reduce((sum, speed) => sum + speed, 0) / speeds.length;
  if (mean === 0) return 0;
  const variance = speeds.reduce((sum, speed) => sum + (speed - mean) ** 2, 0) / speeds.length;
  return Math.sqrt(variance) / mean;
}

/** Largest gap between x(t) and the straight line from the first to the last point, per pixel moved. */
function curveRatio(trace: readonly TracePoint[]): number {
  const first = trace[0] as TracePoint;
  const last = trace.at(-1) as TracePoint;
  const duration = last.tMs - first.tMs;
  const distance = Math.max(Math.abs(last.x - first.x), 1);
  let largest = 0;
  for (const point of trace) {
    const expected = first.x + ((last.x - first.x) * (point.tMs - first.tMs)) / duration;
    largest = Math.max(largest, Math.abs(point.x - expected));
  }
  return largest / distance;
}

/** The first rule a drag breaks, or undefined when it looks human. */
export function traceFault(trace: readonly TracePoint[], offsetX: number): TraceFault | undefined {
  if (trace.length < TRACE_MIN_POINTS) return 'too-few-points';
  for (let index = 1; index < trace.length; index += 1) {
    if ((trace[index] as TracePoint).tMs < (trace[index - 1] as TracePoint).tMs) {
      return 'time-order';
    }
  }
  const first = trace[0] as TracePoint;
  const last = trace.at(-1) as TracePoint;
  const duration = last.tMs - first.tMs;
  if (duration < TRACE_MIN_DURATION_MS || duration > TRACE_MAX_DURATION_MS) return 'duration';
  if (Math.abs(first.x) > TRACE_START_MAX_PX) return 'start';
  if (Math.abs(last.x - offsetX) > TRACE_END_TOLERANCE_PX) return 'end-mismatch';
  for (let index = 1; index < trace.length; index += 1) {
    const from = trace[index - 1] as TracePoint;
    const to = trace[index] as TracePoint;
    if (Math.hypot(to.x - from.x, to.y - from.y) > TRACE_MAX_STEP_PX) return 'teleport';
  }
  const variation = speedVariation(trace);
  if (variation === undefined) return 'too-few-points';
  if (variation < TRACE_MIN_SPEED_VARIATION) return 'constant-speed';
  const ys = trace.map((point) => point.y);
  const jitter = Math.max(...ys) - Math.min(...ys);
  if (jitter < TRACE_MIN_Y_JITTER_PX && curveRatio(trace) < TRACE_MIN_CURVE_RATIO) {
    return 'too-straight';
  }
  return undefined;
}
