-- Bumps auth_state.version whenever a session or a user really changes (a revoked or expired
-- session, a changed role or name, a deleted account), from any process or tool, so each app
-- process can tell with one cheap read whether the sign-ins it has cached are still current
-- (src/server/modules/auth/session-cache.ts, decision 009). New rows do not bump: no cache
-- holds them yet. Row triggers with WHEN: an update that changes nothing bumps nothing. The
-- embedded database also hears the notification, with the committing query.
INSERT INTO "auth_state" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "bump_auth_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An upsert: a version row deleted by hand comes back rather than stopping the bumps.
  INSERT INTO "auth_state" ("id", "version") VALUES (1, 1)
    ON CONFLICT ("id") DO UPDATE SET "version" = "auth_state"."version" + 1;
  PERFORM pg_notify('carlink_auth', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_bump_auth_version_on_update" AFTER UPDATE ON "sessions"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "sessions_bump_auth_version_on_delete" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "sessions_bump_auth_version_on_truncate" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "users_bump_auth_version_on_update" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "users_bump_auth_version_on_delete" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "users_bump_auth_version_on_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
