-- Availability reads ask "which windows and bookings of these therapists overlap this day?" as
-- "ends after the day starts and starts before it ends" (src/server/db/overlaps.ts), answered by
-- these B-trees from the index alone; the old index on therapist_id alone made PostgreSQL read
-- every window of every candidate, and the exclusion constraint's GiST index was slow to probe
-- once per therapist (docs/decisions/0057). The new availability index still leads with
-- therapist_id, so it serves everything the old one did.
DROP INDEX "availability_therapist_idx";--> statement-breakpoint
CREATE INDEX "availability_therapist_overlap_idx" ON "availability" USING btree ("therapist_id",upper("during"),lower("during"));--> statement-breakpoint
CREATE INDEX "booking_therapist_overlap_idx" ON "booking" USING btree ("therapist_id",upper("during"),lower("during")) WHERE "booking"."status" in ('held', 'requires_action', 'confirmed');--> statement-breakpoint
CREATE INDEX "therapist_service_treatment_idx" ON "therapist_service" USING btree ("treatment_id","therapist_id");