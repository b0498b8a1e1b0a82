// Customer-facing promises, shown on the legal pages. DESIGN.md section 5 sets these defaults;
// the server applies the same numbers when it refunds or releases a slot, so change both together.

export const FREE_CANCELLATION_HOURS = 24;
export const PARTIAL_REFUND_UNTIL_HOURS = 2;
export const PARTIAL_REFUND_PERCENT = 50;
export const SLOT_HOLD_MINUTES = 10;
export const CONSENT_COOKIE_MONTHS = 6;
