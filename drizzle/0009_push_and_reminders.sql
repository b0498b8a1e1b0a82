CREATE TABLE "push_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"payload" jsonb NOT NULL,
	"ttl_seconds" integer NOT NULL,
	"topic" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"dedupe_key" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"claim_token" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "push_outbox_status" CHECK ("push_outbox"."status" IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "reminder_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_subscription" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_subscription_id_push_subscription_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscription"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_outbox_dedupe_key_unique" ON "push_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "push_outbox_pending_idx" ON "push_outbox" USING btree ("next_attempt_at","id") WHERE "push_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "booking_reminder_due_idx" ON "booking" USING btree ("reminder_due_at") WHERE "booking"."reminder_due_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "booking_confirmed_starts_idx" ON "booking" USING btree ("starts_at") WHERE "booking"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "push_subscription_user_idx" ON "push_subscription" USING btree ("user_id");--> statement-breakpoint
-- Confirmed bookings made before reminders existed are reminded like new ones, at the default lead.
UPDATE "booking" SET "reminder_due_at" = "starts_at" - interval '24 hours' WHERE "status" = 'confirmed' AND "starts_at" - interval '24 hours' > now();
