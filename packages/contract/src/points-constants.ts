/** Limits of the point mall (SPEC §7 points calls), shared by server and web without zod. */

export const pointRewardTypes = ['cash', 'bonus', 'free_spins', 'goods'] as const;
export type PointRewardType = (typeof pointRewardTypes)[number];

/** SPEC §4: the statuses of a redemption as the member sees them. */
export const redeemStatuses = ['In Process', 'Rejected', 'Approved'] as const;
export type RedeemStatus = (typeof redeemStatuses)[number];

export const POINT_REWARDS_PAGE_SIZE_DEFAULT = 12;
export const POINT_REWARDS_PAGE_SIZE_MAX = 50;
export const REDEEM_LIST_PAGE_SIZE_DEFAULT = 10;
export const REDEEM_LIST_PAGE_SIZE_MAX = 50;
export const POINT_DETAIL_PAGE_SIZE_DEFAULT = 10;
export const POINT_DETAIL_PAGE_SIZE_MAX = 50;
/** Deepest page of the member's lists (offset paging stays cheap up to here). */
export const POINT_LIST_PAGE_NO_MAX = 1_000;
/** Most units of one reward in one redemption (the reward's own limit may be lower). */
export const REDEEM_QUANTITY_MAX = 100;
/** Largest number of points converted in one call. */
export const CONVERT_POINTS_MAX = 1_000_000_000;
