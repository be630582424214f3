CREATE TABLE "customer_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"file_key" text NOT NULL,
	"ghana_card_pin" text,
	"date_of_birth" date,
	"licence_number" text,
	"licence_expiry" date,
	"rejection_reason" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_documents_kind_check" CHECK ("customer_documents"."kind" in ('ghana_card','driving_licence')),
	CONSTRAINT "customer_documents_status_check" CHECK ("customer_documents"."status" in ('pending','verified','rejected')),
	CONSTRAINT "customer_documents_shape_check" CHECK (("customer_documents"."kind" = 'ghana_card' and "customer_documents"."ghana_card_pin" is not null and "customer_documents"."date_of_birth" is not null
          and "customer_documents"."licence_number" is null and "customer_documents"."licence_expiry" is null)
        or ("customer_documents"."kind" = 'driving_licence' and "customer_documents"."licence_number" is not null and "customer_documents"."licence_expiry" is not null
          and "customer_documents"."ghana_card_pin" is null and "customer_documents"."date_of_birth" is null)),
	CONSTRAINT "customer_documents_reason_check" CHECK (("customer_documents"."status" = 'rejected') = ("customer_documents"."rejection_reason" is not null)),
	CONSTRAINT "customer_documents_file_key_check" CHECK ("customer_documents"."file_key" ~ '^[a-f0-9]{24}$')
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"car_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"hidden_at" timestamp with time zone,
	"hidden_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_comment_check" CHECK ("reviews"."comment" is null or length("reviews"."comment") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_documents_user_kind_key" ON "customer_documents" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "customer_documents_pending_idx" ON "customer_documents" USING btree ("updated_at") WHERE "customer_documents"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_booking_id_key" ON "reviews" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "reviews_car_visible_idx" ON "reviews" USING btree ("car_id","created_at") WHERE "reviews"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_visible_idx" ON "reviews" USING btree ("created_at") WHERE "reviews"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at");