import { AppShell, Box, Overlay } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, Suspense, useCallback, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { useEstablishSession } from '../../features/session/hooks/use-session';
import { SocialReturn } from '../../features/social-sign-in/components/social-return';
import { balanceQueryKey } from '../../features/wallet/api/use-balance';
import { useBalancePush } from '../../features/wallet/hooks/use-balance-push';
import { lazyWithRetry } from '../../lib/lazy-with-retry';
import { useSessionToken } from '../../lib/session-token';
import { MemberAccessHost } from '../access/member-access-host';
import { AuthModalsHost } from '../auth-modals/auth-modals-host';
import { GAME_FRAME_PATH } from '../routes';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import classes from './app-layout.module.css';
import { ChatRoomHost } from './chat-room-host';
import { HEADER_HEIGHT } from './layout-sizes';
import { isFullscreenPath, useLayoutFlags } from './layout-store';
import { LeftBar } from './left-bar';
import { RouteBanner } from './route-banner';

// Desktop only and not needed for the first paint.
const RightBar = lazyWithRetry(() => import('./right-bar'));
// Only for a session: the queue's watch and the after-login rewards (app/auto-dialogs).
const AutoDialogsHost = lazyWithRetry(() => import('../auto-dialogs/auto-dialogs-host'));
// Only on the way back from a payment gateway (`/?deposit=<id>`).
const DepositReturnNotice = lazyWithRetry(() =>
  import('../../features/payments/components/deposit-return-notice').then((module) => ({
    default: module.DepositReturnNotice,
  })),
);

const NAVBAR_WIDTH = 248;
const NAVBAR_MINI_WIDTH = 72;
/** On phones the left bar is a drawer this wide over a dimmed page. */
const DRAWER_WIDTH = 300;
/** Below the left bar's z-index (Mantine AppShell navbar: 101), above the page. */
const DRAWER_OVERLAY_Z_INDEX = 100;

/** The frame of every page: header, left bar, content, footer, right bar (SPEC §2). */
export function AppLayout({ siteName }: { siteName: string }) {
  const [navOpened, nav] = useDisclosure(false);
  const location = useLocation();
  const { pathname } = location;
  const { barsOnFullscreen, navMini } = useLayoutFlags();
  const fullscreen = isFullscreenPath(pathname);
  const queryClient = useQueryClient();
  const establish = useEstablishSession();
  const refreshBalance = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
    [queryClient],
  );
  const token = useSessionToken();
  // The header follows balance changes made elsewhere (a provider game, a callback, a tab).
  useBalancePush(token, refreshBalance);
  // SPEC §2: full-screen paths hide both bars unless the store flag shows them; mini there.
  const barsHidden = fullscreen && !barsOnFullscreen;
  // SPEC §2 /game: the launched game under the header only.
  const gameFrame = pathname === GAME_FRAME_PATH;
  const showBars = !barsHidden && !gameFrame;
  const mini = fullscreen || navMini;

  // The drawer closes with Escape and on every navigation.
  useEffect(() => {
    if (!navOpened) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') nav.close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navOpened, nav]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path changes only.
  useEffect(() => nav.close(), [pathname]);

  return (
    <AppShell
      disabled={barsHidden}
      header={{ height: HEADER_HEIGHT }}
      navbar={
        gameFrame
          ? undefined
          : {
              width: mini ? NAVBAR_MINI_WIDTH : NAVBAR_WIDTH,
              breakpoint: 'sm',
              collapsed: { mobile: !navOpened },
            }
      }
    >
      <AppShell.Header className={classes.header}>
        <AppHeader siteName={siteName} navOpened={navOpened} onToggleNav={nav.toggle} />
      </AppShell.Header>
      {!gameFrame && (
        <AppShell.Navbar
          p="sm"
          id="site-left-bar"
          data-testid="left-bar"
          data-mini={mini || undefined}
          data-drawer-closed={!navOpened || undefined}
          className={classes.navbar}
          style={{ '--drawer-width': `${DRAWER_WIDTH}px` } as CSSProperties}
        >
          <LeftBar onNavigate={nav.close} mini={mini} canFold={!fullscreen} />
        </AppShell.Navbar>
      )}
      {navOpened && !gameFrame && (
        <Overlay
          hiddenFrom="sm"
          fixed
          zIndex={DRAWER_OVERLAY_Z_INDEX}
          backgroundOpacity={0.55}
          onClick={nav.close}
          style={{ top: HEADER_HEIGHT }}
          data-testid="drawer-overlay"
        />
      )}
      <AppShell.Main
        className={showBars ? classes.rightBarGutter : undefined}
        style={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}
      >
        {/* At least a screen tall: the footer starts below the fold, so pages that fill in
            after their first paint do not push it down in view (layout shift). */}
        <Box
          flex={1}
          mih={`calc(100dvh - ${HEADER_HEIGHT}px)`}
          p={showBars ? { base: 'md', sm: 'xl' } : 0}
        >
          {location.search.includes('deposit=') && (
            <Suspense fallback={null}>
              <DepositReturnNotice onSettled={refreshBalance} />
            </Suspense>
          )}
          <SocialReturn onSession={establish} />
          <RouteBanner />
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
        {showBars && <AppFooter siteName={siteName} />}
      </AppShell.Main>
      {showBars && (
        <Suspense fallback={null}>
          <RightBar />
        </Suspense>
      )}
      <AuthModalsHost />
      <MemberAccessHost />
      <ChatRoomHost />
      {token && (
        <Suspense fallback={null}>
          <AutoDialogsHost />
        </Suspense>
      )}
    </AppShell>
  );
}
