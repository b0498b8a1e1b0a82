-- A hold let go before it was paid used to end as 'cancelled', so it showed as a cancellation
-- to the customer and in the company's records. It is 'expired' now (decision 0081): the same
-- for holds let go before that change. A booking was confirmed if and only if it has a payment
-- method (every confirmation sets one), so a cancelled booking without one was never an
-- appointment. The change log records the correction (cancelled → expired) like any other.
UPDATE "booking"
SET "status" = 'expired', "cancelled_at" = NULL, "cancelled_by" = NULL, "cancel_reason" = NULL
WHERE "status" = 'cancelled' AND "payment_method" IS NULL;
