import type { RouteBody } from '@app/contract/client';
import { readSession, sessionKeys, writeSession } from '../../../lib/storage';
import { launchGame } from '../api/launch-api';

type LaunchRequest = RouteBody<'launchGame'>;

/** Addresses this page load has put in the frame (a re-render shows them again as they are). */
const shownThisPageLoad = new Set<string>();

/** Keeps the launch request beside the address, so the frame can launch again after a reload. */
export function rememberLaunch(request: LaunchRequest, gameUrl: string): void {
  writeSession(sessionKeys.gameLaunch, JSON.stringify(request));
  writeSession(sessionKeys.iframeUrl, gameUrl);
}

/**
 * Whether the stored frame address was already shown by an earlier page load of this tab (a
 * reload, a restored tab): its launch token is spent, so showing it again would answer "this
 * game session has ended". Otherwise it is marked shown now.
 */
export function frameUrlSpent(url: string): boolean {
  if (shownThisPageLoad.has(url)) return false;
  if (readSession(sessionKeys.iframeUrlShown) === url) return true;
  markShown(url);
  return false;
}

function markShown(url: string): void {
  shownThisPageLoad.add(url);
  writeSession(sessionKeys.iframeUrlShown, url);
}

/**
 * Launches the frame's game again while the site session lives: a new address (a new launch
 * token) for the same game, room and language; the game itself resumes what was open (a Mines
 * round, free spins). Null when nothing is stored to launch.
 */
export async function relaunchFramedGame(): Promise<string | null> {
  const stored = readSession(sessionKeys.gameLaunch);
  if (!stored) return null;
  const launched = await launchGame(JSON.parse(stored) as LaunchRequest);
  writeSession(sessionKeys.iframeUrl, launched.game_url);
  markShown(launched.game_url);
  return launched.game_url;
}
