/**
 * Names and limits of the bonus engine shared by the server and the web without zod
 * (docs/bonus-engine.md).
 */

/** The member's ledger wallet (asset cash) that holds bonus money until it converts. */
export const BONUS_WALLET = 'bonus';

/** A bonus's life: wagering until its requirement is met (converted), or removed. */
export const bonusStatuses = ['wagering', 'converted', 'expired', 'forfeited'] as const;
export type BonusStatus = (typeof bonusStatuses)[number];

/** Where a bonus came from. */
export const bonusSourceKinds = ['promotion', 'mission', 'points', 'operator'] as const;
export type BonusSourceKind = (typeof bonusSourceKinds)[number];

/** Bonuses one page of the member's list or the operator's list holds at most. */
export const BONUS_PAGE_SIZE_MAX = 50;
export const BONUS_PAGE_SIZE_DEFAULT = 20;
/** Longest an operator may give a bonus to live, in days. */
export const BONUS_EXPIRY_MAX_DAYS = 365;
/** Largest wagering multiple an operator may set on a hand-made grant. */
export const BONUS_MULTIPLE_MAX = 100;
/** Longest reason an operator writes on a hand-made grant. */
export const BONUS_REASON_MAX_LENGTH = 500;
