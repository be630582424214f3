CREATE TABLE "tax_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tin" text,
	"lines" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "tax_settings_lines_check" CHECK (jsonb_typeof("tax_settings"."lines") = 'array')
);
--> statement-breakpoint
ALTER TABLE "tax_settings" ADD CONSTRAINT "tax_settings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_settings_created_at_idx" ON "tax_settings" USING btree ("created_at","id");