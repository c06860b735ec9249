CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"excerpt" text NOT NULL,
	"body" text NOT NULL,
	"format" text DEFAULT 'markdown' NOT NULL,
	"cover" text NOT NULL,
	"cover_alt" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"place" text NOT NULL,
	"section" text,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"image" text NOT NULL,
	"image_alt" text NOT NULL,
	"link" text NOT NULL,
	"link_text" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"contact_data" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "info_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"title" text NOT NULL,
	"h1" text NOT NULL,
	"description" text NOT NULL,
	"body" text NOT NULL,
	"format" text DEFAULT 'markdown' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instagram_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"image" text NOT NULL,
	"caption" text NOT NULL,
	"link" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "articles_kind_slug_uq" ON "articles" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "articles_kind_date_idx" ON "articles" USING btree ("kind","published_at");--> statement-breakpoint
CREATE INDEX "banners_place_idx" ON "banners" USING btree ("place","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "info_pages_path_uq" ON "info_pages" USING btree ("path");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_email_uq" ON "subscriptions" USING btree ("email");