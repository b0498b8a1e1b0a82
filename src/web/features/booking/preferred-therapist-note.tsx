import { useBookingStore, useCitySelection } from './booking-store';

/** "Booking with Isla Reid": says whose times come first, with a way to book with anyone. */
export function PreferredTherapistNote({ city }: { city: string }) {
  const { preferredTherapist } = useCitySelection(city);
  const clear = useBookingStore((s) => s.clearPreferredTherapist);
  if (!preferredTherapist) return null;
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-2xl bg-brand-50 p-4 text-sm text-brand-950">
      <p>
        Booking with <span className="font-semibold">{preferredTherapist.name}</span>: once you
        choose treatments and a date, their free times come first.
      </p>
      <button
        type="button"
        className="min-h-11 rounded-full px-2 font-semibold text-brand-800 underline underline-offset-2"
        onClick={clear}
      >
        Book with anyone
      </button>
    </div>
  );
}
