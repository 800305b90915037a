import type { PointRule } from './repository.js';

/** The rule that names every category a merchant has no rule of its own for. */
export const DEFAULT_RULE_CATEGORY = '*';

/** The rule for a game category: its own, else the merchant's default, else none (no points). */
export function ruleFor(rules: readonly PointRule[], gameCategory: string): PointRule | undefined {
  return (
    rules.find((rule) => rule.gameCategory === gameCategory) ??
    rules.find((rule) => rule.gameCategory === DEFAULT_RULE_CATEGORY)
  );
}

/**
 * Points a round earns: whole units of valid bet times the rule's points per unit, rounded down
 * per round (a round of half a unit earns nothing), so that each round's points are exact and
 * do not depend on which batch carried it.
 */
export function pointsEarned(validBetMinor: bigint, rule: PointRule | undefined): bigint {
  if (!rule || validBetMinor <= 0n || rule.pointsPerUnit <= 0n) return 0n;
  return (validBetMinor * rule.pointsPerUnit) / rule.unitMinor;
}
