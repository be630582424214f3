CREATE TABLE "branches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "branches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"town" text NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"opens" text DEFAULT '07:00' NOT NULL,
	"closes" text DEFAULT '21:00' NOT NULL,
	"is_airport" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branches_opens_check" CHECK ("branches"."opens" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "branches_closes_check" CHECK ("branches"."closes" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "branches_hours_check" CHECK ("branches"."opens" < "branches"."closes")
);
--> statement-breakpoint
CREATE TABLE "extra_prices" (
	"key" text PRIMARY KEY NOT NULL,
	"amount_pesewas" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "extra_prices_amount_check" CHECK ("extra_prices"."amount_pesewas" >= 0),
	CONSTRAINT "extra_prices_key_check" CHECK ("extra_prices"."key" in ('chauffeur_per_day','out_of_station_per_day','child_seat_per_day','delivery_fee','airport_fee'))
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_money_check";--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "weekly_price_pesewas" integer;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "deposit_pesewas" integer DEFAULT 20000 NOT NULL;--> statement-breakpoint
-- The company's three pickup places (BRANCH-1). Every existing car stood at the first office,
-- East Legon, so it starts there; staff move cars afterwards.
INSERT INTO "branches" ("name", "town", "address", "phone", "opens", "closes", "is_airport")
VALUES
  ('East Legon office', 'Accra', '14 Lagos Avenue, East Legon, Accra', '+233302000111', '07:00', '21:00', false),
  ('Kotoka International Airport', 'Accra', 'Arrivals hall, Terminal 3, Kotoka International Airport, Accra', '+233302000222', '07:00', '21:00', true),
  ('Kumasi office', 'Kumasi', '5 Harper Road, Adum, Kumasi', '+233322000333', '07:00', '21:00', false);--> statement-breakpoint
-- Default prices of the extras in pesewas (PRICE-3, PRICE-4); staff change them.
INSERT INTO "extra_prices" ("key", "amount_pesewas") VALUES
  ('chauffeur_per_day', 15000),
  ('out_of_station_per_day', 10000),
  ('child_seat_per_day', 3000),
  ('delivery_fee', 8000),
  ('airport_fee', 5000);--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "branch_id" integer;--> statement-breakpoint
UPDATE "cars" SET "branch_id" = (SELECT "id" FROM "branches" WHERE "name" = 'East Legon office');--> statement-breakpoint
ALTER TABLE "cars" ALTER COLUMN "branch_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "discount_pesewas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "extras_pesewas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "branch_id" integer;--> statement-breakpoint
UPDATE "bookings" b SET "branch_id" = c."branch_id" FROM "cars" c WHERE c."id" = b."car_id";--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "branch_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "pickup_time" text DEFAULT '09:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "return_time" text DEFAULT '09:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "chauffeur" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "child_seat" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "delivery_address" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Earlier rentals were the car's days and the deposit: their lines say so (PRICE-6).
UPDATE "bookings" SET "lines" = jsonb_build_array(
    jsonb_build_object('label', format('Car rental (%s day%s)', "days", CASE WHEN "days" = 1 THEN '' ELSE 's' END), 'amount_pesewas', "line_cost_pesewas"),
    jsonb_build_object('label', 'Security deposit (refundable)', 'amount_pesewas', "deposit_pesewas"))
  WHERE "kind" = 'rental';--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cars_branch_id_idx" ON "cars" USING btree ("branch_id");--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_weekly_price_check" CHECK ("cars"."weekly_price_pesewas" is null or ("cars"."weekly_price_pesewas" > 0 and "cars"."weekly_price_pesewas" < 7 * "cars"."price_per_day_pesewas"));--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_deposit_check" CHECK ("cars"."deposit_pesewas" >= 0);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_pickup_time_check" CHECK ("bookings"."pickup_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_return_time_check" CHECK ("bookings"."return_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_money_check" CHECK ("bookings"."total_pesewas" = "bookings"."line_cost_pesewas" - "bookings"."discount_pesewas" + "bookings"."extras_pesewas" + "bookings"."deposit_pesewas" and "bookings"."line_cost_pesewas" = "bookings"."price_per_day_pesewas" * "bookings"."days"
        and "bookings"."discount_pesewas" >= 0 and "bookings"."discount_pesewas" <= "bookings"."line_cost_pesewas" and "bookings"."extras_pesewas" >= 0);