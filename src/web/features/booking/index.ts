// The booking flow's public surface: what its routes, its layouts in app/ and the account pages
// (cancel and reschedule) use, and what the bank's pages of features/payment mean for a booking.
// The flow's internals stay behind it.
export {
  useAvailableDates,
  useAvailableTherapists,
  useDateSearch,
  type AvailableTherapist,
} from './api';
export { AddToCalendarLink } from './add-to-calendar-link';
export { AppointmentActions } from './appointment-actions';
export { BookAgain } from './book-again';
export { BookNowLink } from './book-now-link';
export { BookWithLink } from './book-with-link';
export { BookingConfirmation } from './booking-confirmation';
export { useBookingBankCheck, useBookingPaymentReturn } from './booking-payment-pages';
export { bookingDays, firstName, formatDuration, formatLongDate } from './booking-format';
export { useBookingStore, useCitySelection } from './booking-store';
export { BookingSummaryToggle, useBasket } from './booking-summary';
export { Checkout } from './checkout';
export { ContinueBar } from './continue-bar';
export { DateCalendar } from './date-calendar';
export { NoDatesPanel } from './no-dates-panel';
export { OutOfReachNote } from './out-of-reach-note';
export { PlaceLine } from './place-line';
export { PreferredTherapistNote } from './preferred-therapist-note';
export { splitPreferred } from './preferred-therapist';
export { previousStep, type BookingStep, type Referrer } from './selection-state';
export { useResumeHeldBooking } from './resume-held-booking';
export { StepGuard } from './step-guard';
export { TherapistCard } from './therapist-card';
export { placeProblem } from './travel-words';
export { TreatmentPicker } from './treatment-picker';
export { useAbandonHoldOnArrival } from './use-abandon-hold';
export { useCityName } from './use-city-name';
