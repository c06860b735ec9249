-- Issue #32: what the operator console adds to content, promotions and the catalogue.
-- Banners are shown between optional dates and can be switched off without being deleted.
ALTER TABLE "banners" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "date_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "date_to" timestamp with time zone;--> statement-breakpoint
-- A promo code may start on a date, not only end on one.
ALTER TABLE "promo_codes" ADD COLUMN "valid_from" timestamp with time zone;--> statement-breakpoint
-- A blocked gift certificate pays nothing (its balance stays for the record).
ALTER TABLE "gift_cards" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
-- A product hidden by the shop leaves listings, search and its page; 1C stays the master of the rest.
ALTER TABLE "products" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Content change events: rows of kind 'content' name the storefront cache tag to expire
-- (server/services/change-events.ts), written by the console in the same transaction as the change.
ALTER TABLE "catalog_changes" ADD COLUMN "tag" text;
