ALTER TABLE "payments" ADD COLUMN "purpose" text DEFAULT 'booking' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_of" text;--> statement-breakpoint
CREATE INDEX "payments_refund_of_idx" ON "payments" USING btree ("refund_of") WHERE "payments"."refund_of" is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_check" CHECK ("payments"."purpose" in ('booking','top_up','partial_refund'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_of_check" CHECK (("payments"."purpose" = 'partial_refund') = ("payments"."refund_of" is not null));