CREATE TABLE "customer_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"booking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_event_kind" CHECK ("customer_event"."kind" IN ('me', 'wallet', 'bookings', 'booking', 'addresses', 'cards', 'session'))
);
--> statement-breakpoint
CREATE INDEX "customer_event_user_idx" ON "customer_event" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "customer_event_created_idx" ON "customer_event" USING btree ("created_at");--> statement-breakpoint
-- The live channel (docs/decisions/0083): a change a customer's open screens should refetch is
-- written here in the transaction of the change and announced with NOTIFY, which PostgreSQL
-- delivers only on commit, so a change that rolls back announces nothing. The payload carries
-- all a listener needs (id:kind:booking id:user id, the user id last as the only part that may
-- hold a colon), so thousands of streams cost no query per event. created_at is the clock's
-- time, not the transaction's: a resuming stream re-reads a few seconds before its last event,
-- and ids are handed out at insert time, not commit time.
CREATE FUNCTION emit_customer_event(p_user_id text, p_kind text, p_booking_id uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  new_id bigint;
BEGIN
  INSERT INTO customer_event (user_id, kind, booking_id, created_at)
  VALUES (p_user_id, p_kind, p_booking_id, clock_timestamp())
  RETURNING id INTO new_id;
  PERFORM pg_notify('customer_event',
    new_id::text || ':' || p_kind || ':' || coalesce(p_booking_id::text, '') || ':' || p_user_id);
END
$$;
--> statement-breakpoint
-- One trigger function for every table: TG_ARGV is (kind, the row's user column[, its booking
-- id column]). A row is read as JSON so one function serves tables whose columns differ.
CREATE FUNCTION announce_customer_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed := to_jsonb(OLD);
  ELSE
    changed := to_jsonb(NEW);
  END IF;
  PERFORM emit_customer_event(
    changed ->> TG_ARGV[1],
    TG_ARGV[0],
    CASE WHEN TG_NARGS > 2 THEN (changed ->> TG_ARGV[2])::uuid END
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_announce AFTER UPDATE ON "user"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION announce_customer_change('me', 'id');
--> statement-breakpoint
CREATE TRIGGER business_payment_announce AFTER INSERT OR DELETE ON "business_payment"
  FOR EACH ROW EXECUTE FUNCTION announce_customer_change('me', 'user_id');
--> statement-breakpoint
CREATE TRIGGER business_payment_announce_update AFTER UPDATE ON "business_payment"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION announce_customer_change('me', 'user_id');
--> statement-breakpoint
CREATE TRIGGER wallet_entry_announce AFTER INSERT ON "wallet_entry"
  FOR EACH ROW EXECUTE FUNCTION announce_customer_change('wallet', 'user_id');
--> statement-breakpoint
CREATE TRIGGER booking_announce_insert AFTER INSERT ON "booking"
  FOR EACH ROW EXECUTE FUNCTION announce_customer_change('bookings', 'customer_id');
--> statement-breakpoint
CREATE TRIGGER booking_announce_update AFTER UPDATE ON "booking"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION announce_customer_change('booking', 'customer_id', 'id');
--> statement-breakpoint
CREATE TRIGGER address_announce AFTER INSERT OR DELETE ON "address"
  FOR EACH ROW EXECUTE FUNCTION announce_customer_change('addresses', 'user_id');
--> statement-breakpoint
CREATE TRIGGER address_announce_update AFTER UPDATE ON "address"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION announce_customer_change('addresses', 'user_id');
--> statement-breakpoint
CREATE TRIGGER saved_card_announce AFTER INSERT OR DELETE ON "saved_card"
  FOR EACH ROW EXECUTE FUNCTION announce_customer_change('cards', 'user_id');
--> statement-breakpoint
CREATE TRIGGER saved_card_announce_update AFTER UPDATE ON "saved_card"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION announce_customer_change('cards', 'user_id');
--> statement-breakpoint
CREATE TRIGGER session_announce AFTER DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION announce_customer_change('session', 'user_id');
