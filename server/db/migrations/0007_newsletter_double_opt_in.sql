CREATE TABLE "subscription_confirmations" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "active" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "unsubscribe_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_confirmations_hash_uq" ON "subscription_confirmations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "subscription_confirmations_email_idx" ON "subscription_confirmations" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_unsubscribe_token_uq" ON "subscriptions" USING btree ("unsubscribe_token");