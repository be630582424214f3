CREATE TABLE "car_month_days" (
	"month" date NOT NULL,
	"car_id" integer NOT NULL,
	"booked_days" integer DEFAULT 0 NOT NULL,
	"maintenance_days" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "car_month_days_pkey" PRIMARY KEY("month","car_id")
);
--> statement-breakpoint
CREATE TABLE "daily_takings" (
	"day" date PRIMARY KEY NOT NULL,
	"income_pesewas" bigint DEFAULT 0 NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "car_month_days" ADD CONSTRAINT "car_month_days_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE no action ON UPDATE no action;