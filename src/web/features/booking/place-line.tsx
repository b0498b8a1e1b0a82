import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { buttonClass } from '../../components/button-styles';
import { MapPinIcon } from '../../components/icons';
import type { BookingPlace } from './booking-place';
import { useBookingStore, useCitySelection } from './booking-store';
import { PlaceChooser } from './place-chooser';
import { useAbandonHold } from './use-abandon-hold';
import { usePlaceCheck } from './use-place-check';

// Where the treatment will be, on every step: "At EH6 5AA · Change", or, with no postcode given,
// that the times are still to be confirmed for the address. The first step asks outright; the
// others open the same question when the customer asks to change it, or when the step's answer
// refused the postcode (its words then stand at the field, never an empty step).

function PlacePanel({ children }: { children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="mb-6 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={id} className="font-display text-lg font-semibold text-ink">
        Where will your treatment be?
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted">
        Our therapists come to you: with your postcode we show only the times they can reach you by.
      </p>
      {children}
    </section>
  );
}

interface PlaceLineProps {
  city: string;
  /** The step's answer refused the place: the question opens with these words at its field. */
  problem?: string | null;
  /** The first step asks outright while no place is given; later steps offer it in a line. */
  ask?: boolean;
}

export function PlaceLine({ city, problem = null, ask = false }: PlaceLineProps) {
  const { place } = useCitySelection(city);
  const setPlace = useBookingStore((s) => s.setPlace);
  const abandonHold = useAbandonHold();
  const check = usePlaceCheck(city);
  const [editing, setEditing] = useState(false);
  const lineRef = useRef<HTMLParagraphElement>(null);
  // The form's buttons go with it: focus lands on the line that replaces it, which says the place.
  const focusLine = useRef(false);
  const open = editing || problem !== null || (ask && place === null);

  useEffect(() => {
    if (open || !focusLine.current) return;
    focusLine.current = false;
    lineRef.current?.focus();
  }, [open]);

  const done = (next: BookingPlace | null) => {
    // A held time was held for the old place: let it go before the times change under it.
    if (next?.postcode !== place?.postcode) void abandonHold();
    setPlace(city, next);
    focusLine.current = true;
    setEditing(false);
  };

  if (open) {
    return (
      <PlacePanel>
        <PlaceChooser
          current={place}
          problem={problem}
          check={check}
          onDone={done}
          onCancel={editing && problem === null ? () => done(place) : undefined}
          autoFocus={editing}
        />
        {problem !== null && place !== null && (
          <button
            type="button"
            className={`${buttonClass('ghost')} mt-3`}
            onClick={() => done(null)}
          >
            Browse without a postcode
          </button>
        )}
      </PlacePanel>
    );
  }

  return (
    <p
      ref={lineRef}
      tabIndex={-1}
      className="mb-6 flex items-start gap-2 text-sm text-muted focus:outline-none"
    >
      {/* The words get the button's 44px row height, so the pin lines up with them whether or
          not the button wraps onto a row of its own on a narrow screen. */}
      <MapPinIcon className="mt-3.5 h-4 w-4 shrink-0 text-brand-700" />
      <span className="flex flex-wrap items-center gap-x-1.5">
        {place ? (
          <>
            <span className="py-3">
              At <span className="font-semibold text-ink">{place.postcode}</span>
            </span>
            <span aria-hidden="true">·</span>
          </>
        ) : (
          <span className="py-3">Times to be confirmed for your address.</span>
        )}
        <button
          type="button"
          className="-ml-1 min-h-11 rounded-full px-1 font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950"
          onClick={() => setEditing(true)}
        >
          {place ? (
            <>
              Change<span className="sr-only"> where the treatment will be</span>
            </>
          ) : (
            'Add your postcode'
          )}
        </button>
      </span>
    </p>
  );
}
