-- The booking invariant (ARCHITECTURE.md): a car never has two live bookings on overlapping
-- days. Ranges include both ends: a car returned on a day goes to the next renter from the
-- following day, which leaves staff the return day to check and clean it.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap_excl"
  EXCLUDE USING gist ("car_id" WITH =, daterange("start_date", "end_date", '[]') WITH &&)
  WHERE ("status" IN ('pending', 'confirmed', 'active'));
