// Customer-facing promises shown on the legal pages: the same constants the server's rules use.
export {
  FREE_CANCELLATION_HOURS,
  LATE_ARRIVAL_CREDIT_AFTER_MINUTES,
  LATE_ARRIVAL_CREDIT_PENCE,
  PARTIAL_REFUND_PERCENT,
  PARTIAL_REFUND_UNTIL_HOURS,
  SLOT_HOLD_MINUTES,
} from '../../domain/constants';

export const CONSENT_COOKIE_MONTHS = 6;
