import { type Game, SEA_LOTTERY_VASSALAGE, VN_LOTTERY_VASSALAGE } from '@app/contract/client';

/** Vendors of the site's own lottery pages (SPEC §2: LOTT and ELOTT go to /lottery). */
const LOTTERY_VASSALAGES: ReadonlySet<string> = new Set(['LOTT', 'ELOTT']);

export type LaunchTarget = Pick<Game, 'nodeId' | 'vassalage' | 'gameCode' | 'gameType'> & {
  roomId?: string;
};

/**
 * SPEC §2 game launching: the lottery vendors open the site's own lottery pages with the game
 * code; every other game is launched through the API and shown in the /game frame (null here).
 */
export function lotteryPageOf(target: LaunchTarget): string | null {
  const code = encodeURIComponent(target.gameCode);
  if (target.vassalage === VN_LOTTERY_VASSALAGE) return `/vnLottery?gameCode=${code}`;
  if (target.vassalage === SEA_LOTTERY_VASSALAGE) return `/seaLottery?gameCode=${code}`;
  if (LOTTERY_VASSALAGES.has(target.vassalage)) return `/lottery?gameCode=${code}`;
  return null;
}

/**
 * The lottery page of a whole lottery vendor, for the left bar's vendor entries: Vietnamese and
 * Thai have pages of their own, so their entries must not open the quick-lottery list.
 */
export function lotteryAreaOf(vassalage: string): string | null {
  if (vassalage === VN_LOTTERY_VASSALAGE) return '/vnLottery';
  if (vassalage === SEA_LOTTERY_VASSALAGE) return '/seaLottery';
  return null;
}
