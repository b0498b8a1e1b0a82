ALTER TABLE "wallet_entry" ADD CONSTRAINT "wallet_entry_kind_known" CHECK ("wallet_entry"."kind" IN ('booking_payment', 'booking_refund', 'referral_credit', 'gift_card_redemption'));--> statement-breakpoint
-- The wallet is a ledger: its balance is the sum of its entries, and accounting must be able to
-- trust that no entry ever changed or vanished. So the database itself refuses UPDATE, DELETE and
-- TRUNCATE, whatever the application (or a hurried hand in psql) does; a correction is a new entry.
-- Erasing a customer's personal data leaves these rows alone: they hold amounts, kinds and ids only.
CREATE OR REPLACE FUNCTION "wallet_entry_append_only"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wallet_entry is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'restrict_violation',
          HINT = 'Write a new entry that corrects the balance instead.';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "wallet_entry_no_update_or_delete"
  BEFORE UPDATE OR DELETE ON "wallet_entry"
  FOR EACH ROW EXECUTE FUNCTION "wallet_entry_append_only"();
--> statement-breakpoint
CREATE TRIGGER "wallet_entry_no_truncate"
  BEFORE TRUNCATE ON "wallet_entry"
  FOR EACH STATEMENT EXECUTE FUNCTION "wallet_entry_append_only"();
