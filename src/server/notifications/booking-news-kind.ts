/** What happened to a booking, as its email and its push tell it. */
export type BookingEmailKind = 'confirmed' | 'rescheduled' | 'cancelled' | 'reminder';
