import {
  amountToMinor,
  type LoyaltyRewardKind,
  type MissionGoalKind,
  minorToAmount,
} from '@app/contract';
import { AppError } from '../../http/app-error.js';
import { MULTIPLIER_SCALE } from './progress.js';

/**
 * Goals and rewards travel in display units (amounts with two decimals, counts, multipliers)
 * and are stored as integers: minor units for amounts, hundredths for multipliers.
 */
export function goalToDisplay(goalKind: MissionGoalKind, stored: bigint): number {
  if (goalKind === 'wager' || goalKind === 'deposit') return minorToAmount(stored);
  if (goalKind === 'win-multiplier') return Number(stored) / Number(MULTIPLIER_SCALE);
  return Number(stored);
}

function invalid(field: string): AppError {
  return new AppError('VALIDATION_FAILED', { field });
}

export function goalFromDisplay(goalKind: MissionGoalKind, value: number): bigint {
  try {
    if (goalKind === 'wager' || goalKind === 'deposit') return amountToMinor(value);
    if (goalKind === 'win-multiplier') {
      // Two decimals of a multiplier, as amounts have: 2.5 is 250.
      return amountToMinor(value);
    }
  } catch {
    throw invalid('target');
  }
  if (!Number.isInteger(value)) throw invalid('target');
  return BigInt(value);
}

export function rewardToDisplay(kind: LoyaltyRewardKind, stored: bigint): number {
  return kind === 'points' ? Number(stored) : minorToAmount(stored);
}

export function rewardFromDisplay(kind: LoyaltyRewardKind, value: number, field: string): bigint {
  if (kind === 'points') {
    if (!Number.isInteger(value)) throw invalid(field);
    return BigInt(value);
  }
  try {
    return amountToMinor(value);
  } catch {
    throw invalid(field);
  }
}

const MASK_VISIBLE_CHARS = 2;

/** `player01` -> `pl***01`: recognisable to its owner, not enough to learn the account. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= MASK_VISIBLE_CHARS * 2) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, MASK_VISIBLE_CHARS).join('')}***${chars.slice(-MASK_VISIBLE_CHARS).join('')}`;
}
