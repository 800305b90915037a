import {
  type AgentContractKind,
  type AgentContractTerms,
  amountToMinor,
  type CommissionTerms,
  type DividendPeriod,
  type DividendTerms,
  type GameCategory,
  gameCategories,
  minorToAmount,
  type RealTimeTerms,
  type SalaryTerms,
} from '@app/contract';

/**
 * A contract's terms as stored: amounts in minor units (decimal strings in JSON) and rates in
 * basis points (1 bp = 0.01 %), so that pay is integer arithmetic.
 */
export interface SalaryTier {
  betMinor: bigint;
  rateBps: number;
}
export interface DividendTier {
  validBetMinor: bigint;
  profitLossMinor: bigint;
  activeMembers: number;
  rateBps: number;
}
export interface CommissionTier {
  validBetMinor: bigint;
  rateBps: number;
  /** Rates of single game categories, overriding `rateBps` for them. */
  categoryRatesBps: Partial<Record<GameCategory, number>>;
}
export type StoredTerms =
  | { kind: 'daily' | 'hourly'; tiers: SalaryTier[] }
  | { kind: 'commission'; tiers: CommissionTier[] }
  | { kind: 'dividend'; period: DividendPeriod; tiers: DividendTier[] }
  | {
      kind: 'realtime';
      profitRateBps: number;
      lossRateBps: number;
      singleBetMinor: bigint;
    };

/** Basis points in one percent, and in the whole. */
export const BPS_PER_PERCENT = 100;
export const BPS_WHOLE = 10_000n;

const bpsOf = (percent: number) => Math.round(percent * BPS_PER_PERCENT);
const percentOf = (bps: number) => bps / BPS_PER_PERCENT;

/** The API's terms (major units, percent) as stored. */
export function toStoredTerms(kind: AgentContractKind, terms: AgentContractTerms): StoredTerms {
  if (kind === 'realtime') {
    const realTime = terms as RealTimeTerms;
    return {
      kind,
      profitRateBps: bpsOf(realTime.profitRate),
      lossRateBps: bpsOf(realTime.lossRate),
      singleBetMinor: amountToMinor(realTime.singleBet),
    };
  }
  if (kind === 'commission') {
    return {
      kind,
      tiers: (terms as CommissionTerms).tiers.map((tier) => ({
        validBetMinor: amountToMinor(tier.validBet),
        rateBps: bpsOf(tier.rate),
        categoryRatesBps: Object.fromEntries(
          Object.entries(tier.categoryRates ?? {}).map(([category, rate]) => [
            category,
            bpsOf(rate),
          ]),
        ),
      })),
    };
  }
  if (kind === 'dividend') {
    const dividend = terms as DividendTerms;
    return {
      kind,
      period: dividend.period,
      tiers: dividend.tiers.map((tier) => ({
        validBetMinor: amountToMinor(tier.validBet),
        profitLossMinor: amountToMinor(tier.profitLoss),
        activeMembers: tier.activeMembers,
        rateBps: bpsOf(tier.rate),
      })),
    };
  }
  return {
    kind,
    tiers: (terms as SalaryTerms).tiers.map((tier) => ({
      betMinor: amountToMinor(tier.betAmount),
      rateBps: bpsOf(tier.rate),
    })),
  };
}

/** Stored terms as the API shows them. */
export function toApiTerms(stored: StoredTerms): AgentContractTerms {
  if (stored.kind === 'realtime') {
    return {
      profitRate: percentOf(stored.profitRateBps),
      lossRate: percentOf(stored.lossRateBps),
      singleBet: minorToAmount(stored.singleBetMinor),
    };
  }
  if (stored.kind === 'commission') {
    return {
      tiers: stored.tiers.map((tier) => {
        const categories = Object.entries(tier.categoryRatesBps);
        return {
          validBet: minorToAmount(tier.validBetMinor),
          rate: percentOf(tier.rateBps),
          ...(categories.length > 0 && {
            categoryRates: Object.fromEntries(
              categories.map(([category, bps]) => [category, percentOf(bps)]),
            ),
          }),
        };
      }),
    };
  }
  if (stored.kind === 'dividend') {
    return {
      period: stored.period,
      tiers: stored.tiers.map((tier) => ({
        validBet: minorToAmount(tier.validBetMinor),
        profitLoss: minorToAmount(tier.profitLossMinor),
        activeMembers: tier.activeMembers,
        rate: percentOf(tier.rateBps),
      })),
    };
  }
  return {
    tiers: stored.tiers.map((tier) => ({
      betAmount: minorToAmount(tier.betMinor),
      rate: percentOf(tier.rateBps),
    })),
  };
}

/** JSON for the `terms` column: bigints as decimal strings. */
export function termsToJson(stored: StoredTerms): string {
  return JSON.stringify(stored, (_key, value) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
}

const MINOR_KEYS = new Set(['betMinor', 'validBetMinor', 'profitLossMinor', 'singleBetMinor']);

/** The `terms` column read back. */
export function termsFromJson(json: unknown): StoredTerms {
  const text = typeof json === 'string' ? json : JSON.stringify(json);
  return JSON.parse(text, (key, value) =>
    MINOR_KEYS.has(key) && typeof value === 'string' ? BigInt(value) : value,
  ) as StoredTerms;
}

/** The rate a salary contract pays on this much team valid bet: its highest tier reached. */
export function salaryRateBps(tiers: readonly SalaryTier[], validBetMinor: bigint): number {
  let rate = 0;
  for (const tier of tiers) {
    if (validBetMinor >= tier.betMinor && tier.rateBps > rate) rate = tier.rateBps;
  }
  return rate;
}

export interface DividendFigures {
  validBetMinor: bigint;
  profitLossMinor: bigint;
  activeMembers: number;
}

/** The rate of a dividend contract for these figures: the highest tier whose three bars are met. */
export function dividendRateBps(tiers: readonly DividendTier[], figures: DividendFigures): number {
  let rate = 0;
  for (const tier of tiers) {
    const met =
      figures.validBetMinor >= tier.validBetMinor &&
      figures.profitLossMinor >= tier.profitLossMinor &&
      figures.activeMembers >= tier.activeMembers;
    if (met && tier.rateBps > rate) rate = tier.rateBps;
  }
  return rate;
}

/** A commission's rates for a week's team valid bet: the base and each category's. */
export interface CommissionRates {
  baseBps: number;
  categoryBps: Record<GameCategory, number>;
}

/**
 * The rates of a commission contract for this much team valid bet: per category (and for the
 * base), the highest rate among the tiers reached, so every rate only rises with the volume and
 * the rate of the highest tier applies to the whole week.
 */
export function commissionRatesBps(
  tiers: readonly CommissionTier[],
  validBetMinor: bigint,
): CommissionRates {
  const rates: CommissionRates = {
    baseBps: 0,
    categoryBps: Object.fromEntries(gameCategories.map((category) => [category, 0])) as Record<
      GameCategory,
      number
    >,
  };
  for (const tier of tiers) {
    if (validBetMinor < tier.validBetMinor) continue;
    rates.baseBps = Math.max(rates.baseBps, tier.rateBps);
    for (const category of gameCategories) {
      const tierBps = tier.categoryRatesBps[category] ?? tier.rateBps;
      rates.categoryBps[category] = Math.max(rates.categoryBps[category], tierBps);
    }
  }
  return rates;
}

/**
 * A week's commission: each category's valid bet at its rate, and the valid bet the figures
 * hold no category for (rounds applied before categories were kept) at the base rate. Each part
 * is rounded down on its own.
 */
export function commissionAmountMinor(
  rates: CommissionRates,
  validBetMinor: bigint,
  byCategory: ReadonlyMap<string, bigint>,
): bigint {
  let amountMinor = 0n;
  let categorisedMinor = 0n;
  for (const [category, categoryMinor] of byCategory) {
    const rateBps = rates.categoryBps[category as GameCategory] ?? rates.baseBps;
    amountMinor += applyRate(categoryMinor, rateBps);
    categorisedMinor += categoryMinor;
  }
  const restMinor = validBetMinor - categorisedMinor;
  return amountMinor + applyRate(restMinor, rates.baseBps);
}

/** Whether every rate of a commission's tiers is covered by the upline's at the tier's start. */
function commissionWithinUpline(
  downline: readonly CommissionTier[],
  upline: readonly CommissionTier[],
): boolean {
  return downline.every((tier) => {
    const uplineRates = commissionRatesBps(upline, tier.validBetMinor);
    if (uplineRates.baseBps < tier.rateBps) return false;
    return gameCategories.every(
      (category) =>
        uplineRates.categoryBps[category] >= (tier.categoryRatesBps[category] ?? tier.rateBps),
    );
  });
}

/**
 * Whether a downline's terms stay within the upline's for every possible figure. Both rates
 * are step functions that only rise with the figures, so it is enough that at each point where
 * one of the downline's tiers starts, the upline's rate is at least that tier's.
 */
export function withinUplineTerms(downline: StoredTerms, upline: StoredTerms): boolean {
  if (downline.kind === 'realtime' && upline.kind === 'realtime') {
    return (
      downline.profitRateBps <= upline.profitRateBps &&
      downline.lossRateBps <= upline.lossRateBps &&
      downline.singleBetMinor >= upline.singleBetMinor
    );
  }
  if (downline.kind === 'dividend' && upline.kind === 'dividend') {
    return (
      downline.period === upline.period &&
      downline.tiers.every((tier) => dividendRateBps(upline.tiers, tier) >= tier.rateBps)
    );
  }
  if (downline.kind === 'commission' && upline.kind === 'commission') {
    return commissionWithinUpline(downline.tiers, upline.tiers);
  }
  if ((downline.kind === 'daily' || downline.kind === 'hourly') && downline.kind === upline.kind) {
    return downline.tiers.every(
      (tier) => salaryRateBps(upline.tiers, tier.betMinor) >= tier.rateBps,
    );
  }
  return false;
}

/** `amountMinor * rateBps / 10,000`, rounded down to the minor unit (never pays a fraction). */
export function applyRate(amountMinor: bigint, rateBps: number): bigint {
  if (amountMinor <= 0n || rateBps <= 0) return 0n;
  return (amountMinor * BigInt(rateBps)) / BPS_WHOLE;
}
