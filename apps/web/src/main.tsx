import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/700.css';
import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { i18nReady } from './lib/i18n';
import { setUpInstallableApp } from './lib/installable-app';
import { adoptTokenFromUrl, sessionStore } from './lib/session-token';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

adoptTokenFromUrl();
void import('./lib/tab-session').then((tabs) => tabs.connectTabs(sessionStore));
setUpInstallableApp();

// A visitor who chose another language sees it from the first paint, not English first.
void i18nReady.finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// Field Web Vitals (docs/performance.md): loaded when the browser is idle, never before the
// first paint; the library's observers read the buffered paint entries, so nothing is missed.
const startWebVitals = () =>
  void import('./lib/web-vitals-report').then((report) => report.startWebVitalsReport());
if ('requestIdleCallback' in window) window.requestIdleCallback(startWebVitals);
else setTimeout(startWebVitals);
