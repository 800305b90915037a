/**
 * Stakes sized for the currency (issue 22 item 1): the smallest, largest and first stake, the
 * chips a game offers and the quick amounts of the lottery's slip, per currency, in minor units
 * (hundredths of the currency, as every amount of the platform). A merchant may override any
 * field for its currency (`builtinGames.stakeProfiles`, the console's built-in game limits page);
 * what it leaves out comes from `DEFAULT_STAKE_PROFILES`. No zod here: the web imports it.
 */
export interface StakeProfile {
  minStakeMinor: number;
  maxStakeMinor: number;
  defaultStakeMinor: number;
  /** The chips a game offers, ascending. */
  chipsMinor: number[];
  /** The lottery slip's quick amounts per point, ascending. */
  quickAmountsMinor: number[];
}

/** A merchant's own choices per currency code; every field optional. */
export type StakeProfileOverrides = Record<string, Partial<StakeProfile>>;

/** Builds a profile from major units, so the table below reads as players see the amounts. */
function profileOf(major: {
  min: number;
  max: number;
  first: number;
  chips: number[];
  quick: number[];
}): StakeProfile {
  const minor = (amount: number) => Math.round(amount * 100);
  return {
    minStakeMinor: minor(major.min),
    maxStakeMinor: minor(major.max),
    defaultStakeMinor: minor(major.first),
    chipsMinor: major.chips.map(minor),
    quickAmountsMinor: major.quick.map(minor),
  };
}

/** Dollar-like currencies (USD, EUR, GBP, ...): 0.10 to 1,000 a round, 1.00 first. */
const DOLLAR_LIKE = profileOf({
  min: 0.1,
  max: 1_000,
  first: 1,
  chips: [0.1, 0.5, 1, 5, 10, 50, 100],
  quick: [1, 2, 5, 10, 50],
});

/**
 * Every currency the platform runs with, sized by what a round is worth there. VND: 1,000 ₫ to
 * 20,000,000 ₫ (about 0.04 to 800 USD), 10,000 ₫ first; IDR alike; THB, PHP and CNY around ten
 * to thirty units per dollar; BRL and MYR around five.
 */
export const DEFAULT_STAKE_PROFILES: Readonly<Record<string, StakeProfile>> = {
  USD: DOLLAR_LIKE,
  EUR: DOLLAR_LIKE,
  GBP: DOLLAR_LIKE,
  USDT: DOLLAR_LIKE,
  VND: profileOf({
    min: 1_000,
    max: 20_000_000,
    first: 10_000,
    chips: [1_000, 5_000, 10_000, 50_000, 100_000, 500_000, 1_000_000],
    quick: [1_000, 5_000, 10_000, 50_000, 100_000],
  }),
  IDR: profileOf({
    min: 1_000,
    max: 10_000_000,
    first: 10_000,
    chips: [1_000, 5_000, 10_000, 50_000, 100_000, 500_000, 1_000_000],
    quick: [1_000, 5_000, 10_000, 50_000, 100_000],
  }),
  CNY: profileOf({
    min: 1,
    max: 10_000,
    first: 10,
    chips: [1, 5, 10, 50, 100, 500, 1_000],
    quick: [2, 5, 10, 50, 100],
  }),
  THB: profileOf({
    min: 2,
    max: 30_000,
    first: 20,
    chips: [2, 10, 20, 50, 100, 500, 1_000],
    quick: [5, 10, 20, 50, 100],
  }),
  PHP: profileOf({
    min: 5,
    max: 50_000,
    first: 50,
    chips: [5, 10, 50, 100, 500, 1_000, 5_000],
    quick: [5, 10, 50, 100, 500],
  }),
  INR: profileOf({
    min: 10,
    max: 80_000,
    first: 100,
    chips: [10, 50, 100, 500, 1_000, 5_000, 10_000],
    quick: [10, 50, 100, 500, 1_000],
  }),
  BRL: profileOf({
    min: 0.5,
    max: 5_000,
    first: 5,
    chips: [0.5, 1, 5, 10, 50, 100, 500],
    quick: [1, 5, 10, 20, 50],
  }),
  MYR: profileOf({
    min: 0.5,
    max: 5_000,
    first: 5,
    chips: [0.5, 1, 5, 10, 50, 100, 500],
    quick: [1, 5, 10, 20, 50],
  }),
};

/** A currency the table does not name plays with the dollar-like profile. */
export const FALLBACK_STAKE_PROFILE: StakeProfile = DOLLAR_LIKE;

/** The currency's default profile, or the dollar-like one. */
export function defaultStakeProfileOf(currency: string): StakeProfile {
  return DEFAULT_STAKE_PROFILES[currency] ?? FALLBACK_STAKE_PROFILE;
}

/**
 * The merchant's profile for its currency: its own fields over the currency's defaults, the
 * default stake kept within min and max and the chips and quick amounts within them too (an
 * operator who narrows the range does not leave chips no game accepts).
 */
export function stakeProfileOf(
  currency: string,
  overrides: StakeProfileOverrides | undefined,
): StakeProfile {
  const merged = { ...defaultStakeProfileOf(currency), ...(overrides?.[currency] ?? {}) };
  const within = (amountMinor: number) =>
    Math.min(merged.maxStakeMinor, Math.max(merged.minStakeMinor, amountMinor));
  const inRange = (amountsMinor: number[]) => {
    const kept = amountsMinor.filter(
      (amountMinor) => amountMinor >= merged.minStakeMinor && amountMinor <= merged.maxStakeMinor,
    );
    return kept.length > 0 ? kept : [merged.minStakeMinor];
  };
  return {
    ...merged,
    defaultStakeMinor: within(merged.defaultStakeMinor),
    chipsMinor: inRange(merged.chipsMinor),
    quickAmountsMinor: inRange(merged.quickAmountsMinor),
  };
}

/** A game's largest payout is this many of its largest stakes unless the merchant sets one. */
export const DEFAULT_MAX_PAYOUT_STAKES = 100;

/** The PvP table levels: bronze, silver, gold. */
export const PVP_ROOM_TIERS = ['bronze', 'silver', 'gold'] as const;
export type PvpRoomTier = (typeof PVP_ROOM_TIERS)[number];

/** Each level's range is this many times the one below it. */
const PVP_TIER_STEP = 10;
/** A table's largest stake is this many of its smallest (within the profile's largest). */
const PVP_TABLE_SPAN = 100;

/**
 * A PvP table level's stakes from the currency's profile: bronze from the profile's smallest
 * stake, silver ten times it, gold a hundred times, each up to a hundred times its smallest
 * (VND: 1,000-100,000 ₫, 10,000 ₫-1,000,000 ₫, 100,000 ₫-10,000,000 ₫).
 */
export function pvpRoomStakesOf(
  profile: StakeProfile,
  tier: PvpRoomTier,
): { minBetMinor: number; maxBetMinor: number } {
  const level = PVP_ROOM_TIERS.indexOf(tier);
  const minBetMinor = Math.min(
    profile.minStakeMinor * PVP_TIER_STEP ** level,
    profile.maxStakeMinor,
  );
  return {
    minBetMinor,
    maxBetMinor: Math.min(minBetMinor * PVP_TABLE_SPAN, profile.maxStakeMinor),
  };
}

/**
 * A chip's label, short for a button: whole amounts without decimals (`10,000`), others with
 * two (`0.50`). Amounts elsewhere keep SPEC §9's two decimals (`formatAmount`).
 */
export function formatChipAmount(amount: number): string {
  const whole = Number.isInteger(amount);
  const text = amount.toLocaleString('en-US', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  });
  return text;
}
