import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { installGlobalErrorReporting } from './app/error-reporting';
import { adoptPageState, loadRoutesFor, TakenOver } from './app/page-state';
import { createQueryClient, Providers } from './app/providers';
import { preloadRoutesOnIntent } from './app/route-preload';
import { createAppRouter, routes } from './app/router';
import { readConsentCookie } from './features/consent';
import { startPwa } from './features/pwa';
import { initAnalytics, trackException } from './lib/analytics';
import './styles.css';

// Consent first: a returning visitor's saved choice applies before the first page view is queued.
initAnalytics(readConsentCookie());
installGlobalErrorReporting();
startPwa();

preloadRoutesOnIntent(routes);

async function start(container: HTMLElement) {
  const client = createQueryClient();
  const serverDrawn = adoptPageState(client);
  if (serverDrawn) await loadRoutesFor(routes, window.location.pathname);
  const app = (
    <StrictMode>
      <Providers client={client}>
        <RouterProvider router={createAppRouter()} />
      </Providers>
      {serverDrawn && <TakenOver container={container} />}
    </StrictMode>
  );
  // A server-drawn page is taken over as it is (decision 0045); otherwise React draws it. As a
  // transition, taking over yields to the browser every few milliseconds: the page is already on
  // screen, and a slow phone stays responsive meanwhile.
  if (serverDrawn) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
start(container).catch((error: unknown) => {
  // The page's code did not arrive (offline, or a new release has replaced this one's files). A
  // server-drawn page stays on screen inert until the app takes over, which now it cannot: let it
  // go on as plain HTML, its links and forms whole-page loads, rather than frozen.
  container.removeAttribute('inert');
  trackException(error instanceof Error ? error.message : String(error), false, error);
});
