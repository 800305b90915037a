import { AppShell, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { DepositReturnNotice } from '../../features/payments/components/deposit-return-notice';
import { useEstablishSession } from '../../features/session/hooks/use-session';
import { SocialReturn } from '../../features/social-sign-in/components/social-return';
import { balanceQueryKey } from '../../features/wallet/api/use-balance';
import { MemberAccessHost } from '../access/member-access-host';
import { AuthModalsHost } from '../auth-modals/auth-modals-host';
import { GAME_FRAME_PATH } from '../routes';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { HEADER_HEIGHT } from './layout-sizes';
import { LeftBar } from './left-bar';

const NAVBAR_WIDTH = 240;

/** The frame of every page: header, left bar, content, footer (ARCHITECTURE §3). */
export function AppLayout({ siteName }: { siteName: string }) {
  const [navOpened, nav] = useDisclosure(false);
  const queryClient = useQueryClient();
  const establish = useEstablishSession();
  // SPEC §2 /game: the header only; the game's frame takes the rest of the page.
  const gameFrame = useLocation().pathname === GAME_FRAME_PATH;
  const refreshBalance = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
    [queryClient],
  );
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={
        gameFrame
          ? undefined
          : { width: NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !navOpened } }
      }
    >
      <AppShell.Header>
        <AppHeader siteName={siteName} navOpened={navOpened} onToggleNav={nav.toggle} />
      </AppShell.Header>
      {!gameFrame && (
        <AppShell.Navbar p="sm">
          <LeftBar onNavigate={nav.close} />
        </AppShell.Navbar>
      )}
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
        <Box flex={1} p={gameFrame ? 0 : { base: 'md', sm: 'xl' }}>
          <DepositReturnNotice onSettled={refreshBalance} />
          <SocialReturn onSession={establish} />
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
        {!gameFrame && <AppFooter siteName={siteName} />}
      </AppShell.Main>
      <AuthModalsHost />
      <MemberAccessHost />
    </AppShell>
  );
}
