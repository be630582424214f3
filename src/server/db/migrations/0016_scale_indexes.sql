-- Indexes for a rental company's size after some years (docs/performance.md, PERF-1..PERF-6):
-- every staff list walks an index in its own order, searches use their indexes, the dashboard
-- reads bounded ranges. Drizzle's schema files do not declare them (partial, expression and
-- trigram indexes), like the exclusion constraint of 0001.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The staff bookings page, newest first (rentals only: blocks are shown per car).
CREATE INDEX IF NOT EXISTS "bookings_rental_created_idx" ON "bookings" ("created_at" DESC, "id" DESC) WHERE "kind" = 'rental';
--> statement-breakpoint
-- Search by booking code from its start ('CL-AB…'): a LIKE prefix needs the pattern operator class.
CREATE INDEX IF NOT EXISTS "bookings_booking_code_pattern_idx" ON "bookings" ("booking_code" text_pattern_ops);
--> statement-breakpoint
-- The dashboard's lists: pick-ups on a day, pay-on-pickup waiting for cash, cars out past their end.
CREATE INDEX IF NOT EXISTS "bookings_status_start_idx" ON "bookings" ("status", "start_date");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_active_end_idx" ON "bookings" ("end_date") WHERE "status" = 'active';
--> statement-breakpoint
-- Date-range questions over every status (staff list's from/to, the month's utilisation): the
-- exclusion constraint's index covers live bookings only, so completed ones need their own.
CREATE INDEX IF NOT EXISTS "bookings_days_idx" ON "bookings" USING gist (daterange("start_date", "end_date", '[]'));
--> statement-breakpoint
-- Which cars are busy on some dates (the car list with dates) asks about every car: the
-- exclusion index leads with car_id and answers it only by reading most of itself (~1,100
-- pages at full size); this one, on the same expression and predicate, reads about 15.
CREATE INDEX IF NOT EXISTS "bookings_live_days_idx" ON "bookings" USING gist (daterange("start_date", "end_date", '[]')) WHERE "status" IN ('pending', 'confirmed', 'active');
--> statement-breakpoint
-- The staff customers page, newest first.
CREATE INDEX IF NOT EXISTS "users_renter_created_idx" ON "users" ("created_at" DESC, "id" DESC) WHERE "role" = 'renter';
--> statement-breakpoint
-- Search by any part of a name or a phone number.
CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_msisdn_trgm_idx" ON "users" USING gin ("msisdn" gin_trgm_ops);
--> statement-breakpoint
-- Flagged payments are few: the dashboard lists them newest first, the lists ask "any flagged?".
CREATE INDEX IF NOT EXISTS "payments_flagged_idx" ON "payments" ("created_at" DESC, "id" DESC) WHERE "flagged_reason" IS NOT NULL;
--> statement-breakpoint
-- Takings per day: successful payments by the moment they were paid, with their amount so the
-- sum is read from the index alone.
CREATE INDEX IF NOT EXISTS "payments_success_paid_idx" ON "payments" ((coalesce("paid_at", "created_at"))) INCLUDE ("amount_pesewas") WHERE "status" = 'success';
