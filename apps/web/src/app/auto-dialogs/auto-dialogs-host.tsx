import { memberTypes } from '@app/contract/client';
import { Suspense, useCallback, useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../features/session/hooks/use-session';
import { getSessionToken } from '../../lib/session-token';
import AfterLoginRewards from '../layout/after-login-rewards';
import { isFullscreenPath } from '../layout/layout-store';
import { GAME_FRAME_PATH } from '../routes';
import {
  autoDialogOrder,
  finishAutoDialog,
  hasPendingAutoDialogs,
  holdAutoDialog,
  recheckAutoDialogBlocks,
  requestAutoDialog,
  setAutoDialogBlockCheck,
  subscribeAutoDialogs,
  useAutoDialogTurn,
} from './auto-dialog-queue';

/** A dialog, drawer or panel the person opened (Mantine modals, the chat room, the agent centre). */
const OPEN_DIALOG_SELECTOR = '[role="dialog"],[role="alertdialog"]';

/** Watches the page for what auto dialogs must not cover, while any of them waits. */
function useBlockWatch(pathBlocked: boolean): void {
  const waiting = useSyncExternalStore(subscribeAutoDialogs, hasPendingAutoDialogs, () => false);
  useEffect(() => {
    setAutoDialogBlockCheck(
      () => pathBlocked || document.querySelector(OPEN_DIALOG_SELECTOR) !== null,
    );
    if (!waiting) return;
    const observer = new MutationObserver(recheckAutoDialogBlocks);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathBlocked, waiting]);
  // Without this host (logged out, or its chunk still loading) nothing opens by itself, and a
  // logout drops what the login had asked for.
  useEffect(
    () => () => {
      document.documentElement.removeAttribute(CHECKED_MARK);
      setAutoDialogBlockCheck(blockedWithoutHost);
      if (getSessionToken()) return;
      for (const name of autoDialogOrder) finishAutoDialog(name);
    },
    [],
  );
}

const blockedWithoutHost = () => true;

/**
 * Local storage: a mark of the session the rewards were offered for (once per login, not per
 * tab). A hash, never the token itself: the token stays in session storage only.
 */
const REWARDS_OFFERED_KEY = 'afterLoginRewards';
/** Set on `<html>` once this session's auto dialogs have been asked for (journeys wait on it). */
const CHECKED_MARK = 'data-auto-dialogs-checked';

/** FNV-1a (32 bits): tells one session from the next without keeping anything of the token. */
function sessionMark(token: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < token.length; index += 1) {
    hash = Math.imul(hash ^ token.charCodeAt(index), 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

function rewardsOfferedFor(token: string): boolean {
  try {
    return window.localStorage.getItem(REWARDS_OFFERED_KEY) === sessionMark(token);
  } catch {
    // Without storage the rewards may be offered again after a reload; nothing worse.
    return false;
  }
}

function rememberRewardsOffered(token: string): void {
  try {
    window.localStorage.setItem(REWARDS_OFFERED_KEY, sessionMark(token));
  } catch {
    // As above.
  }
}

/**
 * The queue of dialogs that open by themselves (SPEC §4 after-login modal), loaded with a
 * session: it watches for what they must not cover, asks for the rewards once per login (local
 * storage holds the token they were offered for, so a reload or a joining tab does not offer
 * them again) and never over a game. Logging out drops whatever the login had asked for.
 */
export default function AutoDialogsHost() {
  const { token, member } = useSession();
  const { pathname } = useLocation();
  useBlockWatch(pathname === GAME_FRAME_PATH || isFullscreenPath(pathname));
  const memberType = member?.type;

  useEffect(() => {
    if (!token || memberType === undefined || memberType === memberTypes.trial) return;
    if (!rewardsOfferedFor(token)) requestAutoDialog('rewards');
  }, [token, memberType]);
  useEffect(() => {
    if (token && memberType !== undefined) document.documentElement.setAttribute(CHECKED_MARK, '');
  }, [token, memberType]);

  const rewardsTurn = useAutoDialogTurn('rewards', false);
  const settle = useCallback(() => {
    if (token) rememberRewardsOffered(token);
  }, [token]);
  const onShown = useCallback(() => {
    settle();
    holdAutoDialog('rewards');
  }, [settle]);
  const onDone = useCallback(() => {
    settle();
    finishAutoDialog('rewards');
  }, [settle]);

  // The modal's texts load with it: only the modal waits for them, not the watch above.
  return rewardsTurn ? (
    <Suspense fallback={null}>
      <AfterLoginRewards onShown={onShown} onDone={onDone} />
    </Suspense>
  ) : null;
}
