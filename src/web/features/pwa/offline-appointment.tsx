import { useEffect, useState } from 'react';
import { UK_TIME_ZONE } from '../../../domain/constants';
import { formatLongDateOfInstant, formatUkTime } from '../../../domain/format';
import { OfflineNotice } from '../../components/offline-notice';
import { AppointmentCard, type Booking } from '../account';
import { readNextAppointment, rememberNextAppointment } from './next-appointment';

const local = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/** Keeps the next appointment of each successful read of the appointments for offline use. */
export function useRememberNextAppointment(upcoming: readonly Booking[] | undefined): void {
  useEffect(() => {
    if (upcoming) rememberNextAppointment(local(), upcoming, new Date());
  }, [upcoming]);
}

/** "Thursday 26 November 2026 at 10:05": when the kept copy was read, in UK time. */
function savedAt(iso: string): string {
  const ms = Date.parse(iso);
  return `${formatLongDateOfInstant(ms, UK_TIME_ZONE)} at ${formatUkTime(ms, UK_TIME_ZONE)}`;
}

/** The appointments page without a network: the kept next appointment and a way to retry. */
export function OfflineAppointment({
  onRetry,
  retrying,
}: {
  onRetry: () => void;
  retrying: boolean;
}) {
  // Read once: the page's clock is not going to make a kept appointment appear.
  const [stored] = useState(() => readNextAppointment(local(), new Date()));
  return (
    <div className="space-y-8">
      <OfflineNotice title="You are offline" onRetry={onRetry} retrying={retrying}>
        {stored
          ? `Showing your next appointment as it was on ${savedAt(stored.savedAt)}. Cancelling or moving it needs a connection.`
          : 'Your appointments will appear here once you are back online.'}
      </OfflineNotice>
      {stored && (
        <section aria-labelledby="offline-next-appointment">
          <h2
            id="offline-next-appointment"
            className="font-display text-2xl font-semibold text-ink"
          >
            Next appointment
          </h2>
          <div className="mt-3">
            <AppointmentCard booking={stored.booking} />
          </div>
        </section>
      )}
    </div>
  );
}
