-- The uploaded photo a therapist shows (decision 0039); null: the imported photo_url or a drawn portrait.
ALTER TABLE "therapist" ADD COLUMN "photo_version" text;