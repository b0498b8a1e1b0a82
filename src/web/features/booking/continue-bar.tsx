import type { ReactNode } from 'react';

/**
 * Sticks to the bottom of the screen so the next step is always one tap away on a phone; above the
 * cookie sheet while that is shown.
 */
export function ContinueBar({ children }: { children: ReactNode }) {
  return (
    <div className="sticky bottom-[var(--consent-sheet-height,0px)] z-20 -mx-4 mt-8 border-t border-brand-100 bg-white/95 px-4 py-3 shadow-[0_-8px_24px_-12px_rgba(80,7,36,0.18)] backdrop-blur sm:mx-0 sm:rounded-2xl sm:border sm:px-5">
      <div className="flex items-center justify-between gap-4">{children}</div>
    </div>
  );
}
