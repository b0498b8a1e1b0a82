CREATE TABLE "provider_task" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"params" jsonb NOT NULL,
	"booking_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "provider_task_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "provider_task_kind" CHECK ("provider_task"."kind" in ('refund', 'cancel_payment', 'transfer', 'delete_customer', 'detach_card')),
	CONSTRAINT "provider_task_status" CHECK ("provider_task"."status" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "provider_request" jsonb;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "check_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_task" ADD CONSTRAINT "provider_task_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_task_due_idx" ON "provider_task" USING btree ("next_attempt_at") WHERE "provider_task"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_booking_attempt_unique" ON "payment" USING btree ("booking_id","attempt");--> statement-breakpoint
CREATE INDEX "payment_pending_idx" ON "payment" USING btree ("check_after") WHERE "payment"."status" = 'pending';