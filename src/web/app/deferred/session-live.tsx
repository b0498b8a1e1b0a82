import { lazy, Suspense } from 'react';
import { SessionWatcher as WatchSession, useCurrentCustomer } from '../../features/auth';

// The live channel's code loads only once a customer is signed in (docs/decisions/0085): never
// with a visitor's pages, nor for someone who merely opened a sign-in form.
const LiveUpdates = lazy(() =>
  import('../../features/live').then((m) => ({ default: m.LiveUpdates })),
);

/** The session watcher, plus one live stream for this tab while a customer is signed in. */
export function SessionWatcher() {
  const { status, me } = useCurrentCustomer();
  return (
    <>
      <WatchSession />
      {status === 'signed-in' && me && (
        <Suspense fallback={null}>
          {/* Keyed by customer: another customer in this tab starts a stream of their own. */}
          <LiveUpdates key={me.id} />
        </Suspense>
      )}
    </>
  );
}
