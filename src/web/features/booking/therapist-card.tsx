import { useState } from 'react';
import { ClockIcon } from '../../components/icons';
import { TherapistPhoto } from '../../components/therapist-photo';
import { Link } from 'react-router';
import { formatPence } from '../../../domain/format';
import { FavouriteButton } from '../favourites';
import { TherapistRating } from '../reviews';
import type { AvailableTherapist } from './api';
import { firstName, formatTime } from './booking-format';

// Two rows on a wide screen, three on a phone; the rest one tap away.
const FIRST_TIMES_SHOWN = 12;

interface TherapistCardProps {
  therapist: AvailableTherapist;
  city: string;
  selectedTime: string | null;
  onChoose: (time: string) => void;
}

export function TherapistCard({ therapist, city, selectedTime, onChoose }: TherapistCardProps) {
  const [showAll, setShowAll] = useState(false);
  const first = firstName(therapist.name);
  const headingId = `therapist-${therapist.id}`;
  const times = showAll ? therapist.slots : therapist.slots.slice(0, FIRST_TIMES_SHOWN);
  const hidden = therapist.slots.length - times.length;

  return (
    <li
      aria-labelledby={headingId}
      className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-center gap-4">
        <TherapistPhoto photoUrl={therapist.photoUrl} alt="" pixels={64} className="h-16 w-16" />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-lg font-semibold text-ink">
            {therapist.name}
          </h2>
          <TherapistRating city={city} therapistId={therapist.id} />
          <Link
            to={`/professionals/${encodeURIComponent(therapist.username)}`}
            className="text-sm font-medium text-brand-800 underline underline-offset-2 hover:text-brand-950"
          >
            View profile<span className="sr-only"> of {therapist.name}</span>
          </Link>
        </div>
        <FavouriteButton therapist={therapist} />
      </div>

      {therapist.travelNote && (
        // The server's words on why some times are missing (the journey from another customer):
        // the gap in the times would otherwise look like a therapist who is simply busy.
        <p className="mt-3 flex items-start gap-2 rounded-xl bg-brand-50 p-3 text-sm text-brand-950">
          <ClockIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
          <span>{therapist.travelNote}</span>
        </p>
      )}

      {therapist.meetsMinimumSpend ? (
        <div className="mt-4">
          <h3 className="sr-only">Times with {therapist.name}</h3>
          <ul className="grid grid-cols-4 gap-2 sm:grid-cols-6">
            {times.map((slot) => {
              const chosen = slot === selectedTime;
              return (
                <li key={slot}>
                  <button
                    type="button"
                    aria-pressed={chosen}
                    aria-label={`${formatTime(slot)} with ${therapist.name}`}
                    onClick={() => onChoose(slot)}
                    className={`min-h-11 w-full rounded-xl text-sm font-semibold tabular-nums transition-colors ${
                      chosen
                        ? 'bg-brand-700 text-white'
                        : 'border border-brand-200 bg-white text-brand-900 hover:border-brand-400 hover:bg-brand-50'
                    }`}
                  >
                    {formatTime(slot)}
                  </button>
                </li>
              );
            })}
          </ul>
          {hidden > 0 && (
            <button
              type="button"
              className="mt-3 min-h-11 rounded-full px-2 text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950"
              onClick={() => setShowAll(true)}
            >
              Show {hidden} more {hidden === 1 ? 'time' : 'times'}
              <span className="sr-only"> with {therapist.name}</span>
            </button>
          )}
        </div>
      ) : (
        <div className="mt-4 rounded-xl bg-brand-50 p-3 text-sm text-brand-950">
          <p className="font-semibold">
            Add {formatPence(therapist.shortfallPence)} to book with {first}
          </p>
          <p className="mt-1 text-muted">
            {first}&rsquo;s minimum booking is {formatPence(therapist.minimumSpendPence)}; your
            treatments come to {formatPence(therapist.totalPricePence)}.{' '}
            <Link
              to={`/${city}/select-treatments`}
              className="font-semibold text-brand-800 underline underline-offset-2"
            >
              Add treatments
            </Link>
          </p>
        </div>
      )}
    </li>
  );
}
