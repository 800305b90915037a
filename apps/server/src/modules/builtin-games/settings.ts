import {
  type BuiltinGamesSettings,
  DEFAULT_MAX_PAYOUT_STAKES,
  SEAMLESS_AMOUNT_MAX_MINOR,
  type StakeProfile,
  stakeProfileOf,
} from '@app/contract';
import type { GameLimits } from './games/types.js';

/** The seamless wallet takes no bet or win above this: a stake or payout is never more. */
const WALLET_AMOUNT_MAX_MINOR = BigInt(SEAMLESS_AMOUNT_MAX_MINOR);

const atMostWallet = (amountMinor: bigint) =>
  amountMinor > WALLET_AMOUNT_MAX_MINOR ? WALLET_AMOUNT_MAX_MINOR : amountMinor;

/** The merchant's stake profile for its currency (its own fields over the currency's defaults). */
export function stakeProfileOfMerchant(
  settings: BuiltinGamesSettings,
  currency: string,
): StakeProfile {
  return stakeProfileOf(currency, settings.stakeProfiles);
}

/**
 * The merchant's limits for one game: the game's own fields, else the currency's stake profile
 * (a VND merchant plays from 1,000 ₫, not from 0.10 ₫); the payout cap, when the merchant names
 * none, is `DEFAULT_MAX_PAYOUT_STAKES` of the largest stake.
 */
export function limitsOf(
  settings: BuiltinGamesSettings,
  gameCode: string,
  currency: string,
): GameLimits {
  const own = settings.limits[gameCode] ?? {};
  const profile = stakeProfileOfMerchant(settings, currency);
  const maxStakeMinor = BigInt(own.maxStakeMinor ?? profile.maxStakeMinor);
  return {
    minStakeMinor: BigInt(own.minStakeMinor ?? profile.minStakeMinor),
    maxStakeMinor: atMostWallet(maxStakeMinor),
    maxPayoutMinor: atMostWallet(
      BigInt(own.maxPayoutMinor ?? maxStakeMinor * BigInt(DEFAULT_MAX_PAYOUT_STAKES)),
    ),
  };
}
