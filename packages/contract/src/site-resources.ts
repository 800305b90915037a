/**
 * The `resourceType`s of `/wps/system/status` resources that the site layout knows (SPEC §3
 * Resource). An operator may add others; the site shows only these.
 */
export const resourceTypes = {
  android: 'ANDROID',
  ios: 'IOS',
  facebook: 'FACEBOOK',
  telegram: 'TELEGRAM',
  telegram1: 'TELEGRAM1',
  tiktok: 'TIKTOK',
  x: 'X',
  instagram: 'INSTAGRAM',
  youtube: 'YOUTUBE',
  /** The footer's picture of accepted payment methods. */
  paymentImage: 'PAYMENT_IMAGE',
  /** SPEC §6: what the agent entry opens for a member who is not an agent (the affiliate page). */
  affiliate: 'AFFILIATE',
} as const;
export type KnownResourceType = (typeof resourceTypes)[keyof typeof resourceTypes];

/** SPEC §4: VIP customer service is for club rank above 4; everyone else gets live chat. */
export const VIP_RANK_THRESHOLD = 4;

/** SPEC §9: the chat window's default header colour. */
export const CHAT_HEADER_COLOR = '#262743';

/**
 * SPEC §2: the banner group shown on each path that has banners (`w_reg` on register, `w_help`
 * on help). Other paths show none.
 */
export const bannerGroupByPath: Readonly<Record<string, string>> = {
  '/': 'home',
  '/index': 'home',
  '/index.html': 'home',
  '/home': 'home',
  '/rng': 'w_rng',
  '/live': 'w_live',
  '/fish': 'w_fish',
  '/pvp': 'w_pvp',
  '/sports': 'w_sports',
  '/esports': 'w_esports',
  '/elott': 'w_elott',
  '/down': 'w_down',
  '/promotions': 'w_promotions',
  '/pointMall': 'w_pointMall',
  '/help': 'w_help',
  '/register': 'w_reg',
  '/register.html': 'w_reg',
  '/inhouse': 'w_inhouse',
  // The SPEC's banner map names /down, its route list /download: the page shows w_down.
  '/download': 'w_down',
};
