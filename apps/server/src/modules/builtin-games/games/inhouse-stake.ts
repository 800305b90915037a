import { amountToMinor, minorToAmount } from '@app/contract';
import { AppError } from '../../../http/app-error.js';
import type { GameLimits } from './types.js';

/**
 * The stake of an in-house round in minor units, within the merchant's limits for the game
 * (the params schema already allows only positive amounts with two decimals).
 */
export function inhouseStakeMinor(stake: number, limits: GameLimits): bigint {
  const stakeMinor = amountToMinor(stake);
  if (stakeMinor < limits.minStakeMinor || stakeMinor > limits.maxStakeMinor) {
    throw new AppError('BUILTIN_STAKE_OUT_OF_RANGE', {
      field: 'stake',
      minAmount: minorToAmount(limits.minStakeMinor),
      maxAmount: minorToAmount(limits.maxStakeMinor),
    });
  }
  return stakeMinor;
}
