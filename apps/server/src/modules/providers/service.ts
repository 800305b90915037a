import { randomBytes } from 'node:crypto';
import { AppError } from '../../http/app-error.js';
import type { GameLookups, GameProvider, LaunchableGame } from '../games/index.js';
import type { Merchant } from '../system/index.js';
import type { ProvidersRepository } from './repository.js';
import { hashGameSecret } from './seamless/service.js';

/** A launch token is good for this long, once. */
export const LAUNCH_TOKEN_TTL_MS = 120_000;
const LAUNCH_TOKEN_BYTES = 32;
/** Spent or expired launch tokens are deleted after this long (kept a while for inquiries). */
export const LAUNCH_TOKEN_RETENTION_MS = 24 * 60 * 60 * 1000;
/** Game sessions idle this long are deleted; a provider settles long before (wins land on idle sessions). */
export const GAME_SESSION_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
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

/** Opening games: launch tokens and URLs, and the registered game providers. */
export interface LaunchService {
  /** Checks the game, makes a single-use launch token and answers the game URL. */
  launch(input: LaunchInput): Promise<{ game_url: string; game_url2: string | null }>;
  /** The game provider registered under `code` (the seamless routes check its signature). */
  provider(code: string): Promise<GameProvider | undefined>;
  /** Housekeeping: old launch tokens and long-idle game sessions. */
  prune(): Promise<void>;
}

export function createLaunchService(deps: {
  repository: ProvidersRepository;
  catalogue: GameLookups;
  moveIntoVendor?: MoveIntoVendor;
  now?: () => number;
}): LaunchService {
  const { repository, catalogue } = deps;
  const now = deps.now ?? Date.now;
  return {
    async launch(input) {
      const game = await catalogue.launchableGame(input.merchant.code, BigInt(input.nodeId));
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
      // A room sets the stakes the wallet allows: only an open room of this game may be named.
      if (input.roomId !== undefined) {
        const room = await catalogue.pvpRoom(input.merchant.code, input.roomId);
        if (!room || room.nodeId !== BigInt(game.nodeId) || room.closed || !room.enabled) {
          throw new AppError('GAME_ROOM_UNAVAILABLE');
        }
      }
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
      await catalogue.recordRecentGame(input.memberId, game.nodeId);
      return { game_url: gameUrlOf(game.provider.launchUrl, token, language), game_url2: null };
    },

    provider(code) {
      return catalogue.provider(code);
    },

    prune() {
      return repository.pruneExpired(
        new Date(now() - LAUNCH_TOKEN_RETENTION_MS),
        new Date(now() - GAME_SESSION_RETENTION_MS),
      );
    },
  };
}
