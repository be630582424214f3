-- Bumps car_booking_versions for a car whenever one of its bookings may start or stop holding
-- it, from any process or tool, so each app process can tell with one cheap read whether its
-- cached answers to "which cars are busy on these dates" are still current (the dated car list,
-- docs/decisions/003-catalogue-cache.md, addendum 2026-11-27). Row triggers: only the cars
-- concerned are touched, and a booking transaction already holds its car's row lock
-- (decision 002), so bookings of different cars never wait for each other here. No
-- pg_notify, unlike catalogue_state's triggers: on PostgreSQL a transaction that notifies takes
-- one database-wide lock until its commit is on disk, which would make every booking commit
-- wait for the one before it.
-- Half-empty pages: a bump then rewrites its row in the same page (a HOT update, no index
-- entry), and reads prune the old versions, so the table every dated list read sums stays a few
-- pages between vacuums.
ALTER TABLE "car_booking_versions" SET (fillfactor = 50);
--> statement-breakpoint
CREATE FUNCTION "bump_car_booking_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "car_booking_versions" ("car_id", "version") VALUES (OLD."car_id", 1)
      ON CONFLICT ("car_id") DO UPDATE SET "version" = "car_booking_versions"."version" + 1;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."car_id" <> OLD."car_id") THEN
    INSERT INTO "car_booking_versions" ("car_id", "version") VALUES (NEW."car_id", 1)
      ON CONFLICT ("car_id") DO UPDATE SET "version" = "car_booking_versions"."version" + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_bump_car_booking_version_on_insert" AFTER INSERT ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "bump_car_booking_version"();
--> statement-breakpoint
-- Only what decides whether a booking holds its car (holdsCar in cars.repository.ts): a
-- payment, a note or a handover changing the row bumps nothing.
CREATE TRIGGER "bookings_bump_car_booking_version_on_update" AFTER UPDATE ON "bookings"
  FOR EACH ROW WHEN (
    OLD."status" IS DISTINCT FROM NEW."status"
    OR OLD."car_id" IS DISTINCT FROM NEW."car_id"
    OR OLD."start_date" IS DISTINCT FROM NEW."start_date"
    OR OLD."end_date" IS DISTINCT FROM NEW."end_date"
    OR OLD."hold_expires_at" IS DISTINCT FROM NEW."hold_expires_at"
  ) EXECUTE FUNCTION "bump_car_booking_version"();
--> statement-breakpoint
CREATE TRIGGER "bookings_bump_car_booking_version_on_delete" AFTER DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "bump_car_booking_version"();
--> statement-breakpoint
CREATE FUNCTION "bump_every_car_booking_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "car_booking_versions" SET "version" = "version" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_bump_car_booking_version_on_truncate" AFTER TRUNCATE ON "bookings"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_car_booking_version"();
--> statement-breakpoint
-- A row for every car that may already have bookings, so that emptying bookings by hand
-- changes the sum; a car added later gets its row with its first booking.
INSERT INTO "car_booking_versions" ("car_id", "version") SELECT "id", 0 FROM "cars"
  ON CONFLICT DO NOTHING;
