/**
 * Where things sit on the Plinko board (SVG user units): row r has r + 3 pegs, the buckets sit in
 * the rows + 1 gaps of the last row, and each left/right step moves the ball half a peg spacing.
 */
export const BOARD_WIDTH = 400;
const TOP = 24;
const ROW_HEIGHT_RATIO = 0.9;
const BUCKET_HEIGHT = 22;

export function boardGeometry(rows: number) {
  const spacing = BOARD_WIDTH / (rows + 2);
  const rowY = (row: number) => TOP + row * spacing * ROW_HEIGHT_RATIO;
  const bucketY = rowY(rows - 1) + spacing * 0.6;
  const pegs = Array.from({ length: rows }, (_, row) =>
    Array.from({ length: row + 3 }, (_, i) => ({
      x: BOARD_WIDTH / 2 + (i - (row + 2) / 2) * spacing,
      y: rowY(row),
    })),
  ).flat();
  const bucketX = (bucket: number) => BOARD_WIDTH / 2 + (bucket - rows / 2) * spacing;
  return {
    spacing,
    pegs,
    bucketX,
    bucketY,
    bucketHeight: BUCKET_HEIGHT,
    height: bucketY + BUCKET_HEIGHT + 4,
    pegRadius: Math.max(2, spacing * 0.09),
    ballRadius: Math.max(4, spacing * 0.22),
  };
}

/** The ball's stops: above the board, then just under each row's peg, then in its bucket. */
export function ballStops(rows: number, path: readonly number[]): { x: number; y: number }[] {
  const { spacing, bucketX, bucketY, bucketHeight } = boardGeometry(rows);
  const rowY = (row: number) => 24 + row * spacing * ROW_HEIGHT_RATIO;
  const stops = [{ x: BOARD_WIDTH / 2, y: rowY(0) - spacing * 0.5 }];
  let rights = 0;
  path.forEach((step, row) => {
    rights += step;
    stops.push({
      x: BOARD_WIDTH / 2 + (2 * rights - (row + 1)) * (spacing / 2),
      y: rowY(row) + spacing * 0.45,
    });
  });
  stops.push({ x: bucketX(rights), y: bucketY + bucketHeight / 2 });
  return stops;
}
