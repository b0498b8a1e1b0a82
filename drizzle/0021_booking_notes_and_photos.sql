CREATE TABLE "booking_access_note" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_access_note_length" CHECK (char_length("booking_access_note"."text") BETWEEN 1 AND 1000)
);
--> statement-breakpoint
CREATE TABLE "booking_photo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stored_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "booking_photo_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "booking_photo_content_type" CHECK ("booking_photo"."content_type" IN ('image/jpeg', 'image/webp')),
	CONSTRAINT "booking_photo_sizes" CHECK ("booking_photo"."bytes" > 0 AND "booking_photo"."width" > 0 AND "booking_photo"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "booking_access_note" ADD CONSTRAINT "booking_access_note_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_photo" ADD CONSTRAINT "booking_photo_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_photo_live_idx" ON "booking_photo" USING btree ("booking_id") WHERE "booking_photo"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "booking_photo_deleted_idx" ON "booking_photo" USING btree ("deleted_at") WHERE "booking_photo"."deleted_at" IS NOT NULL;--> statement-breakpoint
-- At most five live photos per booking (docs/decisions/0093). The upload locks the booking row
-- and counts first, and says so in words; this is the last word whatever writes the row. The
-- booking row's lock makes two uploads at once count one after the other.
CREATE FUNCTION booking_photo_at_most_five() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM booking WHERE id = NEW.booking_id FOR UPDATE;
  IF (SELECT count(*) FROM booking_photo
       WHERE booking_id = NEW.booking_id AND deleted_at IS NULL) >= 5 THEN
    RAISE EXCEPTION 'a booking has at most 5 photos'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'booking_photo_at_most_five';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER booking_photo_at_most_five BEFORE INSERT ON "booking_photo"
  FOR EACH ROW WHEN (NEW.deleted_at IS NULL) EXECUTE FUNCTION booking_photo_at_most_five();
