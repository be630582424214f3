CREATE TABLE "login_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"msisdn" text NOT NULL,
	"email" text,
	"whatsapp" text,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'renter' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('renter', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "car_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "car_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"car_id" integer NOT NULL,
	"url" text NOT NULL,
	"alt" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cars" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cars_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year" smallint NOT NULL,
	"description" text NOT NULL,
	"body_type" text NOT NULL,
	"transmission" text NOT NULL,
	"fuel_type" text NOT NULL,
	"colour" text NOT NULL,
	"no_of_doors" smallint,
	"seat_capacity" smallint,
	"has_airconditioning" boolean DEFAULT false NOT NULL,
	"has_bluetooth" boolean DEFAULT false NOT NULL,
	"usb_charger" boolean DEFAULT false NOT NULL,
	"price_per_day_pesewas" integer NOT NULL,
	"old_price_pesewas" integer,
	"city" text NOT NULL,
	"lat" double precision NOT NULL,
	"long" double precision NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cars_price_positive_check" CHECK ("cars"."price_per_day_pesewas" > 0),
	CONSTRAINT "cars_body_type_check" CHECK ("cars"."body_type" in ('sedan','suv','hatchback','coupe','convertible','wagon','pickup','van')),
	CONSTRAINT "cars_transmission_check" CHECK ("cars"."transmission" in ('automatic','manual')),
	CONSTRAINT "cars_fuel_type_check" CHECK ("cars"."fuel_type" in ('petrol','diesel','hybrid','electric'))
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_code" text NOT NULL,
	"user_id" integer NOT NULL,
	"car_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"days" smallint NOT NULL,
	"price_per_day_pesewas" integer NOT NULL,
	"line_cost_pesewas" integer NOT NULL,
	"deposit_pesewas" integer NOT NULL,
	"total_pesewas" integer NOT NULL,
	"destination" text NOT NULL,
	"destination_type" smallint NOT NULL,
	"payment_method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_dates_check" CHECK ("bookings"."end_date" >= "bookings"."start_date"),
	CONSTRAINT "bookings_days_check" CHECK ("bookings"."days" between 1 and 90),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('pending','confirmed','active','completed','cancelled')),
	CONSTRAINT "bookings_payment_status_check" CHECK ("bookings"."payment_status" in ('unpaid','pending','paid','failed','refunded')),
	CONSTRAINT "bookings_payment_method_check" CHECK ("bookings"."payment_method" in ('mobile_money','payOnPickup')),
	CONSTRAINT "bookings_destination_type_check" CHECK ("bookings"."destination_type" in (1, 2)),
	CONSTRAINT "bookings_money_check" CHECK ("bookings"."total_pesewas" = "bookings"."line_cost_pesewas" + "bookings"."deposit_pesewas" and "bookings"."line_cost_pesewas" = "bookings"."price_per_day_pesewas" * "bookings"."days")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" smallint NOT NULL,
	"response_body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"amount_pesewas" integer NOT NULL,
	"currency" text DEFAULT 'GHS' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"network" text,
	"wallet_msisdn" text,
	"flagged_reason" text,
	"provider_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending','success','failed','abandoned','refund_pending','refunded'))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_images" ADD CONSTRAINT "car_images_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_msisdn_key" ON "users" USING btree ("msisdn");--> statement-breakpoint
CREATE INDEX "car_images_car_id_position_idx" ON "car_images" USING btree ("car_id","position");--> statement-breakpoint
CREATE INDEX "cars_make_idx" ON "cars" USING btree (lower("make"));--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_booking_code_key" ON "bookings" USING btree ("booking_code");--> statement-breakpoint
CREATE INDEX "bookings_user_id_created_idx" ON "bookings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_car_id_idx" ON "bookings" USING btree ("car_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_key" ON "payments" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payments_booking_id_idx" ON "payments" USING btree ("booking_id");