CREATE TABLE "handover_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "handover_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"handover_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handover_photos_file_key_check" CHECK ("handover_photos"."file_key" ~ '^[a-f0-9]{24}$')
);
--> statement-breakpoint
CREATE TABLE "handovers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "handovers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"odometer_km" integer NOT NULL,
	"fuel_eighths" smallint NOT NULL,
	"damage_notes" text,
	"staff_id" integer,
	"documents_override" text,
	"deposit_pesewas" integer,
	"deposit_method" text,
	"minutes_late" integer,
	"late_fee_pesewas" integer,
	"kept_lines" jsonb,
	"kept_pesewas" integer,
	"returned_pesewas" integer,
	"returned_method" text,
	"counter_pesewas" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handovers_kind_check" CHECK ("handovers"."kind" in ('pickup','return')),
	CONSTRAINT "handovers_odometer_check" CHECK ("handovers"."odometer_km" between 0 and 2000000),
	CONSTRAINT "handovers_fuel_check" CHECK ("handovers"."fuel_eighths" between 0 and 8),
	CONSTRAINT "handovers_pickup_shape_check" CHECK ("handovers"."kind" <> 'pickup' or ("handovers"."deposit_pesewas" >= 0 and "handovers"."deposit_method" in ('cash','mobile_money'))),
	CONSTRAINT "handovers_return_shape_check" CHECK ("handovers"."kind" <> 'return' or ("handovers"."minutes_late" >= 0 and "handovers"."late_fee_pesewas" >= 0
        and "handovers"."kept_pesewas" >= 0 and "handovers"."returned_pesewas" >= 0 and "handovers"."counter_pesewas" >= 0
        and "handovers"."kept_lines" is not null and "handovers"."returned_method" in ('cash','mobile_money')))
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_purpose_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "deposit_state" text;--> statement-breakpoint
ALTER TABLE "handover_photos" ADD CONSTRAINT "handover_photos_handover_id_handovers_id_fk" FOREIGN KEY ("handover_id") REFERENCES "public"."handovers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_photos" ADD CONSTRAINT "handover_photos_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handover_photos_handover_idx" ON "handover_photos" USING btree ("handover_id");--> statement-breakpoint
CREATE UNIQUE INDEX "handovers_booking_kind_key" ON "handovers" USING btree ("booking_id","kind");--> statement-breakpoint
CREATE INDEX "handovers_return_at_idx" ON "handovers" USING btree ("at") WHERE "handovers"."kind" = 'return';--> statement-breakpoint
CREATE INDEX "bookings_deposit_held_idx" ON "bookings" USING btree ("id") WHERE "bookings"."deposit_state" = 'held';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_deposit_state_check" CHECK ("bookings"."deposit_state" in ('held','returned','partly_kept','kept'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_check" CHECK ("payments"."purpose" in ('booking','top_up','partial_refund','late_fee'));