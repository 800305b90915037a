import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './providers';
import { consoleRoutes } from './routes';

/** The console's path on the platform server; the router sees paths below it. */
export const CONSOLE_BASENAME = '/console';

const router = createBrowserRouter(consoleRoutes, { basename: CONSOLE_BASENAME });

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
