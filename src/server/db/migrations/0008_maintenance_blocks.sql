ALTER TABLE "bookings" DROP CONSTRAINT "bookings_payment_method_check";--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "kind" text DEFAULT 'rental' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_kind_check" CHECK ("bookings"."kind" in ('rental','maintenance'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_kind_shape_check" CHECK (("bookings"."kind" = 'rental' and "bookings"."user_id" is not null and "bookings"."payment_method" <> 'none')
        or ("bookings"."kind" = 'maintenance' and "bookings"."user_id" is null and "bookings"."payment_method" = 'none'
          and "bookings"."price_per_day_pesewas" = 0 and "bookings"."deposit_pesewas" = 0 and "bookings"."total_pesewas" = 0
          and "bookings"."status" in ('confirmed','cancelled') and "bookings"."payment_status" = 'unpaid'
          and "bookings"."hold_expires_at" is null));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_method_check" CHECK ("bookings"."payment_method" in ('mobile_money','payOnPickup','none'));