CREATE TABLE "tip" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"customer_id" text NOT NULL,
	"therapist_id" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"credit_applied_pence" integer DEFAULT 0 NOT NULL,
	"amount_due_pence" integer NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tip_amounts" CHECK ("tip"."amount_pence" > 0 AND "tip"."credit_applied_pence" >= 0 AND "tip"."amount_due_pence" >= 0 AND "tip"."credit_applied_pence" + "tip"."amount_due_pence" = "tip"."amount_pence"),
	CONSTRAINT "tip_status" CHECK ("tip"."status" IN ('unpaid', 'paid', 'refunded')),
	CONSTRAINT "tip_paid_at" CHECK ("tip"."status" = 'unpaid' OR "tip"."paid_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "review" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"therapist_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"rating" integer NOT NULL,
	"comment" text,
	"erased_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_booking_id_unique" UNIQUE("booking_id"),
	CONSTRAINT "review_rating" CHECK ("review"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "review_comment_length" CHECK (char_length("review"."comment") BETWEEN 1 AND 1000),
	CONSTRAINT "review_hidden_reason" CHECK (("review"."hidden_at" IS NULL) = ("review"."hidden_reason" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "review_report" (
	"review_id" uuid NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_report_review_id_reporter_id_pk" PRIMARY KEY("review_id","reporter_id")
);
--> statement-breakpoint
CREATE TABLE "review_request" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_request_outcome" CHECK (("review_request"."settled_at" IS NULL) = ("review_request"."outcome" IS NULL) AND ("review_request"."outcome" IS NULL OR "review_request"."outcome" IN ('sent', 'already_reviewed', 'too_late', 'no_customer')))
);
--> statement-breakpoint
CREATE TABLE "favourite" (
	"user_id" text NOT NULL,
	"therapist_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_user_id_therapist_id_pk" PRIMARY KEY("user_id","therapist_id")
);
--> statement-breakpoint
CREATE TABLE "waitlist_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"city_slug" text NOT NULL,
	"treatment_ids" text[] NOT NULL,
	"therapist_id" text,
	"address_id" uuid,
	"postcode" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"earliest_minute" integer,
	"latest_minute" integer,
	"status" text DEFAULT 'waiting' NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entry_status" CHECK ("waitlist_entry"."status" IN ('waiting', 'fulfilled', 'left', 'expired')),
	CONSTRAINT "waitlist_entry_dates" CHECK ("waitlist_entry"."from_date" <= "waitlist_entry"."to_date"),
	CONSTRAINT "waitlist_entry_times" CHECK (("waitlist_entry"."earliest_minute" IS NULL OR "waitlist_entry"."earliest_minute" BETWEEN 0 AND 1439) AND ("waitlist_entry"."latest_minute" IS NULL OR "waitlist_entry"."latest_minute" BETWEEN 0 AND 1439) AND ("waitlist_entry"."earliest_minute" IS NULL OR "waitlist_entry"."latest_minute" IS NULL OR "waitlist_entry"."earliest_minute" < "waitlist_entry"."latest_minute"))
);
--> statement-breakpoint
CREATE TABLE "waitlist_offer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"therapist_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_offer_booking_id_unique" UNIQUE("booking_id"),
	CONSTRAINT "waitlist_offer_token_unique" UNIQUE("token"),
	CONSTRAINT "waitlist_offer_status" CHECK ("waitlist_offer"."status" IN ('offered', 'taken', 'lapsed'))
);
--> statement-breakpoint
CREATE TABLE "waitlist_pass" (
	"id" integer PRIMARY KEY NOT NULL,
	"running_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment" DROP CONSTRAINT "payment_for_one_purchase";--> statement-breakpoint
ALTER TABLE "wallet_entry" DROP CONSTRAINT "wallet_entry_kind_known";--> statement-breakpoint
ALTER TABLE "wallet_entry" DROP CONSTRAINT "wallet_entry_credit_source";--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "tip_id" uuid;--> statement-breakpoint
ALTER TABLE "tip" ADD CONSTRAINT "tip_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip" ADD CONSTRAINT "tip_customer_id_user_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip" ADD CONSTRAINT "tip_therapist_id_therapist_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapist"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_therapist_id_therapist_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapist"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_customer_id_user_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_report" ADD CONSTRAINT "review_report_review_id_review_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."review"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_report" ADD CONSTRAINT "review_report_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_request" ADD CONSTRAINT "review_request_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite" ADD CONSTRAINT "favourite_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite" ADD CONSTRAINT "favourite_therapist_id_therapist_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapist"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entry" ADD CONSTRAINT "waitlist_entry_customer_id_user_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entry" ADD CONSTRAINT "waitlist_entry_city_slug_city_slug_fk" FOREIGN KEY ("city_slug") REFERENCES "public"."city"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entry" ADD CONSTRAINT "waitlist_entry_therapist_id_therapist_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapist"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entry" ADD CONSTRAINT "waitlist_entry_address_id_address_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."address"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offer" ADD CONSTRAINT "waitlist_offer_entry_id_waitlist_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entry"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offer" ADD CONSTRAINT "waitlist_offer_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offer" ADD CONSTRAINT "waitlist_offer_therapist_id_therapist_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapist"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tip_one_per_booking" ON "tip" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "tip_customer_idx" ON "tip" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "review_therapist_idx" ON "review" USING btree ("therapist_id","created_at");--> statement-breakpoint
CREATE INDEX "review_customer_idx" ON "review" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "review_report_created_idx" ON "review_report" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "review_request_due_idx" ON "review_request" USING btree ("completed_at") WHERE "review_request"."settled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "favourite_therapist_idx" ON "favourite" USING btree ("therapist_id");--> statement-breakpoint
CREATE INDEX "waitlist_entry_queue_idx" ON "waitlist_entry" USING btree ("created_at","id") WHERE "waitlist_entry"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "waitlist_entry_customer_idx" ON "waitlist_entry" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offer_one_open_per_entry" ON "waitlist_offer" USING btree ("entry_id") WHERE "waitlist_offer"."status" = 'offered';--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offer_once_per_time" ON "waitlist_offer" USING btree ("entry_id","therapist_id","starts_at");--> statement-breakpoint
CREATE INDEX "waitlist_offer_open_idx" ON "waitlist_offer" USING btree ("expires_at") WHERE "waitlist_offer"."status" = 'offered';--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_tip_id_tip_id_fk" FOREIGN KEY ("tip_id") REFERENCES "public"."tip"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_tip_attempt_unique" ON "payment" USING btree ("tip_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entry_one_tip_payment" ON "wallet_entry" USING btree ("booking_id") WHERE "wallet_entry"."kind" = 'tip_payment';--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_for_one_purchase" CHECK (num_nonnulls("payment"."booking_id", "payment"."gift_card_id", "payment"."tip_id") = 1);--> statement-breakpoint
ALTER TABLE "wallet_entry" ADD CONSTRAINT "wallet_entry_kind_known" CHECK ("wallet_entry"."kind" IN ('booking_payment', 'booking_refund', 'referral_credit', 'gift_card_redemption', 'credit_expired', 'late_arrival_credit', 'goodwill_credit', 'tip_payment'));--> statement-breakpoint
ALTER TABLE "wallet_entry" ADD CONSTRAINT "wallet_entry_credit_source" CHECK (("wallet_entry"."kind" NOT IN ('late_arrival_credit', 'tip_payment') OR "wallet_entry"."booking_id" IS NOT NULL) AND ("wallet_entry"."kind" <> 'goodwill_credit' OR "wallet_entry"."goodwill_credit_id" IS NOT NULL));--> statement-breakpoint
-- A completed booking owes its customer one "How was your treatment?" request
-- (docs/decisions/0086). Written here, in the transaction that completes the booking, whichever
-- way it is completed (the completion job or the therapist's finished step): both set status and
-- updated_at (the app's clock) in one UPDATE, so updated_at is the moment of completion. The
-- review request job (src/server/reviews/send-review-requests.ts) claims the row once it is due.
CREATE FUNCTION request_review() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_request (booking_id, completed_at) VALUES (NEW.id, NEW.updated_at)
    ON CONFLICT (booking_id) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER booking_completed_request_review AFTER UPDATE OF status ON "booking"
  FOR EACH ROW WHEN (NEW.status = 'completed' AND OLD.status IS DISTINCT FROM 'completed')
  EXECUTE FUNCTION request_review();
