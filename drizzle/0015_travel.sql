CREATE TABLE "travel_time_cache" (
	"from_district" text NOT NULL,
	"to_district" text NOT NULL,
	"mode" text NOT NULL,
	"hour_band" integer NOT NULL,
	"minutes" integer NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "travel_time_cache_from_district_to_district_mode_hour_band_pk" PRIMARY KEY("from_district","to_district","mode","hour_band"),
	CONSTRAINT "travel_time_cache_minutes" CHECK ("travel_time_cache"."minutes" >= 0 and "travel_time_cache"."minutes" <= 1440)
);
--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "district" text;--> statement-breakpoint
ALTER TABLE "therapist" ADD COLUMN "home_postcode" text;--> statement-breakpoint
ALTER TABLE "therapist" ADD COLUMN "travel_mode" text DEFAULT 'car' NOT NULL;--> statement-breakpoint
ALTER TABLE "therapist" ADD COLUMN "max_travel_minutes" integer;--> statement-breakpoint
ALTER TABLE "therapist" ADD COLUMN "covered_districts" text[];--> statement-breakpoint
ALTER TABLE "therapist" ADD CONSTRAINT "therapist_travel_mode" CHECK ("therapist"."travel_mode" in ('car', 'public_transport', 'bicycle', 'walking'));--> statement-breakpoint
ALTER TABLE "therapist" ADD CONSTRAINT "therapist_max_travel_minutes" CHECK ("therapist"."max_travel_minutes" is null or "therapist"."max_travel_minutes" between 1 and 600);--> statement-breakpoint
-- Bookings made before districts were recorded: the district of the address kept with them, so
-- the therapist's journeys around them are known too (unknown when the postcode is not a UK one).
UPDATE "booking" SET "district" = d.district
  FROM (SELECT id, upper(regexp_replace(address_snapshot->>'postcode', '\s', '', 'g')) AS compact
          FROM "booking") c
  CROSS JOIN LATERAL (SELECT left(c.compact, length(c.compact) - 3) AS district) d
  WHERE "booking".id = c.id
    AND c.compact ~ '^[A-Z]{1,2}[0-9][0-9A-Z]?[0-9][A-Z]{2}$';
