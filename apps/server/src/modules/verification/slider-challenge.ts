import { createHash, randomBytes } from 'node:crypto';
import {
  SLIDER_CHALLENGE_TTL_MS,
  SLIDER_TOKEN_TTL_MS,
  type SliderPuzzle,
  type SliderVerifyRequest,
} from '@app/contract';
import { AppError } from '../../http/app-error.js';
import type { VerificationRepository } from './repository.js';
import {
  randomGapPosition,
  SLIDER_HEIGHT_PX,
  SLIDER_PIECE_SIZE_PX,
  SLIDER_WIDTH_PX,
} from './slider-geometry.js';
import { drawSliderPuzzle } from './slider-image.js';
import { offsetMatches, type TraceFault, traceFault } from './slider-trace.js';

const CHALLENGE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const CHALLENGE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** What a guard needs to know of the merchant. */
export interface ChallengeMerchant {
  code: string;
  whiteLabel: { sliderVerification: boolean };
}

export interface SliderOptions {
  /** Test-only: every gap at this x (config refuses it outside NODE_ENV=test). */
  fixedSliderOffset?: number | undefined;
  now?: () => number;
  /** Told why a drag failed (tests); the caller only ever sees SLIDER_FAILED. */
  onSliderFailure?: (fault: TraceFault | 'unknown-challenge' | 'wrong-offset') => void;
}

function hashChallengeToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

function dataUrl(png: Buffer): string {
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** The slider puzzle: drawn, answered once, and paid out as a one-time challenge token. */
export interface SliderChallenges {
  /** Draws a new puzzle and remembers its answer. */
  issueSliderPuzzle(merchantCode: string): Promise<SliderPuzzle>;
  /** Spends the puzzle and, when the offset and the drag pass, answers a one-time token. */
  verifySlider(
    merchantCode: string,
    input: Pick<SliderVerifyRequest, 'challengeId' | 'offsetX' | 'trace'>,
  ): Promise<{ challengeToken: string; expiresInSeconds: number }>;
  /** When the merchant's slider is on, spends a challenge token or throws. */
  requireChallenge(merchant: ChallengeMerchant, challengeToken: string | undefined): Promise<void>;
}

export function createSliderChallenges(
  repository: VerificationRepository,
  options: SliderOptions = {},
): SliderChallenges {
  const now = options.now ?? Date.now;
  const fail = (reason: Parameters<NonNullable<SliderOptions['onSliderFailure']>>[0]) => {
    options.onSliderFailure?.(reason);
    return new AppError('SLIDER_FAILED');
  };
  return {
    async issueSliderPuzzle(merchantCode) {
      const images = drawSliderPuzzle(randomGapPosition(options.fixedSliderOffset));
      const challengeId = randomBytes(16).toString('base64url');
      await repository.insertSliderChallenge({
        id: challengeId,
        merchantCode,
        answerX: images.gap.x,
        expiresAt: new Date(now() + SLIDER_CHALLENGE_TTL_MS),
      });
      return {
        challengeId,
        backgroundImage: dataUrl(images.background),
        pieceImage: dataUrl(images.piece),
        pieceY: images.gap.y,
        widthPx: SLIDER_WIDTH_PX,
        heightPx: SLIDER_HEIGHT_PX,
        pieceSizePx: SLIDER_PIECE_SIZE_PX,
        expiresInSeconds: SLIDER_CHALLENGE_TTL_MS / 1000,
      };
    },

    /**
     * Spends the puzzle (one try, right or wrong), then checks the offset and the drag. Any
     * failure is SLIDER_FAILED, without saying which check failed: the client draws a new one.
     */
    async verifySlider(merchantCode, input) {
      const answerX = CHALLENGE_ID_PATTERN.test(input.challengeId)
        ? await repository.spendSliderChallenge(merchantCode, input.challengeId)
        : undefined;
      if (answerX === undefined) throw fail('unknown-challenge');
      if (!offsetMatches(input.offsetX, answerX)) throw fail('wrong-offset');
      const fault = traceFault(input.trace, input.offsetX);
      if (fault) throw fail(fault);
      const challengeToken = randomBytes(32).toString('base64url');
      await repository.insertChallengeToken({
        hash: hashChallengeToken(challengeToken),
        merchantCode,
        expiresAt: new Date(now() + SLIDER_TOKEN_TTL_MS),
      });
      return { challengeToken, expiresInSeconds: SLIDER_TOKEN_TTL_MS / 1000 };
    },

    /**
     * The guard of registration, SMS sends and username login: when the merchant's
     * `sliderVerification` is on, spends a challenge token (once, atomically). Missing:
     * CHALLENGE_REQUIRED; unknown, spent, expired or another merchant's: CHALLENGE_INVALID.
     */
    async requireChallenge(merchant, challengeToken) {
      if (!merchant.whiteLabel.sliderVerification) return;
      if (!challengeToken) throw new AppError('CHALLENGE_REQUIRED', { field: 'challengeToken' });
      const spent =
        CHALLENGE_TOKEN_PATTERN.test(challengeToken) &&
        (await repository.spendChallengeToken(merchant.code, hashChallengeToken(challengeToken)));
      if (!spent) throw new AppError('CHALLENGE_INVALID', { field: 'challengeToken' });
    },
  };
}
