import { describe, expect, it } from 'vitest';
import {
  gapFitsPicture,
  randomGapPosition,
  SLIDER_GAP_MAX_X,
  SLIDER_GAP_MIN_X,
  SLIDER_HEIGHT_PX,
  SLIDER_PIECE_SIZE_PX,
  SLIDER_WIDTH_PX,
} from './slider-geometry.js';
import { drawSliderPuzzle } from './slider-image.js';

function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('slider gap', () => {
  it('always lies inside the picture, away from the start', () => {
    for (let index = 0; index < 500; index += 1) {
      const gap = randomGapPosition();
      expect(gapFitsPicture(gap)).toBe(true);
      expect(gap.x).toBeGreaterThanOrEqual(SLIDER_GAP_MIN_X);
      expect(gap.x).toBeLessThanOrEqual(SLIDER_GAP_MAX_X);
    }
    expect(SLIDER_GAP_MIN_X).toBeGreaterThanOrEqual(SLIDER_PIECE_SIZE_PX);
    expect(SLIDER_GAP_MAX_X + SLIDER_PIECE_SIZE_PX).toBeLessThanOrEqual(SLIDER_WIDTH_PX);
  });

  it('can be pinned (test-only fixed offset)', () => {
    expect(randomGapPosition(150).x).toBe(150);
    expect(gapFitsPicture({ x: SLIDER_GAP_MIN_X - 1, y: 10 })).toBe(false);
    expect(gapFitsPicture({ x: 150, y: SLIDER_HEIGHT_PX })).toBe(false);
  });
});

describe('slider images', () => {
  it('are a picture and a piece of the set sizes, new every time', () => {
    const gap = { x: 150, y: 40 };
    const puzzle = drawSliderPuzzle(gap);
    expect(pngSize(puzzle.background)).toEqual({
      width: SLIDER_WIDTH_PX,
      height: SLIDER_HEIGHT_PX,
    });
    expect(pngSize(puzzle.piece)).toEqual({
      width: SLIDER_PIECE_SIZE_PX,
      height: SLIDER_PIECE_SIZE_PX,
    });
    expect(drawSliderPuzzle(gap).background.equals(puzzle.background)).toBe(false);
  });
});
