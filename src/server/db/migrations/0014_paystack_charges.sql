CREATE TABLE "paystack_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "paystack_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"body_sha256" text NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"leased_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "charge_step" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "display_text" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_note" text;--> statement-breakpoint
ALTER TABLE "sandbox_transactions" ADD COLUMN "step" text DEFAULT 'pay_offline' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "paystack_events_body_key" ON "paystack_events" USING btree ("body_sha256");--> statement-breakpoint
CREATE INDEX "paystack_events_open_idx" ON "paystack_events" USING btree ("received_at") WHERE "paystack_events"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "payments_wallet_created_idx" ON "payments" USING btree ("wallet_msisdn","created_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending','success','failed','abandoned','refund_pending','refunded','reversed'));