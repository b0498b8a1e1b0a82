import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { basketCounts, basketTotal, describeBasketCount } from '../../../domain/basket';
import { DEFAULT_RULES_CONFIG } from '../../../domain/constants';
import { formatPence } from '../../../domain/format';
import { buttonClass } from '../../components/button-styles';
import { CloseIcon } from '../../components/icons';
import { focusMainIfInside } from '../../lib/focus';
import { useCityTreatments, type Treatment } from '../catalogue';
import { BagIcon } from './booking-icons';
import { formatDuration } from './booking-format';
import { useBookingStore, useCitySelection } from './booking-store';

export function selectedItems(ids: readonly string[], treatments: readonly Treatment[]) {
  const byId = new Map(treatments.map((t) => [t.id, t]));
  return ids.flatMap((id) => {
    const t = byId.get(id);
    return t ? [t] : [];
  });
}

/** Price and duration of what is chosen; the duration includes the set-up time. */
export function useBasket(city: string) {
  const { selectedTreatments } = useCitySelection(city);
  const treatments = useCityTreatments(city);
  return useMemo(() => {
    const items = selectedItems(selectedTreatments, treatments.data ?? []);
    return { items, total: basketTotal(items, null, DEFAULT_RULES_CONFIG) };
  }, [selectedTreatments, treatments.data]);
}

export function BasketLines({ city, removable }: { city: string; removable: boolean }) {
  const { items, total } = useBasket(city);
  const treatments = useCityTreatments(city);
  const remove = useBookingStore((s) => s.remove);
  return (
    <>
      <ul className="divide-y divide-brand-100">
        {items.map((item) => (
          <li key={item.id} className="flex items-start gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium text-ink">
                {item.isAddOn && <span className="sr-only">Add-on: </span>}
                {item.isAddOn ? `+ ${item.name}` : item.name}
              </p>
              <p className="text-sm text-muted">{formatDuration(item.durationMinutes)}</p>
            </div>
            <p className="font-semibold text-ink">{formatPence(item.pricePence)}</p>
            {removable && (
              <button
                type="button"
                className="-my-1 grid h-9 w-9 shrink-0 place-items-center rounded-full text-muted hover:bg-brand-50 hover:text-ink"
                aria-label={`Remove ${item.name}`}
                onClick={() => remove(city, [item.id], treatments.data ?? [])}
              >
                <CloseIcon className="h-4 w-4" />
              </button>
            )}
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-1 border-t border-brand-200 pt-3">
        <div className="flex justify-between gap-4">
          <dt className="font-semibold text-ink">Total price</dt>
          <dd className="font-semibold text-ink">{formatPence(total.totalPricePence)}</dd>
        </div>
        <div className="flex justify-between gap-4 text-sm text-muted">
          <dt>Appointment</dt>
          <dd>{formatDuration(total.treatmentMinutes)}</dd>
        </div>
      </dl>
      {/* The appointment runs as long as its treatments; the turnaround is the therapist's time
          after it, so it is said apart rather than added in (issue 33: "1 hr 30 min" for a
          booking from 09:45 to 11:00). */}
      <p className="mt-1 text-xs text-muted">
        Your therapist then takes {formatDuration(total.turnaroundMinutes)} of turnaround to pack up
        and travel on: not part of your appointment.
      </p>
    </>
  );
}

/**
 * docs/product.md#pages: the bag icon with the number of treatments, shown while treatments are
 * selected (the layout leaves it out on confirm-booking). Opens the booking summary.
 */
export function BookingSummaryToggle({ city }: { city: string }) {
  const { selectedTreatments } = useCitySelection(city);
  const clearSelected = useBookingStore((s) => s.clearSelected);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const count = selectedTreatments.length;
  const catalogue = useCityTreatments(city);
  // An add-on is not a treatment of its own; until the catalogue is read, every item counts.
  const counts = catalogue.data
    ? basketCounts(selectedItems(selectedTreatments, catalogue.data))
    : { treatments: count, addOns: 0 };

  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      if (count === 0) focusMainIfInside(panelRef.current);
      else buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) {
        setOpen(false);
      }
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
    // Also re-run when an item is removed: its Remove button is gone, so focus returns to the panel.
  }, [open, count]);

  // Removing the last treatment inside the open summary keeps the summary (now saying so) until
  // it is closed, rather than pulling it, and the keyboard focus in it, out from under the customer.
  if (count === 0 && !open) return null;

  const close = () => {
    setOpen(false);
    if (count === 0) focusMainIfInside(panelRef.current);
    else buttonRef.current?.focus();
  };

  return (
    <div className="relative">
      {count > 0 && (
        <button
          ref={buttonRef}
          type="button"
          className="relative grid h-11 w-11 place-items-center rounded-full border border-brand-200 bg-white text-brand-800 hover:bg-brand-50"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={`Booking summary, ${describeBasketCount(counts)}`}
          onClick={() => setOpen((v) => !v)}
        >
          <BagIcon className="h-5 w-5" />
          <span
            aria-hidden="true"
            className="absolute -top-1 -right-1 grid h-5 min-w-5 place-items-center rounded-full bg-brand-700 px-1 text-xs font-bold text-white"
          >
            {counts.treatments + counts.addOns}
          </span>
        </button>
      )}
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="region"
          aria-labelledby={headingId}
          tabIndex={-1}
          className="fixed inset-x-3 top-32 z-40 max-h-[70dvh] overflow-y-auto rounded-2xl border border-brand-100 bg-white p-5 shadow-2xl shadow-brand-950/15 focus:outline-none sm:absolute sm:inset-x-auto sm:top-14 sm:right-0 sm:w-96"
        >
          <div className="flex items-center justify-between gap-4">
            <h2 id={headingId} className="font-display text-xl font-semibold text-ink">
              Your booking
            </h2>
            <button
              type="button"
              className="-mr-2 grid h-9 w-9 place-items-center rounded-full text-muted hover:bg-brand-50 hover:text-ink"
              aria-label="Close booking summary"
              onClick={close}
            >
              <CloseIcon className="h-5 w-5" />
            </button>
          </div>
          {count === 0 ? (
            <p className="mt-3 text-muted">No treatments chosen.</p>
          ) : (
            <BasketLines city={city} removable />
          )}
          <button
            type="button"
            className={`${buttonClass('ghost')} mt-4 w-full`}
            onClick={() => {
              clearSelected();
              setOpen(false);
              void navigate(`/${city}/select-treatments`);
            }}
          >
            Start again
          </button>
        </div>
      )}
    </div>
  );
}
