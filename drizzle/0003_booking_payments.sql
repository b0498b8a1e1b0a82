CREATE TABLE "payment_customer" (
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customer_user_id_provider_pk" PRIMARY KEY("user_id","provider")
);
--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "reschedule_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "provider_payment_method_id" text;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "refunded_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "card_exp_month" integer;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "card_exp_year" integer;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "save_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "action_url" text;--> statement-breakpoint
ALTER TABLE "payment_customer" ADD CONSTRAINT "payment_customer_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_pending_hold_idx" ON "booking" USING btree ("hold_expires_at") WHERE "booking"."status" in ('held', 'requires_action');--> statement-breakpoint
CREATE UNIQUE INDEX "saved_card_unique" ON "saved_card" USING btree ("user_id","provider","provider_card_id");