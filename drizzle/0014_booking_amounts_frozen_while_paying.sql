-- A payment attempt sends the card's share of a booking to the provider; settling it later must
-- find the same split of price into card, wallet credit and referral discount. So while any
-- attempt's outcome is unknown, a booking's amounts cannot change (docs/decisions/0064). The
-- checkout refuses such a change in words; this is the last word should any path skip the check.
-- Only an UPDATE that really changes an amount runs the function, so confirmations and other
-- status changes pay nothing for it.
CREATE FUNCTION refuse_amount_change_while_paying() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM payment p
              WHERE p.booking_id = NEW.id
                AND p.status IN ('pending', 'processing', 'requires_action')) THEN
    RAISE EXCEPTION 'booking % amounts cannot change while a payment attempt is undecided', NEW.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'booking_amounts_frozen_while_paying';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER booking_amounts_frozen_while_paying
  BEFORE UPDATE OF total_price_pence, amount_due_pence, credit_applied_pence, referral_discount_pence
  ON booking FOR EACH ROW
  WHEN (OLD.total_price_pence IS DISTINCT FROM NEW.total_price_pence
     OR OLD.amount_due_pence IS DISTINCT FROM NEW.amount_due_pence
     OR OLD.credit_applied_pence IS DISTINCT FROM NEW.credit_applied_pence
     OR OLD.referral_discount_pence IS DISTINCT FROM NEW.referral_discount_pence)
  EXECUTE FUNCTION refuse_amount_change_while_paying();
