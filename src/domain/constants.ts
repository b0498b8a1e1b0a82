// The rules' numbers (docs/product.md#numbers). Rules read them through RulesConfig so tests and
// operators can vary them.
export const DEFAULT_MINIMUM_SPEND_PENCE = 2300;
export const BOOKING_BUFFER_MINUTES = 15;
export const AVAILABILITY_PAST_DAYS = 1;
export const AVAILABILITY_AHEAD_DAYS = 36;
export const SLOT_GRID_MINUTES = 15;
// Notice before the earliest slot: 60 minutes unless configured (docs/product.md#slots).
export const DEFAULT_NOTICE_MINUTES = 60;
// Times of day are UK wall-clock because customers book "10:00" in their own city.
export const UK_TIME_ZONE = 'Europe/London';
export const DESCRIPTION_MAX_WORDS = 10;

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
// "Days" in the availability window are 24-hour spans of real time, not calendar days.
export const DAY_MS = 24 * HOUR_MS;

export interface RulesConfig {
  noticeMinutes: number;
  availabilityPastDays: number;
  availabilityAheadDays: number;
  defaultMinimumSpendPence: number;
  bufferMinutes: number;
  gridMinutes: number;
  timeZone: string;
}

export const DEFAULT_RULES_CONFIG: RulesConfig = Object.freeze({
  noticeMinutes: DEFAULT_NOTICE_MINUTES,
  availabilityPastDays: AVAILABILITY_PAST_DAYS,
  availabilityAheadDays: AVAILABILITY_AHEAD_DAYS,
  defaultMinimumSpendPence: DEFAULT_MINIMUM_SPEND_PENCE,
  bufferMinutes: BOOKING_BUFFER_MINUTES,
  gridMinutes: SLOT_GRID_MINUTES,
  timeZone: UK_TIME_ZONE,
});

// Cancellation terms and the payment hold (docs/product.md#cancellation). The legal pages and
// the server's refund rules read these same numbers.
export const FREE_CANCELLATION_HOURS = 24;
export const PARTIAL_REFUND_UNTIL_HOURS = 2;
export const PARTIAL_REFUND_PERCENT = 50;
export const SLOT_HOLD_MINUTES = 10;

// The lateness credit (docs/decisions/0084): a therapist arriving more than this long after the
// booked start earns the customer this much wallet credit, once per booking.
export const LATE_ARRIVAL_CREDIT_AFTER_MINUTES = 20;
export const LATE_ARRIVAL_CREDIT_PENCE = 500;

/**
 * docs/product.md#messages: loading treatments for a location without a city is refused with this.
 */
export const NO_LOCATION_SET = 'No location set';
