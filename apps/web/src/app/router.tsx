import {
  BUILTIN_PLAY_PATH_PREFIX,
  FAIRNESS_VERIFY_PATH,
  PASSWORD_RESET_PAGE_PATH,
} from '@app/contract/client';
import type { ReactNode } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { ChunkErrorBoundary } from '../components/chunk-error-boundary';
import { lazyWithRetry } from '../lib/lazy-with-retry';
import { NotFoundPage } from './pages/not-found-page';
import {
  DOWNLOAD_PATH,
  GAME_FRAME_PATH,
  HELP_BARE_PATH,
  homePaths,
  LOGIN_PATH,
  lobbyPaths,
  lotteryPaths,
  registerPaths,
} from './routes';
import { SiteFrame } from './site-frame';
import { WithUiKit } from './ui-kit';

const HomePage = lazyWithRetry(() =>
  import('./pages/home-page').then((module) => ({ default: module.HomePage })),
);
const RegisterPage = lazyWithRetry(() => import('./pages/register-page'));
const HelpPage = lazyWithRetry(() => import('./pages/help-page'));
const HelpBarePage = lazyWithRetry(() => import('./pages/help-bare-page'));
const ResetPasswordPage = lazyWithRetry(() => import('./pages/reset-password-page'));
const LoginPage = lazyWithRetry(() => import('./pages/login-page'));
const DownloadPage = lazyWithRetry(() => import('./pages/download-page'));
const PromotionsPage = lazyWithRetry(() => import('./pages/promotions-page'));
const PromoDetailPage = lazyWithRetry(() => import('./pages/promo-detail-page'));
const LobbyPage = lazyWithRetry(() => import('./games/lobby-page'));
const GamePage = lazyWithRetry(() => import('./games/game-page'));
const BuiltinPlayPage = lazyWithRetry(() => import('../features/builtin-games/play/play-page'));
const FairnessVerifyPage = lazyWithRetry(
  () => import('../features/builtin-games/verify/verify-page'),
);
const LotteryPage = lazyWithRetry(() => import('./lottery/lottery-page'));
const SeamlessPage = lazyWithRetry(() => import('./games/seamless-page'));
const PointMallPage = lazyWithRetry(() => import('./pages/point-mall-page'));

/** A lazy page whose code could not load shows "page load slow" in its place (SPEC §8). */
const lazyPage = (page: ReactNode) => <ChunkErrorBoundary>{page}</ChunkErrorBoundary>;

const pageRoutes: RouteObject[] = [
  ...homePaths.map((path) => ({ path, element: lazyPage(<HomePage />) })),
  ...registerPaths.map((path) => ({ path, element: lazyPage(<RegisterPage />) })),
  { path: '/help', element: lazyPage(<HelpPage />) },
  { path: '/promotions', element: lazyPage(<PromotionsPage />) },
  { path: '/promoDetail', element: lazyPage(<PromoDetailPage />) },
  ...lobbyPaths.map((path) => ({ path, element: lazyPage(<LobbyPage />) })),
  { path: GAME_FRAME_PATH, element: lazyPage(<GamePage />) },
  { path: FAIRNESS_VERIFY_PATH, element: lazyPage(<FairnessVerifyPage />) },
  ...lotteryPaths.map((path) => ({ path, element: lazyPage(<LotteryPage />) })),
  { path: PASSWORD_RESET_PAGE_PATH, element: lazyPage(<ResetPasswordPage />) },
  { path: LOGIN_PATH, element: lazyPage(<LoginPage />) },
  { path: DOWNLOAD_PATH, element: lazyPage(<DownloadPage />) },
  { path: '/seamless', element: lazyPage(<SeamlessPage />) },
  { path: '/pointMall', element: lazyPage(<PointMallPage />) },
  { path: '*', element: <NotFoundPage /> },
];

/**
 * The routes, matched by the declarative router: the site needs no loaders or actions, and the
 * data router's code would cost about 10 KB gzipped of the initial budget.
 */
const appRoutes: RouteObject[] = [
  // SPEC §2 /helpmc: the bare help centre, outside the site frame.
  {
    path: HELP_BARE_PATH,
    element: (
      <ChunkErrorBoundary>
        <WithUiKit>
          <HelpBarePage />
        </WithUiKit>
      </ChunkErrorBoundary>
    ),
  },
  // A built-in game, inside the /game frame, outside the site frame. `/play` takes the
  // launch (`?token=`), then shows `/play/<gameCode>`.
  ...[BUILTIN_PLAY_PATH_PREFIX, `${BUILTIN_PLAY_PATH_PREFIX}/:gameCode`].map((path) => ({
    path,
    element: (
      <ChunkErrorBoundary>
        <WithUiKit>
          <BuiltinPlayPage />
        </WithUiKit>
      </ChunkErrorBoundary>
    ),
  })),
  { element: <SiteFrame />, children: pageRoutes },
];

export function AppRoutes() {
  return useRoutes(appRoutes);
}
