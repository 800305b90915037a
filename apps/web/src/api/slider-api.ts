import type { SliderTracePoint } from '@app/contract/client';
import { callApi } from '../lib/api-client';

/** A new slider puzzle: the picture with its gap and the piece (`components/slider-puzzle.tsx`). */
export const fetchSliderPuzzle = () => callApi('sliderPuzzle');

export interface SliderAnswer {
  challengeId: string;
  offsetX: number;
  trace: SliderTracePoint[];
}

/** Sends a drag's end and its way there; a solved puzzle answers its one-time token. */
export const verifySlider = (body: SliderAnswer) => callApi('sliderVerify', { body });
