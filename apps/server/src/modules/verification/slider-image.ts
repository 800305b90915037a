import { randomInt } from 'node:crypto';
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import {
  type GapPosition,
  randomGapPosition,
  SLIDER_GAP_MAX_X,
  SLIDER_GAP_MIN_X,
  SLIDER_HEIGHT_PX,
  SLIDER_PIECE_SIZE_PX,
  SLIDER_WIDTH_PX,
  tracePieceOutline,
} from './slider-geometry.js';

/** Random shapes drawn over the gradient, so that no two pictures (or gaps) look alike. */
const BACKGROUND_SHAPES = 18;
const BACKGROUND_STRIPES = 6;
/** How dark the gap is; the decoy is fainter, to trip naive "darkest spot" solvers. */
const GAP_SHADE = 'rgba(0,0,0,0.5)';
const DECOY_SHADE = 'rgba(0,0,0,0.22)';

function randomColor(alpha = 1): string {
  return `hsla(${randomInt(360)},${randomInt(35, 85)}%,${randomInt(30, 75)}%,${alpha})`;
}

/** Procedural picture: a two-colour gradient, soft circles, polygons and stripes. */
function drawBackground(context: SKRSContext2D): void {
  const gradient = context.createLinearGradient(0, 0, SLIDER_WIDTH_PX, SLIDER_HEIGHT_PX);
  gradient.addColorStop(0, randomColor());
  gradient.addColorStop(1, randomColor());
  context.fillStyle = gradient;
  context.fillRect(0, 0, SLIDER_WIDTH_PX, SLIDER_HEIGHT_PX);

  for (let stripe = 0; stripe < BACKGROUND_STRIPES; stripe += 1) {
    context.strokeStyle = randomColor(0.35);
    context.lineWidth = randomInt(4, 16);
    context.beginPath();
    context.moveTo(randomInt(SLIDER_WIDTH_PX), 0);
    context.lineTo(randomInt(SLIDER_WIDTH_PX), SLIDER_HEIGHT_PX);
    context.stroke();
  }
  for (let shape = 0; shape < BACKGROUND_SHAPES; shape += 1) {
    context.fillStyle = randomColor(randomInt(35, 90) / 100);
    context.beginPath();
    const centerX = randomInt(SLIDER_WIDTH_PX);
    const centerY = randomInt(SLIDER_HEIGHT_PX);
    const size = randomInt(8, 40);
    if (shape % 2 === 0) {
      context.arc(centerX, centerY, size, 0, 2 * Math.PI);
    } else {
      const corners = randomInt(3, 7);
      const turn = randomInt(360) / 57.3;
      for (let corner = 0; corner < corners; corner += 1) {
        const angle = turn + (corner * 2 * Math.PI) / corners;
        const x = centerX + size * Math.cos(angle);
        const y = centerY + size * Math.sin(angle);
        if (corner === 0) context.moveTo(x, y);
        else context.lineTo(x, y);
      }
      context.closePath();
    }
    context.fill();
  }
}

/** A second, fainter gap-like mark away from the real one (or none when there is no room). */
function decoyPosition(gap: GapPosition): GapPosition | undefined {
  const candidates: number[] = [];
  for (let x = SLIDER_GAP_MIN_X; x <= SLIDER_GAP_MAX_X; x += 4) {
    if (Math.abs(x - gap.x) > SLIDER_PIECE_SIZE_PX + 8) candidates.push(x);
  }
  if (candidates.length === 0) return undefined;
  return { x: candidates[randomInt(candidates.length)] as number, y: randomGapPosition().y };
}

export interface SliderImages {
  gap: GapPosition;
  background: Buffer;
  piece: Buffer;
}

/**
 * Draws a puzzle: the background with the piece's outline cut out at `gap`, and the piece
 * itself (the background's pixels inside that outline), each as a PNG.
 */
export function drawSliderPuzzle(gap: GapPosition): SliderImages {
  const canvas = createCanvas(SLIDER_WIDTH_PX, SLIDER_HEIGHT_PX);
  const context = canvas.getContext('2d');
  drawBackground(context);

  // The piece is cut from the untouched picture, before the gap is shaded.
  const pieceCanvas = createCanvas(SLIDER_PIECE_SIZE_PX, SLIDER_PIECE_SIZE_PX);
  const pieceContext = pieceCanvas.getContext('2d');
  tracePieceOutline(pieceContext, 0, 0);
  pieceContext.save();
  pieceContext.clip();
  pieceContext.drawImage(canvas, -gap.x, -gap.y);
  pieceContext.restore();
  tracePieceOutline(pieceContext, 0.5, 0.5);
  pieceContext.strokeStyle = 'rgba(255,255,255,0.9)';
  pieceContext.lineWidth = 1.5;
  pieceContext.stroke();

  const decoy = decoyPosition(gap);
  if (decoy) {
    tracePieceOutline(context, decoy.x, decoy.y);
    context.fillStyle = DECOY_SHADE;
    context.fill();
  }
  tracePieceOutline(context, gap.x, gap.y);
  context.fillStyle = GAP_SHADE;
  context.fill();
  context.strokeStyle = 'rgba(255,255,255,0.75)';
  context.lineWidth = 1.5;
  context.stroke();

  return {
    gap,
    background: canvas.toBuffer('image/png'),
    piece: pieceCanvas.toBuffer('image/png'),
  };
}
