CREATE TABLE "import_category_links" (
	"ext_id" text PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"parent_ext_id" text
);
--> statement-breakpoint
CREATE TABLE "import_picture_failures" (
	"source_url" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_properties" (
	"ext_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_property_values" (
	"ext_id" text PRIMARY KEY NOT NULL,
	"property_ext_id" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "is_placeholder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "article" text;--> statement-breakpoint
ALTER TABLE "import_category_links" ADD CONSTRAINT "import_category_links_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_property_values_property_idx" ON "import_property_values" USING btree ("property_ext_id");--> statement-breakpoint
CREATE INDEX "products_article_idx" ON "products" USING btree ("article");--> statement-breakpoint
-- Placeholders an earlier import stored for goods without a picture (generated silhouettes of imported products).
UPDATE "product_images" SET "is_placeholder" = true WHERE "source_url" IS NULL AND "url" LIKE '/media/p/%' AND "product_id" IN (SELECT "id" FROM "products" WHERE "ext_id" IS NOT NULL);
