CREATE TABLE "auth_tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auth_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"method" text DEFAULT 'sms' NOT NULL,
	"user_id" integer,
	"msisdn" text NOT NULL,
	"code_id" integer,
	"wrong_tries" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "auth_tickets_purpose_check" CHECK ("auth_tickets"."purpose" in ('login', 'reset')),
	CONSTRAINT "auth_tickets_method_check" CHECK ("auth_tickets"."method" in ('sms')),
	CONSTRAINT "auth_tickets_login_user_check" CHECK ("auth_tickets"."purpose" <> 'login' or "auth_tickets"."user_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "phone_codes" DROP CONSTRAINT "phone_codes_purpose_check";--> statement-breakpoint
ALTER TABLE "auth_tickets" ADD CONSTRAINT "auth_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tickets" ADD CONSTRAINT "auth_tickets_code_id_phone_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."phone_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tickets_ticket_hash_key" ON "auth_tickets" USING btree ("ticket_hash");--> statement-breakpoint
CREATE INDEX "auth_tickets_msisdn_purpose_created_at_idx" ON "auth_tickets" USING btree ("msisdn","purpose","created_at");--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_purpose_check" CHECK ("phone_codes"."purpose" in ('verify', 'reset', 'login'));