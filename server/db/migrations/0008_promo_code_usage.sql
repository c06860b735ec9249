CREATE TABLE "promo_code_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"promo_code_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"customer_keys" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "first_order_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "per_customer_limit" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "usage_limit" integer;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_code_uses_order_uq" ON "promo_code_uses" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "promo_code_uses_code_idx" ON "promo_code_uses" USING btree ("promo_code_id");--> statement-breakpoint
CREATE INDEX "promo_code_uses_keys_idx" ON "promo_code_uses" USING gin ("customer_keys");
--> statement-breakpoint
-- Issue #12: the organization's promo text says ПЕРВЫЙ is for the first order.
UPDATE "promo_codes" SET "first_order_only" = true, "per_customer_limit" = 1 WHERE "code" = 'ПЕРВЫЙ';