import { PASSWORD_RESET_PAGE_PATH } from '@app/contract/client';
import { lazy, Suspense } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { HomePage } from './pages/home-page';
import { NotFoundPage } from './pages/not-found-page';
import { GAME_FRAME_PATH, homePaths, lobbyPaths, registerPaths } from './routes';
import { SiteFrame } from './site-frame';

const RegisterPage = lazy(() => import('./pages/register-page'));
const HelpPage = lazy(() => import('./pages/help-page'));
const HelpBarePage = lazy(() => import('./pages/help-bare-page'));
const ResetPasswordPage = lazy(() => import('./pages/reset-password-page'));
const LobbyPage = lazy(() => import('./games/lobby-page'));
const GamePage = lazy(() => import('./games/game-page'));

const pageRoutes: RouteObject[] = [
  ...homePaths.map((path) => ({ path, element: <HomePage /> })),
  ...registerPaths.map((path) => ({ path, element: <RegisterPage /> })),
  { path: '/help', element: <HelpPage /> },
  ...lobbyPaths.map((path) => ({ path, element: <LobbyPage /> })),
  { path: GAME_FRAME_PATH, element: <GamePage /> },
  { path: PASSWORD_RESET_PAGE_PATH, element: <ResetPasswordPage /> },
  { path: '*', element: <NotFoundPage /> },
];

/**
 * The routes, matched by the declarative router: the site needs no loaders or actions, and the
 * data router's code would cost about 10 KB gzipped of the initial budget.
 */
const appRoutes: RouteObject[] = [
  // SPEC §2 /helpmc: the bare help centre, outside the site frame.
  {
    path: '/helpmc',
    element: (
      <Suspense fallback={null}>
        <HelpBarePage />
      </Suspense>
    ),
  },
  { element: <SiteFrame />, children: pageRoutes },
];

export function AppRoutes() {
  return useRoutes(appRoutes);
}
