import { randomBytes } from 'node:crypto';
import { AppError } from '../../http/app-error.js';
import type { Merchant } from '../system/index.js';
import type { LaunchableGame, ProvidersRepository } from './repository.js';
import { hashGameSecret } from './seamless/service.js';

/** A launch token is good for this long, once. */
export const LAUNCH_TOKEN_TTL_MS = 120_000;
const LAUNCH_TOKEN_BYTES = 32;
/** Launches per member per minute (each makes a token and may move money). */
export const GAME_LAUNCH_RATE_LIMIT = { name: 'game-launch', limit: 30, windowMs: 60_000 };

export interface LaunchInput {
  merchant: Merchant;
  memberId: bigint;
  nodeId: number;
  vassalage: string;
  roomId: string | undefined;
  language: string | undefined;
  confirmTrans: number;
}

/** Moves the member's main cash into a transfer-mode vendor's wallet before its game opens. */
export type MoveIntoVendor = (input: {
  merchant: Merchant;
  memberId: bigint;
  game: LaunchableGame;
}) => Promise<void>;

/** The URL the site opens in its `/game` frame: the provider's launch URL with the token. */
export function gameUrlOf(launchUrl: string, token: string, language: string): string {
  const separator = launchUrl.includes('?') ? '&' : '?';
  return `${launchUrl}${separator}token=${encodeURIComponent(token)}&lang=${encodeURIComponent(language)}`;
}

export function createLaunchService(deps: {
  repository: ProvidersRepository;
  moveIntoVendor?: MoveIntoVendor;
  now?: () => number;
}) {
  const { repository } = deps;
  const now = deps.now ?? Date.now;
  return {
    /** Checks the game, makes a single-use launch token and answers the game URL. */
    async launch(input: LaunchInput): Promise<{ game_url: string; game_url2: string | null }> {
      const game = await repository.launchableGame(input.merchant.code, BigInt(input.nodeId));
      if (
        !game ||
        game.vassalage !== input.vassalage ||
        !game.gameEnabled ||
        !game.vendorEnabled ||
        !game.provider.enabled
      ) {
        throw new AppError('GAME_UNAVAILABLE');
      }
      // A VASSALAGE entry stands for a vendor's list of games: the site shows its sub-games.
      if (game.isGame === 'VASSALAGE') throw new AppError('GAME_NOT_LAUNCHABLE');
      if (
        game.provider.walletMode === 'transfer' &&
        input.confirmTrans === 1 &&
        deps.moveIntoVendor
      ) {
        await deps.moveIntoVendor({ merchant: input.merchant, memberId: input.memberId, game });
      }
      const token = randomBytes(LAUNCH_TOKEN_BYTES).toString('base64url');
      const language = input.language ?? input.merchant.defaultGameLanguage;
      await repository.insertLaunchToken({
        tokenHash: hashGameSecret(token),
        merchantCode: input.merchant.code,
        memberId: input.memberId,
        nodeId: game.nodeId,
        vassalage: game.vassalage,
        roomId: input.roomId ?? null,
        language,
        currency: input.merchant.currency,
        expiresAt: new Date(now() + LAUNCH_TOKEN_TTL_MS),
      });
      await repository.recordRecentGame(input.memberId, game.nodeId);
      return { game_url: gameUrlOf(game.provider.launchUrl, token, language), game_url2: null };
    },
  };
}

export type LaunchService = ReturnType<typeof createLaunchService>;
