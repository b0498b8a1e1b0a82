import { useId, useState } from 'react';
import { CheckCircleIcon, ClockIcon, GiftIcon } from '../../components/icons';
import { progressView, showsProgress } from './progress-view';
import type { Booking } from './types';

// The appointment's timeline on the day (docs/decisions/0085): where the therapist is, then what
// has happened, each with its time. It follows the booking view, which the live channel refreshes
// as the therapist app reports each step, so it changes by itself.

interface AppointmentProgressProps {
  booking: Booking;
  headingLevel: 3 | 4 | 5;
  className?: string;
}

/** The timeline, for an appointment that has one now (showsProgress); nothing otherwise. */
export function AppointmentProgress({
  booking,
  headingLevel,
  className = '',
}: AppointmentProgressProps) {
  const headingId = useId();
  // "Today" as of opening the page: enough for a page about one day's appointment.
  const [openedAt] = useState(() => Date.now());
  if (!showsProgress(booking, openedAt)) return null;
  const view = progressView(booking);
  const Heading = (['h3', 'h4', 'h5'] as const)[headingLevel - 3] ?? 'h4';
  // Here (arrived, started, finished): a tick; still to come: a clock.
  const status = booking.progress?.status;
  const here = status === 'arrived' || status === 'started' || status === 'finished';

  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-xl border border-emerald-100 bg-emerald-50 px-4 py-3 ${className}`}
    >
      <Heading id={headingId} className="text-sm font-semibold text-emerald-900">
        Your therapist’s visit
      </Heading>
      {/* A polite status: each new step is read out once, when it arrives, and not on arrival. */}
      <p role="status" className="mt-1 flex gap-2 font-semibold text-ink">
        <span
          aria-hidden="true"
          className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700 [&>svg]:h-5 [&>svg]:w-5"
        >
          {here ? <CheckCircleIcon /> : <ClockIcon />}
        </span>
        <span>{view.headline}</span>
      </p>
      {view.expected && <p className="mt-0.5 pl-7 text-sm text-muted">{view.expected}</p>}
      {view.lines.length > 0 && (
        <ol className="mt-3 space-y-2 border-l-2 border-emerald-200 pl-4 text-sm">
          {view.lines.map((line) => (
            <li key={line.step} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[1.3rem] h-2 w-2 rounded-full bg-emerald-600"
              />
              <time dateTime={line.at} className="font-semibold text-ink tabular-nums">
                {line.time}
              </time>{' '}
              <span className={line.step === 'late_arrival_credit' ? 'text-emerald-900' : ''}>
                {line.step === 'late_arrival_credit' && (
                  <GiftIcon
                    aria-hidden="true"
                    className="mr-1 inline h-4 w-4 align-[-2px] text-emerald-700"
                  />
                )}
                {line.text}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
