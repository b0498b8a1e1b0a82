-- A booking's short reference: 8 Crockford base32 symbols (40 random bits) from gen_random_uuid(),
-- skipping the uuid's version and variant bytes. Used as the column default, so existing bookings
-- get one when the column is added and every insert gets one without the application's help.
CREATE FUNCTION new_booking_reference() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (get_byte(r.b, i) % 32) + 1, 1), '' ORDER BY i)
  FROM (SELECT decode(replace(gen_random_uuid()::text, '-', ''), 'hex') AS b) AS r,
       unnest(ARRAY[0, 1, 2, 3, 4, 5, 10, 11]) AS i
$$;
--> statement-breakpoint
CREATE TABLE "booking_change" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "therapist_calendar" (
	"therapist_id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "therapist_calendar_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"type" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"url" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"claim_token" uuid,
	"last_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "webhook_delivery_status" CHECK ("webhook_delivery"."status" IN ('pending', 'delivered', 'failed')),
	CONSTRAINT "webhook_delivery_type" CHECK ("webhook_delivery"."type" IN ('booking.confirmed', 'booking.moved', 'booking.cancelled', 'booking.completed'))
);
--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "reference" text DEFAULT new_booking_reference() NOT NULL;--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "therapist" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "booking_change" ADD CONSTRAINT "booking_change_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapist_calendar" ADD CONSTRAINT "therapist_calendar_therapist_id_therapist_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapist"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_change_feed_idx" ON "booking_change" USING btree ("txid","id");--> statement-breakpoint
CREATE INDEX "booking_change_booking_idx" ON "booking_change" USING btree ("booking_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_delivery_event_url_unique" ON "webhook_delivery" USING btree ("event_id","url");--> statement-breakpoint
CREATE INDEX "webhook_delivery_pending_idx" ON "webhook_delivery" USING btree ("next_attempt_at","id") WHERE "webhook_delivery"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_delivery_booking_idx" ON "webhook_delivery" USING btree ("booking_id","url","id");--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_reference_unique" UNIQUE("reference");--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_cancelled_by" CHECK ("booking"."cancelled_by" IN ('customer', 'company'));
--> statement-breakpoint
-- Every change of a booking is logged by the database itself: its creation, a new status, a new
-- time or therapist, or a change of what it costs, what was refunded or where it is. The change's
-- time is the application's (updated_at), so history and feed agree with what the code decided.
CREATE FUNCTION record_booking_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change_kind text;
  change_at timestamptz;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO booking_change (booking_id, kind, from_status, to_status, starts_at, at)
    VALUES (NEW.id, 'created', NULL, NEW.status, NEW.starts_at, NEW.created_at);
    RETURN NULL;
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    change_kind := 'status';
  ELSIF NEW.starts_at IS DISTINCT FROM OLD.starts_at OR NEW.therapist_id IS DISTINCT FROM OLD.therapist_id THEN
    change_kind := 'moved';
  ELSIF (NEW.address_snapshot, NEW.total_price_pence, NEW.amount_due_pence, NEW.credit_applied_pence,
         NEW.referral_discount_pence, NEW.refunded_pence, NEW.payment_method, NEW.cancel_reason)
        IS DISTINCT FROM
        (OLD.address_snapshot, OLD.total_price_pence, OLD.amount_due_pence, OLD.credit_applied_pence,
         OLD.referral_discount_pence, OLD.refunded_pence, OLD.payment_method, OLD.cancel_reason) THEN
    change_kind := 'updated';
  ELSE
    RETURN NULL;
  END IF;
  change_at := CASE WHEN NEW.updated_at IS DISTINCT FROM OLD.updated_at THEN NEW.updated_at ELSE now() END;
  INSERT INTO booking_change (booking_id, kind, from_status, to_status, starts_at, at)
  VALUES (NEW.id, change_kind, OLD.status, NEW.status, NEW.starts_at, change_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER booking_change_log AFTER INSERT OR UPDATE ON booking
  FOR EACH ROW EXECUTE FUNCTION record_booking_change();
--> statement-breakpoint
-- Bookings made before the log existed enter the feed once, as they stand now.
INSERT INTO booking_change (booking_id, kind, from_status, to_status, starts_at, at)
SELECT id, 'created', NULL, status, starts_at, created_at FROM booking ORDER BY created_at, id;
