-- Also announce catalogue changes, so a process that can hear them (the embedded database,
-- where notifications arrive with the committing query) need not ask for the version.
CREATE OR REPLACE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_state" SET "version" = "version" + 1 WHERE "id" = 1;
  PERFORM pg_notify('carlink_catalogue', '');
  RETURN NULL;
END;
$$;
