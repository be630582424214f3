-- The dashboard counts each thing once (STAFF-7, HAND-13).
--
-- Utilisation (STAFF-7): a rental's days are end − start, as its price counts them; its held
-- range includes both ends (the exclusion constraint's, BOOK-3), but the return day is the
-- day it ends, not one more day rented; a same-day rental is 1 day (MONEY-3). 0030 counted
-- the held range, one car-day too many per rental. Maintenance blocks keep both ends
-- (STAFF-4: the car is off the road on the last day). 0030's triggers call these functions
-- by name, so replacing them is enough; the recount at the end corrects what is kept.
CREATE OR REPLACE FUNCTION "count_car_days"("car" integer, "kind" text, "first" date, "last" date, "sign" integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "car_month_days" AS t ("month", "car_id", "booked_days", "maintenance_days")
  SELECT m.s, "car",
    CASE WHEN "kind" = 'rental' THEN "sign" * (least(m.upto, m.e) - greatest("first", m.s) + 1) ELSE 0 END,
    CASE WHEN "kind" = 'maintenance' THEN "sign" * (least(m.upto, m.e) - greatest("first", m.s) + 1) ELSE 0 END
  FROM (
    SELECT g::date AS s, (g + interval '1 month')::date - 1 AS e, d.upto
    FROM (SELECT CASE WHEN "kind" = 'rental' THEN greatest("last" - 1, "first") ELSE "last" END AS upto) d
    CROSS JOIN generate_series(date_trunc('month', "first"::timestamp), d.upto::timestamp, interval '1 month') g
  ) m
  WHERE m.upto >= "first"
  ON CONFLICT ("month", "car_id") DO UPDATE
    SET "booked_days" = t."booked_days" + excluded."booked_days",
        "maintenance_days" = t."maintenance_days" + excluded."maintenance_days";
$$;
--> statement-breakpoint
-- Charges at the return (HAND-13): the late fee, staff's lines and the rental's balance are
-- income on the return's day, in full. What the renter paid beyond the deposit comes in as
-- late_fee and balance payments, counted by 0030's triggers; the part the deposit paid
-- (kept_pesewas) was counted nowhere but in the deposits' "kept", so one damage charge was
-- part income and part kept deposit. It is added to the return's day here; the deposits'
-- figures still say where the deposit went, marked as counted in income.
CREATE FUNCTION "handovers_keep_takings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."kind" = 'return' AND coalesce(OLD."kept_pesewas", 0) <> 0 THEN
    INSERT INTO "daily_takings" AS t ("day", "income_pesewas", "payments")
    VALUES ((OLD."at" AT TIME ZONE 'Africa/Accra')::date, -OLD."kept_pesewas", 0)
    ON CONFLICT ("day") DO UPDATE SET "income_pesewas" = t."income_pesewas" + excluded."income_pesewas";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."kind" = 'return' AND coalesce(NEW."kept_pesewas", 0) <> 0 THEN
    INSERT INTO "daily_takings" AS t ("day", "income_pesewas", "payments")
    VALUES ((NEW."at" AT TIME ZONE 'Africa/Accra')::date, NEW."kept_pesewas", 0)
    ON CONFLICT ("day") DO UPDATE SET "income_pesewas" = t."income_pesewas" + excluded."income_pesewas";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "handovers_keep_takings" AFTER INSERT OR DELETE OR UPDATE OF "kind", "at", "kept_pesewas" ON "handovers"
  FOR EACH ROW EXECUTE FUNCTION "handovers_keep_takings"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "recount_dashboard_figures"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "daily_takings";
  INSERT INTO "daily_takings" ("day", "income_pesewas", "payments")
  SELECT x."day", sum(x."income"), sum(x."n")
  FROM (
    SELECT (coalesce(p."paid_at", p."created_at") AT TIME ZONE 'Africa/Accra')::date AS "day",
      p."amount_pesewas" - CASE WHEN p."purpose" = 'booking' THEN least(b."deposit_pesewas", p."amount_pesewas") ELSE 0 END AS "income",
      1 AS "n"
    FROM "payments" p JOIN "bookings" b ON b."id" = p."booking_id"
    WHERE p."status" = 'success'
    UNION ALL
    SELECT (h."at" AT TIME ZONE 'Africa/Accra')::date, h."kept_pesewas", 0
    FROM "handovers" h
    WHERE h."kind" = 'return' AND coalesce(h."kept_pesewas", 0) <> 0
  ) x
  GROUP BY 1;
  DELETE FROM "car_month_days";
  INSERT INTO "car_month_days" ("month", "car_id", "booked_days", "maintenance_days")
  SELECT m.s, b."car_id",
    coalesce(sum(least(d.upto, m.e) - greatest(b."start_date", m.s) + 1) FILTER (WHERE b."kind" = 'rental'), 0),
    coalesce(sum(least(d.upto, m.e) - greatest(b."start_date", m.s) + 1) FILTER (WHERE b."kind" = 'maintenance'), 0)
  FROM "bookings" b
  CROSS JOIN LATERAL (
    SELECT CASE WHEN b."kind" = 'rental' THEN greatest(b."end_date" - 1, b."start_date") ELSE b."end_date" END AS upto
  ) d
  CROSS JOIN LATERAL (
    SELECT g::date AS s, (g + interval '1 month')::date - 1 AS e
    FROM generate_series(date_trunc('month', b."start_date"::timestamp), d.upto::timestamp, interval '1 month') g
  ) m
  WHERE "booking_holds_days"(b."kind", b."status", b."hold_expires_at") AND d.upto >= b."start_date"
  GROUP BY 1, 2;
$$;
--> statement-breakpoint
SELECT "recount_dashboard_figures"();
