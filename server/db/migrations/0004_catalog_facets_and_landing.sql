CREATE TABLE "landing_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"h1" text NOT NULL,
	"description" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"category_path" text,
	"filter" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "landing_pages_slug_uq" ON "landing_pages" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "offer_features_instock_idx" ON "offer_features" USING btree ("offer_id","name") WHERE "offer_features"."stock" > 0;--> statement-breakpoint
CREATE INDEX "offers_color_product_idx" ON "offers" USING btree ("color_id","product_id");--> statement-breakpoint
CREATE INDEX "products_category_popularity_idx" ON "products" USING btree ("category_id","popularity" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category_id","price","id");--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "products_material_idx" ON "products" USING btree ("material");--> statement-breakpoint
CREATE INDEX "products_sale_idx" ON "products" USING btree ("category_id") WHERE "products"."old_price" is not null;--> statement-breakpoint
CREATE INDEX "products_new_idx" ON "products" USING btree ("category_id") WHERE "products"."is_new";--> statement-breakpoint
CREATE INDEX "products_discount_idx" ON "products" USING btree (coalesce(("old_price" - "price") / "old_price", 0) desc,"id");