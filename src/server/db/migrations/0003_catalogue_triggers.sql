-- Bumps catalogue_state.version on any change to cars or their images, so every app process
-- can tell with one cheap read whether its cached catalogue is still current.
INSERT INTO "catalogue_state" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_state" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "cars_bump_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cars"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "car_images_bump_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "car_images"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
