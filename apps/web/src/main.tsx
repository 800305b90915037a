import '@mantine/core/styles.css';
import type { LanguageCode } from '@app/contract/client';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { changeLanguage, i18nReady, storedLanguage } from './lib/i18n';
import { setUpInstallableApp } from './lib/installable-app';
import { adoptTokenFromUrl, getSessionToken, sessionStore } from './lib/session-token';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

adoptTokenFromUrl();
void import('./lib/tab-session').then((tabs) => tabs.connectTabs(sessionStore));
setUpInstallableApp();

// A guest's page painted by the server (WEB_SSR) is hydrated in the language it was painted in;
// a member, or a visitor whose stored language differs, gets the browser's own render instead.
const paintedIn = root.dataset.ssr as LanguageCode | undefined;
const hydrates = paintedIn && !getSessionToken() && (storedLanguage() ?? paintedIn) === paintedIn;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A visitor who chose another language sees it from the first paint, not English first.
void (hydrates ? changeLanguage(paintedIn, false) : i18nReady).finally(() => {
  // Hydration as a transition is rendered in slices that yield to the browser every few
  // milliseconds, so a tap during hydration is answered and no long task blocks the page; a
  // plain hydrateRoot renders the whole first screen in one task.
  if (hydrates) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
});

// Field Web Vitals (docs/performance.md): loaded when the browser is idle, never before the
// first paint; the library's observers read the buffered paint entries, so nothing is missed.
const startWebVitals = () =>
  void import('./lib/web-vitals-report').then((report) => report.startWebVitalsReport());
if ('requestIdleCallback' in window) window.requestIdleCallback(startWebVitals);
else setTimeout(startWebVitals);
