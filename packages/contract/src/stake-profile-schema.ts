import { z } from 'zod';
import type { StakeProfile } from './stake-profiles.js';

/** Chips a profile may name (a row of buttons). */
export const STAKE_PROFILE_CHIPS_MAX = 12;
/** Quick amounts a lottery slip may show. */
export const STAKE_PROFILE_QUICK_AMOUNTS_MAX = 8;

const amountsMinorSchema = (max: number) => z.array(z.number().int().positive()).min(1).max(max);

/** One currency's stake profile in minor units (`stake-profiles.ts`). */
export const stakeProfileSchema = z.object({
  minStakeMinor: z.number().int().positive(),
  maxStakeMinor: z.number().int().positive(),
  defaultStakeMinor: z.number().int().positive(),
  chipsMinor: amountsMinorSchema(STAKE_PROFILE_CHIPS_MAX),
  quickAmountsMinor: amountsMinorSchema(STAKE_PROFILE_QUICK_AMOUNTS_MAX),
}) satisfies z.ZodType<StakeProfile>;

/** A merchant's own choices per currency code; every field optional. */
export const stakeProfileOverridesSchema = z.record(
  z.string().regex(/^[A-Z]{3,4}$/),
  stakeProfileSchema.partial(),
);
