-- Bumps auth_state.version on any change to sessions or users other than a new row (a
-- revoked or expired session, a changed role or name, a deleted account), from any process or
-- tool, so each app process can tell with one cheap read whether the sign-ins it has cached
-- are still current (src/server/modules/auth/session-cache.ts). The embedded database also
-- hears the notification, with the committing query.
INSERT INTO "auth_state" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "bump_auth_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "auth_state" SET "version" = "version" + 1 WHERE "id" = 1;
  PERFORM pg_notify('carlink_auth', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_bump_auth_version" AFTER UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "users_bump_auth_version" AFTER UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
