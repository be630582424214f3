-- The staff dashboard at a company's size (PERF-5, decision 016's addendum of 2026-11-27):
-- figures kept by triggers in the same transaction as the rows they count (tables of 0027),
-- so the dashboard reads about 60 days and 2,000 cars' months instead of recounting.
--
-- Revenue: two months of payments (about 69,000 at full size), each joined to its booking for
-- the deposit it carries (HAND-9), cost a sequential scan of bookings per dashboard. Each Accra
-- day's income is kept in daily_takings instead, as payments and bookings' deposits change.
-- The day is Accra's (BUSINESS_TIME_ZONE in src/shared/constants.ts).
CREATE FUNCTION "count_takings"("paid" timestamptz, "amount" integer, "purpose" text, "booking" integer, "sign" integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "deposit" integer := 0;
BEGIN
  IF "purpose" = 'booking' THEN
    -- A concurrent change of the booking's deposit commits first and is read here, or waits
    -- for this transaction and then finds this payment (bookings_keep_takings). FOR NO KEY
    -- UPDATE, the lock the booking's own UPDATE takes, not FOR SHARE: a payment is recorded
    -- with a change of its booking in the same transaction (cash, a return), and two such
    -- transactions each holding a share lock and then updating the booking would deadlock.
    -- With this lock the second waits, then finds the booking moved on (409, not 500).
    SELECT least(b."deposit_pesewas", "amount") INTO "deposit"
      FROM "bookings" b WHERE b."id" = "booking" FOR NO KEY UPDATE;
  END IF;
  INSERT INTO "daily_takings" AS t ("day", "income_pesewas", "payments")
  VALUES (("paid" AT TIME ZONE 'Africa/Accra')::date, "sign" * ("amount" - coalesce("deposit", 0)), "sign")
  ON CONFLICT ("day") DO UPDATE
    SET "income_pesewas" = t."income_pesewas" + excluded."income_pesewas",
        "payments" = t."payments" + excluded."payments";
END $$;
--> statement-breakpoint
-- A successful payment counts on its day; one that stops being successful (refunded) or moves
-- comes off the day it counted on.
CREATE FUNCTION "payments_keep_takings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."status" = 'success' THEN
    PERFORM "count_takings"(coalesce(OLD."paid_at", OLD."created_at"), OLD."amount_pesewas", OLD."purpose", OLD."booking_id", -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."status" = 'success' THEN
    PERFORM "count_takings"(coalesce(NEW."paid_at", NEW."created_at"), NEW."amount_pesewas", NEW."purpose", NEW."booking_id", 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only rows that are or were successful call the function: attempts cost nothing more.
CREATE TRIGGER "payments_keep_takings_insert" AFTER INSERT ON "payments"
  FOR EACH ROW WHEN (NEW."status" = 'success') EXECUTE FUNCTION "payments_keep_takings"();
--> statement-breakpoint
CREATE TRIGGER "payments_keep_takings_update" AFTER UPDATE ON "payments"
  FOR EACH ROW WHEN ((OLD."status" = 'success' OR NEW."status" = 'success') AND
    (OLD."status", OLD."amount_pesewas", OLD."purpose", OLD."booking_id", coalesce(OLD."paid_at", OLD."created_at"))
    IS DISTINCT FROM
    (NEW."status", NEW."amount_pesewas", NEW."purpose", NEW."booking_id", coalesce(NEW."paid_at", NEW."created_at")))
  EXECUTE FUNCTION "payments_keep_takings"();
--> statement-breakpoint
CREATE TRIGGER "payments_keep_takings_delete" AFTER DELETE ON "payments"
  FOR EACH ROW WHEN (OLD."status" = 'success') EXECUTE FUNCTION "payments_keep_takings"();
--> statement-breakpoint
-- A change that moves a booking's deposit (BOOK-18) moves the income of its paid 'booking'
-- payments on their days.
CREATE FUNCTION "bookings_keep_takings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "daily_takings" AS t ("day", "income_pesewas", "payments")
  SELECT (coalesce(p."paid_at", p."created_at") AT TIME ZONE 'Africa/Accra')::date,
    sum(least(OLD."deposit_pesewas", p."amount_pesewas") - least(NEW."deposit_pesewas", p."amount_pesewas")), 0
  FROM "payments" p
  WHERE p."booking_id" = NEW."id" AND p."status" = 'success' AND p."purpose" = 'booking'
  GROUP BY 1
  ON CONFLICT ("day") DO UPDATE SET "income_pesewas" = t."income_pesewas" + excluded."income_pesewas";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bookings_keep_takings" AFTER UPDATE OF "deposit_pesewas" ON "bookings"
  FOR EACH ROW WHEN (OLD."deposit_pesewas" IS DISTINCT FROM NEW."deposit_pesewas")
  EXECUTE FUNCTION "bookings_keep_takings"();
--> statement-breakpoint
-- Utilisation: the month's held days of about 14,000 bookings at full size were summed per
-- dashboard. car_month_days keeps each car's held days per month instead. Bookings of a car
-- are written under its row lock (booking-lifecycle.ts), so its rows here add no waiting.
CREATE FUNCTION "booking_holds_days"("kind" text, "status" text, "hold_expires_at" timestamptz)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT ("kind" = 'rental' AND ("status" IN ('confirmed', 'active', 'completed')
           OR ("status" = 'pending' AND "hold_expires_at" IS NULL)))
      OR ("kind" = 'maintenance' AND "status" = 'confirmed')
$$;
--> statement-breakpoint
-- Adds (sign 1) or takes off (-1) a booking's days, both ends included, to each month they fall in.
CREATE FUNCTION "count_car_days"("car" integer, "kind" text, "first" date, "last" date, "sign" integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "car_month_days" AS t ("month", "car_id", "booked_days", "maintenance_days")
  SELECT m.s, "car",
    CASE WHEN "kind" = 'rental' THEN "sign" * (least("last", m.e) - greatest("first", m.s) + 1) ELSE 0 END,
    CASE WHEN "kind" = 'maintenance' THEN "sign" * (least("last", m.e) - greatest("first", m.s) + 1) ELSE 0 END
  FROM (
    SELECT g::date AS s, (g + interval '1 month')::date - 1 AS e
    FROM generate_series(date_trunc('month', "first"::timestamp), "last"::timestamp, interval '1 month') g
  ) m
  ON CONFLICT ("month", "car_id") DO UPDATE
    SET "booked_days" = t."booked_days" + excluded."booked_days",
        "maintenance_days" = t."maintenance_days" + excluded."maintenance_days";
$$;
--> statement-breakpoint
CREATE FUNCTION "bookings_keep_car_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND "booking_holds_days"(OLD."kind", OLD."status", OLD."hold_expires_at") THEN
    PERFORM "count_car_days"(OLD."car_id", OLD."kind", OLD."start_date", OLD."end_date", -1);
  END IF;
  IF TG_OP <> 'DELETE' AND "booking_holds_days"(NEW."kind", NEW."status", NEW."hold_expires_at") THEN
    PERFORM "count_car_days"(NEW."car_id", NEW."kind", NEW."start_date", NEW."end_date", 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only a write that changes what or whether a booking counts calls the function.
CREATE TRIGGER "bookings_keep_car_days_insert" AFTER INSERT ON "bookings"
  FOR EACH ROW WHEN ("booking_holds_days"(NEW."kind", NEW."status", NEW."hold_expires_at"))
  EXECUTE FUNCTION "bookings_keep_car_days"();
--> statement-breakpoint
CREATE TRIGGER "bookings_keep_car_days_update" AFTER UPDATE ON "bookings"
  FOR EACH ROW WHEN (
    (OLD."kind", OLD."car_id", OLD."start_date", OLD."end_date", "booking_holds_days"(OLD."kind", OLD."status", OLD."hold_expires_at"))
    IS DISTINCT FROM
    (NEW."kind", NEW."car_id", NEW."start_date", NEW."end_date", "booking_holds_days"(NEW."kind", NEW."status", NEW."hold_expires_at")))
  EXECUTE FUNCTION "bookings_keep_car_days"();
--> statement-breakpoint
CREATE TRIGGER "bookings_keep_car_days_delete" AFTER DELETE ON "bookings"
  FOR EACH ROW WHEN ("booking_holds_days"(OLD."kind", OLD."status", OLD."hold_expires_at"))
  EXECUTE FUNCTION "bookings_keep_car_days"();
--> statement-breakpoint
-- The mobile money holds still open, which the dashboard counts live: few at any time.
CREATE INDEX "bookings_open_holds_idx" ON "bookings" ("hold_expires_at") WHERE "status" = 'pending' AND "hold_expires_at" IS NOT NULL;
--> statement-breakpoint
-- Both tables from the rows themselves: here for what exists, by the scale bench after loading
-- rows with triggers off, and by the test that checks the triggers against a recount.
CREATE FUNCTION "recount_dashboard_figures"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "daily_takings";
  INSERT INTO "daily_takings" ("day", "income_pesewas", "payments")
  SELECT (coalesce(p."paid_at", p."created_at") AT TIME ZONE 'Africa/Accra')::date,
    sum(p."amount_pesewas" - CASE WHEN p."purpose" = 'booking' THEN least(b."deposit_pesewas", p."amount_pesewas") ELSE 0 END),
    count(*)
  FROM "payments" p JOIN "bookings" b ON b."id" = p."booking_id"
  WHERE p."status" = 'success'
  GROUP BY 1;
  DELETE FROM "car_month_days";
  INSERT INTO "car_month_days" ("month", "car_id", "booked_days", "maintenance_days")
  SELECT m.s, b."car_id",
    coalesce(sum(least(b."end_date", m.e) - greatest(b."start_date", m.s) + 1) FILTER (WHERE b."kind" = 'rental'), 0),
    coalesce(sum(least(b."end_date", m.e) - greatest(b."start_date", m.s) + 1) FILTER (WHERE b."kind" = 'maintenance'), 0)
  FROM "bookings" b
  CROSS JOIN LATERAL (
    SELECT g::date AS s, (g + interval '1 month')::date - 1 AS e
    FROM generate_series(date_trunc('month', b."start_date"::timestamp), b."end_date"::timestamp, interval '1 month') g
  ) m
  WHERE "booking_holds_days"(b."kind", b."status", b."hold_expires_at")
  GROUP BY 1, 2;
$$;
--> statement-breakpoint
SELECT "recount_dashboard_figures"();
--> statement-breakpoint
-- Returns due: all of today's (about 1,000 at full size) have the same end date, so the order
-- needs the id too, or every one of them is joined and sorted before the first 50 are taken.
DROP INDEX IF EXISTS "bookings_active_end_idx";
--> statement-breakpoint
CREATE INDEX "bookings_active_end_idx" ON "bookings" ("end_date", "id") WHERE "status" = 'active';
