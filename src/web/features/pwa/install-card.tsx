import { useRef } from 'react';
import { buttonClass } from '../../components/button-styles';
import { LogoMark } from '../../components/icons';
import { focusMainIfInside } from '../../lib/focus';
import { shouldOfferInstall } from './install-memory';
import { dismissInstall, install, useInstallStore } from './install-prompt';

/**
 * The install offer, placed by the booking confirmation: a returning customer who has just booked
 * is the one likely to come back. Nothing renders when the browser cannot install us, on a first
 * visit, or once dismissed.
 */
export function InstallCard() {
  const visit = useInstallStore((s) => s.visit);
  const dismissed = useInstallStore((s) => s.dismissed);
  const canInstall = useInstallStore((s) => s.prompt !== null);
  const ref = useRef<HTMLElement>(null);
  if (!shouldOfferInstall({ visit, dismissed, canInstall })) return null;

  return (
    <section
      ref={ref}
      aria-labelledby="install-card-title"
      className="mt-8 flex flex-col gap-4 rounded-2xl border border-brand-100 bg-brand-50 p-5 sm:flex-row sm:items-center"
    >
      <LogoMark className="h-12 w-12 shrink-0 text-brand-700" />
      <div className="min-w-0 flex-1">
        <h2 id="install-card-title" className="font-display text-xl font-semibold text-ink">
          Add Glow to your home screen
        </h2>
        <p className="mt-1 text-sm text-muted">
          Open your appointments in one tap, even when your signal drops.
        </p>
      </div>
      <div className="flex gap-3">
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => {
            focusMainIfInside(ref.current);
            dismissInstall();
          }}
        >
          No thanks
        </button>
        <button type="button" className={buttonClass('primary')} onClick={() => void install()}>
          Add to home screen
        </button>
      </div>
    </section>
  );
}
