import { firstNameOf, formatPence } from '../../../domain/format';
import { useCityTreatments } from '../catalogue';
import { useBasket } from './booking-summary';
import { useBookingStore, useCitySelection } from './booking-store';
import { basketAgainstOffer, type TherapistOffer } from './preferred-therapist';

const OR = new Intl.ListFormat('en-GB', { type: 'disjunction' });

const SHOWN = {
  treatments: (first: string) => `only the treatments ${first} offers are shown.`,
  date: (first: string) => `only the days ${first} is free are shown.`,
  therapist: (first: string) => `${first}'s free times come first.`,
} as const;

interface NoteProps {
  city: string;
  /** The step it stands on, for what it says is shown. */
  step: keyof typeof SHOWN;
  /** What they offer, once their profile is read: then the basket is checked against it. */
  offer?: TherapistOffer | undefined;
}

/**
 * "Booking with Isla Reid": what that changes on this step, a way to book with anyone, and what in
 * the basket they cannot take (a treatment they do not offer, their minimum spend).
 */
export function PreferredTherapistNote({ city, step, offer }: NoteProps) {
  const { preferredTherapist } = useCitySelection(city);
  const clear = useBookingStore((s) => s.clearPreferredTherapist);
  const remove = useBookingStore((s) => s.remove);
  const { items } = useBasket(city);
  const treatments = useCityTreatments(city).data ?? [];
  if (!preferredTherapist) return null;
  const first = firstNameOf(preferredTherapist.name);
  const check = offer && basketAgainstOffer(items, offer);
  const notOffered = items.filter((i) => check?.notOffered.includes(i.id));
  return (
    <div className="mb-6 rounded-2xl bg-brand-50 p-4 text-sm text-brand-950">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p>
          Booking with <span className="font-semibold">{preferredTherapist.name}</span>:{' '}
          {SHOWN[step](first)}
        </p>
        <button
          type="button"
          className="min-h-11 rounded-full px-2 font-semibold text-brand-800 underline underline-offset-2"
          onClick={clear}
        >
          Book with anyone
        </button>
      </div>
      {notOffered.length > 0 && (
        <div role="status" className="mt-2 border-t border-brand-200 pt-2">
          <p className="font-semibold">
            {first} does not offer {OR.format(notOffered.map((i) => i.name))}: remove{' '}
            {notOffered.length === 1 ? 'it' : 'them'} to book with {first}, or book with anyone.
          </p>
          <ul className="mt-1 flex flex-wrap gap-2">
            {notOffered.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="min-h-11 rounded-full border border-brand-300 bg-white px-3 font-semibold text-brand-800 hover:bg-brand-100"
                  onClick={() => remove(city, [item.id], treatments)}
                >
                  Remove {item.name}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {notOffered.length === 0 && check && check.shortfallPence > 0 && (
        <p role="status" className="mt-2 border-t border-brand-200 pt-2 font-semibold">
          Add {formatPence(check.shortfallPence)} more to book with {first}: {first} has a{' '}
          {formatPence(offer.minimumSpendPence)} minimum.
        </p>
      )}
    </div>
  );
}
