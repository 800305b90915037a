import { randomInt } from 'node:crypto';

/** The puzzle picture. */
export const SLIDER_WIDTH_PX = 320;
export const SLIDER_HEIGHT_PX = 160;
/** The piece's square box, knobs included. */
export const SLIDER_PIECE_SIZE_PX = 48;
/** How far the piece's knobs reach out of its body (top and right). */
const PIECE_KNOB_EXTENT_PX = 10;
const PIECE_KNOB_RADIUS_PX = 7;
/** The gap is never this close to the start: a drag of a few pixels must not land on it. */
export const SLIDER_GAP_MIN_X = 2 * SLIDER_PIECE_SIZE_PX;
/** ...nor against the right edge. */
export const SLIDER_GAP_MAX_X = SLIDER_WIDTH_PX - SLIDER_PIECE_SIZE_PX - 8;
/** Space kept above and below the piece. */
const PIECE_MARGIN_Y_PX = 8;

export interface GapPosition {
  /** Left edge of the piece's box in the picture: the offset a right drag ends at. */
  x: number;
  /** Top of the piece's box. */
  y: number;
}

/** A random gap inside the allowed band; `fixedX` (test-only) pins the x. */
export function randomGapPosition(fixedX?: number): GapPosition {
  return {
    x: fixedX ?? randomInt(SLIDER_GAP_MIN_X, SLIDER_GAP_MAX_X + 1),
    y: randomInt(
      PIECE_MARGIN_Y_PX,
      SLIDER_HEIGHT_PX - SLIDER_PIECE_SIZE_PX - PIECE_MARGIN_Y_PX + 1,
    ),
  };
}

export function gapFitsPicture(gap: GapPosition): boolean {
  return (
    Number.isInteger(gap.x) &&
    Number.isInteger(gap.y) &&
    gap.x >= SLIDER_GAP_MIN_X &&
    gap.x <= SLIDER_GAP_MAX_X &&
    gap.y >= 0 &&
    gap.y + SLIDER_PIECE_SIZE_PX <= SLIDER_HEIGHT_PX
  );
}

/** The 2D path calls a piece outline needs (a canvas context has them all). */
export interface PathSink {
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, radius: number, start: number, end: number): void;
  closePath(): void;
}

/**
 * Traces a jigsaw piece whose box starts at (left, top): a square body with a round knob on
 * its top and right sides, so that the gap cannot be mistaken for a plain rectangle.
 */
export function tracePieceOutline(path: PathSink, left: number, top: number): void {
  const body = SLIDER_PIECE_SIZE_PX - PIECE_KNOB_EXTENT_PX;
  const bodyTop = top + PIECE_KNOB_EXTENT_PX;
  const bodyRight = left + body;
  const radius = PIECE_KNOB_RADIUS_PX;
  path.beginPath();
  path.moveTo(left, bodyTop);
  path.lineTo(left + body / 2 - radius, bodyTop);
  path.arc(left + body / 2, bodyTop, radius, Math.PI, 0);
  path.lineTo(bodyRight, bodyTop);
  path.lineTo(bodyRight, bodyTop + body / 2 - radius);
  path.arc(bodyRight, bodyTop + body / 2, radius, -Math.PI / 2, Math.PI / 2);
  path.lineTo(bodyRight, bodyTop + body);
  path.lineTo(left, bodyTop + body);
  path.closePath();
}
