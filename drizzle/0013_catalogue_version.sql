CREATE TABLE "catalogue_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"bumped_by" bigint,
	CONSTRAINT "catalogue_version_one_row" CHECK ("catalogue_version"."id")
);
--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "version") VALUES (true, 0);
--> statement-breakpoint
-- Runs at commit (the triggers below are deferred), so the row is locked only for the moment
-- between this update and the commit, after every other lock the transaction takes: writers of the
-- catalogue never wait on each other for longer, and cannot deadlock over it. The first change of
-- a transaction bumps the version; the rest of its rows find it already bumped by their own
-- transaction and leave it.
CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version
     SET version = version + 1, bumped_by = pg_current_xact_id()::text::bigint
   WHERE bumped_by IS DISTINCT FROM pg_current_xact_id()::text::bigint;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER city_bumps_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON city
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER treatment_bumps_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON treatment
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER treatment_add_on_bumps_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON treatment_add_on
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER therapist_bumps_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON therapist
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER therapist_service_bumps_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON therapist_service
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER availability_bumps_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON availability
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
-- TRUNCATE fires no row triggers (and constraint triggers are row triggers only).
CREATE TRIGGER city_truncate_bumps_catalogue_version AFTER TRUNCATE ON city
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER treatment_truncate_bumps_catalogue_version AFTER TRUNCATE ON treatment
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER treatment_add_on_truncate_bumps_catalogue_version AFTER TRUNCATE ON treatment_add_on
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER therapist_truncate_bumps_catalogue_version AFTER TRUNCATE ON therapist
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER therapist_service_truncate_bumps_catalogue_version AFTER TRUNCATE ON therapist_service
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER availability_truncate_bumps_catalogue_version AFTER TRUNCATE ON availability
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
