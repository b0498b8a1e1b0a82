CREATE TABLE "referral_code" (
	"code" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_code_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "booking" DROP CONSTRAINT "booking_amounts_nonnegative";--> statement-breakpoint
ALTER TABLE "wallet_entry" DROP CONSTRAINT "wallet_entry_kind_known";--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "referral_discount_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "referral_id" uuid;--> statement-breakpoint
ALTER TABLE "referral" ADD COLUMN "discount_booking_id" uuid;--> statement-breakpoint
ALTER TABLE "wallet_entry" ADD COLUMN "referral_id" uuid;--> statement-breakpoint
ALTER TABLE "wallet_entry" ADD COLUMN "gift_card_id" uuid;--> statement-breakpoint
ALTER TABLE "wallet_entry" ADD COLUMN "expires_entry_id" bigint;--> statement-breakpoint
ALTER TABLE "referral_code" ADD CONSTRAINT "referral_code_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_referral_id_referral_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referral"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral" ADD CONSTRAINT "referral_discount_booking_id_booking_id_fk" FOREIGN KEY ("discount_booking_id") REFERENCES "public"."booking"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entry" ADD CONSTRAINT "wallet_entry_referral_id_referral_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referral"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entry" ADD CONSTRAINT "wallet_entry_gift_card_id_gift_card_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entry" ADD CONSTRAINT "wallet_entry_expires_entry_id_wallet_entry_id_fk" FOREIGN KEY ("expires_entry_id") REFERENCES "public"."wallet_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_referrer_idx" ON "referral" USING btree ("referrer_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entry_one_referral_credit" ON "wallet_entry" USING btree ("referral_id") WHERE "wallet_entry"."kind" = 'referral_credit';--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entry_one_gift_card_redemption" ON "wallet_entry" USING btree ("gift_card_id") WHERE "wallet_entry"."kind" = 'gift_card_redemption';--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entry_one_expiry_per_entry" ON "wallet_entry" USING btree ("expires_entry_id");--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_amounts_add_up" CHECK ("booking"."total_price_pence" = "booking"."amount_due_pence" + "booking"."credit_applied_pence" + "booking"."referral_discount_pence");--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_amounts_nonnegative" CHECK ("booking"."amount_due_pence" >= 0 AND "booking"."credit_applied_pence" >= 0 AND "booking"."referral_discount_pence" >= 0);--> statement-breakpoint
ALTER TABLE "referral" ADD CONSTRAINT "referral_not_self" CHECK ("referral"."referred_user_id" <> "referral"."referrer_user_id");--> statement-breakpoint
ALTER TABLE "referral" ADD CONSTRAINT "referral_status" CHECK ("referral"."status" in ('pending', 'completed'));--> statement-breakpoint
ALTER TABLE "referral" ADD CONSTRAINT "referral_value_positive" CHECK ("referral"."value_pence" > 0);--> statement-breakpoint
ALTER TABLE "wallet_entry" ADD CONSTRAINT "wallet_entry_kind_known" CHECK ("wallet_entry"."kind" IN ('booking_payment', 'booking_refund', 'referral_credit', 'gift_card_redemption', 'credit_expired'));--> statement-breakpoint
-- The balance is the sum of a customer's entries and must never go below zero. The code checks it
-- under the customer's wallet lock before writing a negative entry; the database has the last word.
CREATE OR REPLACE FUNCTION "wallet_entry_balance_nonnegative"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  balance bigint;
BEGIN
  SELECT coalesce(sum(amount_pence), 0) INTO balance FROM wallet_entry WHERE user_id = NEW.user_id;
  IF balance < 0 THEN
    RAISE EXCEPTION 'wallet_entry: the balance of % would be % pence', NEW.user_id, balance
      USING ERRCODE = 'check_violation',
            CONSTRAINT = 'wallet_entry_balance_nonnegative';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "wallet_entry_balance_nonnegative"
  AFTER INSERT ON "wallet_entry"
  FOR EACH ROW WHEN (NEW.amount_pence < 0) EXECUTE FUNCTION "wallet_entry_balance_nonnegative"();
