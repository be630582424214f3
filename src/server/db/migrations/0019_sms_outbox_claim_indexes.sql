DROP INDEX "sms_outbox_open_due_idx";--> statement-breakpoint
DROP INDEX "sms_outbox_provider_id_key";--> statement-breakpoint
CREATE INDEX "sms_outbox_queued_due_idx" ON "sms_outbox" USING btree ("due_at") WHERE "sms_outbox"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "sms_outbox_sending_lease_idx" ON "sms_outbox" USING btree ("lease_until") WHERE "sms_outbox"."status" = 'sending';--> statement-breakpoint
CREATE UNIQUE INDEX "sms_outbox_provider_id_key" ON "sms_outbox" USING btree ("provider_id") WHERE "sms_outbox"."provider_id" is not null;