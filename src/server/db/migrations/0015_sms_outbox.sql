CREATE TABLE "sms_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"booking_id" integer,
	"user_id" integer,
	"recipient" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"provider_id" text,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_outbox_status_check" CHECK ("sms_outbox"."status" in ('queued','sending','sent','delivered','failed','cancelled'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sms_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_outbox_open_due_idx" ON "sms_outbox" USING btree ("due_at") WHERE "sms_outbox"."status" in ('queued','sending');--> statement-breakpoint
CREATE UNIQUE INDEX "sms_outbox_provider_id_key" ON "sms_outbox" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "sms_outbox_booking_id_idx" ON "sms_outbox" USING btree ("booking_id","id");--> statement-breakpoint
CREATE INDEX "sms_outbox_user_id_idx" ON "sms_outbox" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "sms_outbox_failed_idx" ON "sms_outbox" USING btree ("id") WHERE "sms_outbox"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "users_staff_idx" ON "users" USING btree ("id") WHERE "users"."role" = 'staff';