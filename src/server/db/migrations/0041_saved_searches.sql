CREATE TABLE "saved_search_openings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_search_openings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"car_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"released_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"make" text,
	"body_type" text,
	"location" text,
	"min_price_pesewas" integer,
	"max_price_pesewas" integer,
	"start_date" date,
	"end_date" date,
	"last_alerted_on" date,
	"alerts_sent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_dates_check" CHECK (("saved_searches"."start_date" is null) = ("saved_searches"."end_date" is null) and "saved_searches"."end_date" >= "saved_searches"."start_date"),
	CONSTRAINT "saved_searches_prices_check" CHECK ("saved_searches"."min_price_pesewas" >= 0 and "saved_searches"."max_price_pesewas" >= "saved_searches"."min_price_pesewas"),
	CONSTRAINT "saved_searches_name_check" CHECK (length("saved_searches"."name") between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "saved_search_openings" ADD CONSTRAINT "saved_search_openings_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_searches_user_id_idx" ON "saved_searches" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "saved_searches_dates_idx" ON "saved_searches" USING btree ("start_date","end_date") WHERE "saved_searches"."start_date" is not null;--> statement-breakpoint
-- SAVED-5: the days a booking stops holding its car, queued for the saved-search alert job in
-- the transaction that frees them, whoever frees them (a renter's or staff's cancellation, an
-- expired or failed hold, a no-show, a maintenance block removed, a trip moved, shortened or
-- ended early, a booking moved to another car). Only days from today on: past days free no one.
-- One small INSERT on the change's own path; the matching and the texts are the job's work.
CREATE FUNCTION "queue_saved_search_openings"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  today date := (now() AT TIME ZONE 'Africa/Accra')::date;
  first_day date;
BEGIN
  IF OLD."status" NOT IN ('pending', 'confirmed', 'active') THEN
    RETURN NULL;
  END IF;
  IF NEW."status" NOT IN ('pending', 'confirmed', 'active') OR NEW."car_id" <> OLD."car_id" THEN
    -- A trip ended at the return frees only the days after today (an early return).
    first_day := greatest(OLD."start_date",
      CASE WHEN NEW."status" = 'completed' THEN today + 1 ELSE today END);
    IF first_day <= OLD."end_date" THEN
      INSERT INTO "saved_search_openings" ("car_id", "start_date", "end_date", "released_by_user_id")
        VALUES (OLD."car_id", first_day, OLD."end_date", OLD."user_id");
    END IF;
    RETURN NULL;
  END IF;
  -- Same car, still held: the old days the new dates no longer cover, before and after them.
  IF OLD."start_date" < NEW."start_date" THEN
    first_day := greatest(OLD."start_date", today);
    IF first_day <= least(OLD."end_date", NEW."start_date" - 1) THEN
      INSERT INTO "saved_search_openings" ("car_id", "start_date", "end_date", "released_by_user_id")
        VALUES (OLD."car_id", first_day, least(OLD."end_date", NEW."start_date" - 1), OLD."user_id");
    END IF;
  END IF;
  IF OLD."end_date" > NEW."end_date" THEN
    first_day := greatest(OLD."start_date", NEW."end_date" + 1, today);
    IF first_day <= OLD."end_date" THEN
      INSERT INTO "saved_search_openings" ("car_id", "start_date", "end_date", "released_by_user_id")
        VALUES (OLD."car_id", first_day, OLD."end_date", OLD."user_id");
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_queue_saved_search_openings" AFTER UPDATE ON "bookings"
  FOR EACH ROW WHEN (
    OLD."status" IS DISTINCT FROM NEW."status"
    OR OLD."car_id" IS DISTINCT FROM NEW."car_id"
    OR OLD."start_date" IS DISTINCT FROM NEW."start_date"
    OR OLD."end_date" IS DISTINCT FROM NEW."end_date"
  ) EXECUTE FUNCTION "queue_saved_search_openings"();
