import {
  SLIDER_TRACE_COORDINATE_LIMIT_PX,
  SLIDER_TRACE_MAX_POINTS,
  type SliderTracePoint,
} from '@app/contract/client';

/** Keeps at most `max` points of a drag: the first, the last and evenly spaced ones between. */
export function thinTrace(
  trace: readonly SliderTracePoint[],
  max = SLIDER_TRACE_MAX_POINTS,
): SliderTracePoint[] {
  if (trace.length <= max) return [...trace];
  const step = (trace.length - 1) / (max - 1);
  return Array.from(
    { length: max },
    (_, index) => trace[Math.round(index * step)] as SliderTracePoint,
  );
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Where a drag began, in screen pixels, and how many screen pixels make a puzzle pixel. */
export interface DragOrigin {
  clientX: number;
  clientY: number;
  startedAtMs: number;
  scale: number;
  maxOffsetPx: number;
}

/** A pointer position as a trace point: puzzle pixels from the start (x kept on the track). */
export function tracePoint(
  origin: DragOrigin,
  pointer: { clientX: number; clientY: number },
  nowMs: number,
): SliderTracePoint {
  const limit = SLIDER_TRACE_COORDINATE_LIMIT_PX;
  const x = clamp((pointer.clientX - origin.clientX) / origin.scale, 0, origin.maxOffsetPx);
  const y = clamp((pointer.clientY - origin.clientY) / origin.scale, -limit, limit);
  return {
    x: Math.round(x * 10) / 10,
    y: Math.round(y * 10) / 10,
    tMs: Math.max(0, Math.round(nowMs - origin.startedAtMs)),
  };
}
