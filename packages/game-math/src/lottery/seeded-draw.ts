import { fairRandomSource } from '../fair/random-source';
import { drawResult, type LotteryFormat, type LotteryResult } from './formats';

/** The inputs that fix a house draw: the seed committed (hashed) when the draw opens, and its key. */
export interface SeededDrawInputs {
  /** 64 hex characters from a CSPRNG; its SHA-256 (`hashServerSeed`) is published at open. */
  serverSeed: string;
  /** Names the draw, e.g. `DIGIT5-1M:20261122-1840` (the game code and draw number). */
  drawKey: string;
}

/**
 * A house draw's result, recomputable by anyone once the seed is revealed:
 * `drawResult(format, fairRandomSource({ serverSeed, clientSeed: drawKey, nonce: 0 }))`.
 */
export function drawSeededResult(format: LotteryFormat, inputs: SeededDrawInputs): LotteryResult {
  return drawResult(
    format,
    fairRandomSource({ serverSeed: inputs.serverSeed, clientSeed: inputs.drawKey, nonce: 0 }),
  );
}
