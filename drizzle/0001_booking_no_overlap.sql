-- Two active bookings of one therapist can never overlap, whatever the application does.
-- `during` includes the 15-minute buffer. btree_gist lets a GiST index compare the text id with =.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_no_overlap"
  EXCLUDE USING gist ("therapist_id" WITH =, "during" WITH &&)
  WHERE ("status" IN ('held', 'requires_action', 'confirmed'));
--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_status_known"
  CHECK ("status" IN ('held', 'requires_action', 'confirmed', 'cancelled', 'expired', 'failed', 'completed'));
--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_during_nonempty" CHECK (NOT isempty("during"));
--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_nonempty" CHECK (NOT isempty("during"));
