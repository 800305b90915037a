import { type BuiltinGamesSettings, SEAMLESS_AMOUNT_MAX_MINOR } from '@app/contract';
import type { GameLimits } from './games/types.js';

/** A game's limits when the merchant names none (minor units): 0.10 to 1,000.00 a round. */
export const DEFAULT_MIN_STAKE_MINOR = 10n;
export const DEFAULT_MAX_STAKE_MINOR = 100_000n;
/** No round pays more than 100,000.00 unless the merchant says otherwise. */
export const DEFAULT_MAX_PAYOUT_MINOR = 10_000_000n;

/** The seamless wallet takes no bet or win above this: a stake or payout is never more. */
const WALLET_AMOUNT_MAX_MINOR = BigInt(SEAMLESS_AMOUNT_MAX_MINOR);

const atMostWallet = (amountMinor: bigint) =>
  amountMinor > WALLET_AMOUNT_MAX_MINOR ? WALLET_AMOUNT_MAX_MINOR : amountMinor;

/** The merchant's limits for one game, each missing field from the defaults. */
export function limitsOf(settings: BuiltinGamesSettings, gameCode: string): GameLimits {
  const own = settings.limits[gameCode] ?? {};
  return {
    minStakeMinor: BigInt(own.minStakeMinor ?? DEFAULT_MIN_STAKE_MINOR),
    maxStakeMinor: atMostWallet(BigInt(own.maxStakeMinor ?? DEFAULT_MAX_STAKE_MINOR)),
    maxPayoutMinor: atMostWallet(BigInt(own.maxPayoutMinor ?? DEFAULT_MAX_PAYOUT_MINOR)),
  };
}
