import { lazy, Suspense, useState } from 'react';
import { firstNameOf, formatPence } from '../../../domain/format';
import { tipWindowOpen } from '../../../domain/tips';
import { buttonClass } from '../../components/button-styles';
import { CheckCircleIcon } from '../../components/icons';
import type { TippableBooking } from './tippable-booking';

// On a past appointment: "Add a tip" while it can be tipped (completed, 48 hours from its end),
// and the tip once given. The panel with its presets and the payment form loads only when asked
// for, so the appointments page carries none of it (docs/decisions/0087).

const TipPanel = lazy(() => import('./tip-panel'));

export function TipSection({ booking }: { booking: TippableBooking }) {
  const [open, setOpen] = useState(false);
  // Paid just now: shown at once, before the list is read again.
  const [paid, setPaid] = useState<number | null>(null);
  // When the page was opened: the server refuses a tip past its window anyway.
  const [openedAt] = useState(() => Date.now());
  const tipped = paid ?? (booking.tip?.status === 'paid' ? booking.tip.amountPence : null);
  if (tipped !== null)
    return (
      <p
        role="status"
        className="flex basis-full items-center gap-2 rounded-xl bg-emerald-50 p-3 text-sm text-emerald-900"
      >
        <CheckCircleIcon className="h-5 w-5 shrink-0 text-emerald-700" />
        You tipped {formatPence(tipped)}. Thank you!
      </p>
    );
  // Given and then refunded at the provider: there is no second tip to offer.
  if (booking.tip?.status === 'refunded') return null;
  if (!tipWindowOpen({ status: booking.status, endsAtMs: Date.parse(booking.endsAt) }, openedAt))
    return null;
  if (!open)
    return (
      <button
        type="button"
        className={buttonClass('secondary')}
        aria-expanded={false}
        onClick={() => setOpen(true)}
      >
        Add a tip for {firstNameOf(booking.therapist.name)}
      </button>
    );
  return (
    <Suspense fallback={<p className="basis-full text-sm text-muted">Loading…</p>}>
      <TipPanel booking={booking} onPaid={setPaid} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
