CREATE TABLE "booking_progress" (
	"booking_id" uuid NOT NULL,
	"step" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"eta_minutes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_progress_booking_id_step_pk" PRIMARY KEY("booking_id","step"),
	CONSTRAINT "booking_progress_step" CHECK ("booking_progress"."step" IN ('on_the_way', 'running_late', 'arrived', 'started', 'finished')),
	CONSTRAINT "booking_progress_eta" CHECK ("booking_progress"."eta_minutes" IS NULL OR ("booking_progress"."eta_minutes" BETWEEN 0 AND 600 AND "booking_progress"."step" IN ('on_the_way', 'running_late')))
);
--> statement-breakpoint
CREATE TABLE "goodwill_credit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"reason" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goodwill_credit_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "goodwill_credit_amount" CHECK ("goodwill_credit"."amount_pence" BETWEEN 1 AND 100000)
);
--> statement-breakpoint
ALTER TABLE "wallet_entry" DROP CONSTRAINT "wallet_entry_kind_known";--> statement-breakpoint
ALTER TABLE "webhook_delivery" DROP CONSTRAINT "webhook_delivery_type";--> statement-breakpoint
ALTER TABLE "wallet_entry" ADD COLUMN "goodwill_credit_id" uuid;--> statement-breakpoint
ALTER TABLE "booking_progress" ADD CONSTRAINT "booking_progress_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goodwill_credit" ADD CONSTRAINT "goodwill_credit_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goodwill_credit_user_idx" ON "goodwill_credit" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "wallet_entry" ADD CONSTRAINT "wallet_entry_goodwill_credit_id_goodwill_credit_id_fk" FOREIGN KEY ("goodwill_credit_id") REFERENCES "public"."goodwill_credit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entry_one_late_arrival_credit" ON "wallet_entry" USING btree ("booking_id") WHERE "wallet_entry"."kind" = 'late_arrival_credit';--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entry_one_goodwill_credit" ON "wallet_entry" USING btree ("goodwill_credit_id") WHERE "wallet_entry"."kind" = 'goodwill_credit';--> statement-breakpoint
ALTER TABLE "wallet_entry" ADD CONSTRAINT "wallet_entry_credit_source" CHECK (("wallet_entry"."kind" <> 'late_arrival_credit' OR "wallet_entry"."booking_id" IS NOT NULL) AND ("wallet_entry"."kind" <> 'goodwill_credit' OR "wallet_entry"."goodwill_credit_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "wallet_entry" ADD CONSTRAINT "wallet_entry_kind_known" CHECK ("wallet_entry"."kind" IN ('booking_payment', 'booking_refund', 'referral_credit', 'gift_card_redemption', 'credit_expired', 'late_arrival_credit', 'goodwill_credit'));--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_type" CHECK ("webhook_delivery"."type" IN ('booking.confirmed', 'booking.moved', 'booking.cancelled', 'booking.completed', 'booking.progress'));--> statement-breakpoint
-- A step the therapist app reports is news for the customer's open screens (docs/decisions/0084):
-- announced through the live channel's emit_customer_event (migration 0018) in the step's own
-- transaction, so a step that rolls back announces nothing.
CREATE FUNCTION announce_booking_progress() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM emit_customer_event(b.customer_id, 'booking', b.id) FROM booking b WHERE b.id = NEW.booking_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER booking_progress_announce AFTER INSERT ON "booking_progress"
  FOR EACH ROW EXECUTE FUNCTION announce_booking_progress();
