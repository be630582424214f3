CREATE TABLE "document_deletions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_deletions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_deletions_kind_check" CHECK ("document_deletions"."kind" in ('ghana_card','driving_licence')),
	CONSTRAINT "document_deletions_reason_check" CHECK ("document_deletions"."reason" in ('retention','renter','account_closed'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD COLUMN "held_by" integer;--> statement-breakpoint
ALTER TABLE "document_deletions" ADD CONSTRAINT "document_deletions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_deletions_user_idx" ON "document_deletions" USING btree ("user_id","deleted_at");--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_held_by_users_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_documents_retention_idx" ON "customer_documents" USING btree ("updated_at") WHERE "customer_documents"."held_at" is null;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_hold_check" CHECK (("customer_documents"."held_at" is null) = ("customer_documents"."hold_reason" is null));