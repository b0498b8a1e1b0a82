import type { Appointments, Booking } from './types';

// The appointments page's groups. The server answers upcoming and past; a cancelled booking sits
// among the past ones even when its time is still to come, which read as if it had happened. So
// cancelled bookings get a group of their own.

export interface AppointmentGroups {
  /** Soonest first. */
  upcoming: Booking[];
  /** Latest first. */
  past: Booking[];
  /** Latest first, whenever they were (or would have been). */
  cancelled: Booking[];
}

export function groupAppointments({ upcoming, past }: Appointments): AppointmentGroups {
  const isCancelled = (b: Booking) => b.status === 'cancelled';
  return {
    upcoming: upcoming.filter((b) => !isCancelled(b)),
    past: past.filter((b) => !isCancelled(b)),
    cancelled: [...upcoming, ...past]
      .filter(isCancelled)
      .sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt)),
  };
}
