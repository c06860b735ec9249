CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"delivery" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"city" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"directions" text DEFAULT '' NOT NULL,
	"hours" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"pickup" boolean DEFAULT false NOT NULL,
	"pickup_days_min" integer DEFAULT 1 NOT NULL,
	"pickup_days_max" integer DEFAULT 2 NOT NULL
);
