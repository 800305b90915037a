import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { HomePage } from './pages/home-page';
import { NotFoundPage } from './pages/not-found-page';
import { homePaths, registerPaths } from './routes';
import { SiteFrame } from './site-frame';

const RegisterPage = lazy(() => import('./pages/register-page'));

const pageRoutes: RouteObject[] = [
  ...homePaths.map((path) => ({ path, element: <HomePage /> })),
  ...registerPaths.map((path) => ({ path, element: <RegisterPage /> })),
  { path: '*', element: <NotFoundPage /> },
];

export function createAppRouter() {
  return createBrowserRouter([{ element: <SiteFrame />, children: pageRoutes }]);
}
