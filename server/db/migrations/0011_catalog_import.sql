CREATE TABLE "import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"input" text NOT NULL,
	"status" text NOT NULL,
	"report" jsonb,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_exchange" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone,
	"exported_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "ext_id" text;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ext_id" text;--> statement-breakpoint
ALTER TABLE "order_exchange" ADD CONSTRAINT "order_exchange_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_ext_id_uq" ON "categories" USING btree ("ext_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_ext_id_uq" ON "products" USING btree ("ext_id");