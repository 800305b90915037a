/**
 * Promotions (issue 19, SPEC §2, §4, §5): the names and limits the server, the site and the
 * console share. No zod here, so the site's first screen can import it cheaply.
 */

/** The tabs of `/promotions`, in order. `raffle` promotions draw winners among ticket holders. */
export const promotionCategories = [
  'new_player',
  'deposit',
  'daily',
  'vip',
  'raffle',
  'other',
] as const;
export type PromotionCategory = (typeof promotionCategories)[number];

/** How a member takes a promotion: by itself on the qualifying event, or by a button. */
export const promotionTakeModes = ['auto', 'join', 'claim', 'apply'] as const;
export type PromotionTakeMode = (typeof promotionTakeModes)[number];

/** What the operator did with the promotion. */
export const promotionRunStates = ['active', 'paused', 'ended'] as const;
export type PromotionRunState = (typeof promotionRunStates)[number];

/** The member-facing statuses, spelled exactly as SPEC §4 lists them. */
export const promotionStatuses = [
  'Join',
  'Claim',
  'Applying',
  'Close',
  'Rejected',
  'Issued',
  'Claimed',
  'Process',
  'Joined',
  'coming soon',
] as const;
export type PromotionStatus = (typeof promotionStatuses)[number];

/** The button a promotion offers the member now. */
export const promotionActions = ['join', 'claim', 'apply', 'claimRaffle'] as const;
export type PromotionAction = (typeof promotionActions)[number];

/** SPEC §5 activity application: comment length, image count and size, image kinds. */
export const PROMOTION_APPLICATION_COMMENT_MAX = 140;
export const PROMOTION_APPLICATION_IMAGES_MAX = 3;
export const PROMOTION_APPLICATION_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PROMOTION_APPLICATION_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

/** SPEC §9: the /register carousel turns every 5000 ms when it has two or more slides. */
export const PROMOTION_CAROUSEL_AUTOPLAY_MS = 5000;

/** The most promotions one list answers (a merchant runs a few dozen at most). */
export const PROMOTION_LIST_MAX = 200;
/** Longest title and rich content of one language. */
export const PROMOTION_TITLE_MAX = 120;
export const PROMOTION_CONTENT_MAX = 50_000;
/** Longest reason an operator gives a rejected application (the player reads it). */
export const PROMOTION_REJECT_REASON_MAX = 300;
/** Most raffle prizes (winners) per raffle. */
export const RAFFLE_PRIZES_MAX = 100;
