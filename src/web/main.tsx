import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { installGlobalErrorReporting } from './app/error-reporting';
import { createQueryClient, Providers } from './app/providers';
import { preloadRoutesOnIntent } from './app/route-preload';
import { createAppRouter, routes } from './app/router';
import { readConsentCookie } from './features/consent';
import { startPwa } from './features/pwa';
import { initAnalytics } from './lib/analytics';
import './styles.css';

// Consent first: a returning visitor's saved choice applies before the first page view is queued.
initAnalytics(readConsentCookie());
installGlobalErrorReporting();
startPwa();

preloadRoutesOnIntent(routes);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers client={createQueryClient()}>
      <RouterProvider router={createAppRouter()} />
    </Providers>
  </StrictMode>,
);
