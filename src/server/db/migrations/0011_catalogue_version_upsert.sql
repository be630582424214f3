-- As auth_state's (0010): a catalogue_state row deleted by hand comes back at the next change
-- instead of every bump updating nothing (the app treats a missing row as "do not cache").
CREATE OR REPLACE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalogue_state" ("id", "version") VALUES (1, 1)
    ON CONFLICT ("id") DO UPDATE SET "version" = "catalogue_state"."version" + 1;
  PERFORM pg_notify('carlink_catalogue', '');
  RETURN NULL;
END;
$$;
