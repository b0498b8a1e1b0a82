import { useRef, useState } from 'react';
import { buttonClass } from '../../components/button-styles';
import { CloseIcon, RefreshIcon } from '../../components/icons';
import { focusMainIfInside } from '../../lib/focus';
import { applyUpdate, useServiceWorkerStore } from './service-worker';

/**
 * The update card (docs/product.md#interface-state-and-overlays). It appears on its own, so like
 * the cookie banner it never takes focus: the live region announces it and it is a landmark
 * keyboard users can reach. "Not now" hides it for this page; the next page load offers the waiting
 * version again.
 */
export function UpdateCard() {
  const waiting = useServiceWorkerStore((s) => s.updateWaiting);
  const updating = useServiceWorkerStore((s) => s.updating);
  const [hidden, setHidden] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const show = waiting && !hidden;

  const hide = () => {
    focusMainIfInside(ref.current);
    setHidden(true);
  };

  return (
    // The live region exists before the card does: screen readers only announce changes inside
    // a region that was already there.
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[45] p-3 sm:right-4 sm:bottom-4 sm:left-auto sm:w-sm sm:p-0 lg:top-20 lg:bottom-auto"
    >
      {show && (
        <section
          ref={ref}
          aria-labelledby="update-card-title"
          aria-describedby="update-card-text"
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !updating) hide();
          }}
          className="pointer-events-auto animate-toast-in rounded-2xl border border-brand-100 bg-white p-5 shadow-2xl shadow-brand-950/15"
        >
          <div className="flex items-start gap-3">
            <span className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
              <RefreshIcon className="h-5 w-5" />
            </span>
            <div className="min-w-0 flex-1">
              <h2 id="update-card-title" className="font-display text-lg font-semibold text-ink">
                Booking System Update Available
              </h2>
              <p id="update-card-text" className="mt-1 text-sm text-muted">
                A new version of Glow at Home is ready. Updating reloads this page.
              </p>
            </div>
            <button
              type="button"
              onClick={hide}
              disabled={updating}
              className="-m-1 grid h-9 w-9 shrink-0 place-items-center rounded-full text-muted hover:bg-brand-50 hover:text-ink"
              aria-label="Not now"
            >
              <CloseIcon className="h-5 w-5" />
            </button>
          </div>
          <button
            type="button"
            className={`${buttonClass('primary')} mt-4 w-full`}
            onClick={applyUpdate}
            disabled={updating}
          >
            <RefreshIcon className={`h-4 w-4 ${updating ? 'animate-spin' : ''}`} />
            {updating ? 'Updating…' : 'Click To Update'}
          </button>
        </section>
      )}
    </div>
  );
}
