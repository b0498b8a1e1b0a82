ALTER TABLE "gift_card" DROP CONSTRAINT "gift_card_code_unique";--> statement-breakpoint
ALTER TABLE "gift_card" ALTER COLUMN "buyer_user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_card" ADD COLUMN "code_hash" text;--> statement-breakpoint
ALTER TABLE "gift_card" ADD COLUMN "code_last4" text;--> statement-breakpoint
ALTER TABLE "gift_card" ADD COLUMN "status" text DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_card" ADD COLUMN "recipient_name" text;--> statement-breakpoint
ALTER TABLE "gift_card" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "gift_card" ADD COLUMN "send_on" date NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_card" ADD COLUMN "deliver_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_card" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_card" ADD COLUMN "redeemed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_card" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "gift_card_id" uuid;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_gift_card_id_gift_card_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_buyer_idx" ON "gift_card" USING btree ("buyer_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_gift_card_attempt_unique" ON "payment" USING btree ("gift_card_id","attempt");--> statement-breakpoint
ALTER TABLE "gift_card" DROP COLUMN "code";--> statement-breakpoint
ALTER TABLE "gift_card" ADD CONSTRAINT "gift_card_code_hash_unique" UNIQUE("code_hash");--> statement-breakpoint
ALTER TABLE "gift_card" ADD CONSTRAINT "gift_card_status" CHECK ("gift_card"."status" IN ('unpaid', 'active', 'redeemed', 'cancelled', 'refunded'));--> statement-breakpoint
ALTER TABLE "gift_card" ADD CONSTRAINT "gift_card_amount_positive" CHECK ("gift_card"."amount_pence" > 0);--> statement-breakpoint
ALTER TABLE "gift_card" ADD CONSTRAINT "gift_card_balance_within_amount" CHECK ("gift_card"."balance_pence" >= 0 AND "gift_card"."balance_pence" <= "gift_card"."amount_pence");--> statement-breakpoint
ALTER TABLE "gift_card" ADD CONSTRAINT "gift_card_code_once_paid" CHECK ("gift_card"."status" IN ('unpaid', 'cancelled') OR "gift_card"."code_hash" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "gift_card" ADD CONSTRAINT "gift_card_redeemed_whole" CHECK ("gift_card"."status" <> 'redeemed' OR ("gift_card"."redeemed_by_user_id" IS NOT NULL AND "gift_card"."redeemed_at" IS NOT NULL AND "gift_card"."balance_pence" = 0));--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_for_one_purchase" CHECK (num_nonnulls("payment"."booking_id", "payment"."gift_card_id") = 1);