import { BrowserRouter, useRoutes } from 'react-router';
import { Providers } from './providers';
import { consoleRoutes } from './routes';

/** The console's path on the platform server; the router sees paths below it. */
export const CONSOLE_BASENAME = '/console';

/**
 * The declarative router, not `createBrowserRouter`: the console uses no loaders, actions or
 * fetchers, and the data router's state machine cost about 8 KB gzipped of the first screen.
 */
function ConsoleRoutes() {
  return useRoutes(consoleRoutes);
}

export function App() {
  return (
    <Providers>
      <BrowserRouter basename={CONSOLE_BASENAME}>
        <ConsoleRoutes />
      </BrowserRouter>
    </Providers>
  );
}
