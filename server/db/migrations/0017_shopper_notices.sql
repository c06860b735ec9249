-- Issue #33 items 2–4: back in stock per size, price drop for favourites, orders in one click
-- (server/db/schema/notices.ts, docs/notices.md).
CREATE TABLE "stock_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"feature_id" integer NOT NULL,
	"email" text NOT NULL,
	"user_id" integer,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_notices" ADD CONSTRAINT "stock_notices_feature_id_offer_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."offer_features"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_notices" ADD CONSTRAINT "stock_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "stock_notices_open_uq" ON "stock_notices" USING btree ("feature_id","email") WHERE "stock_notices"."sent_at" is null;
--> statement-breakpoint
CREATE INDEX "stock_notices_due_idx" ON "stock_notices" USING btree ("due_at") WHERE "stock_notices"."sent_at" is null and "stock_notices"."due_at" is not null;
--> statement-breakpoint
CREATE INDEX "stock_notices_user_idx" ON "stock_notices" USING btree ("user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "stock_notices_token_uq" ON "stock_notices" USING btree ("confirm_token_hash");
--> statement-breakpoint
CREATE TABLE "favorite_prices" (
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	CONSTRAINT "favorite_prices_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "favorite_prices" ADD CONSTRAINT "favorite_prices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "favorite_prices" ADD CONSTRAINT "favorite_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "price_drop_mails" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_drop_mails" ADD CONSTRAINT "price_drop_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "notice_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Item 2: whoever changes stock (checkout, reservation expiry, 1C exchange, YML import, an
-- operator's SQL), a size going from 0 to more than 0 makes its confirmed, open subscriptions due.
-- One statement-level trigger per UPDATE statement, like the change events of migration 0010.
CREATE FUNCTION stock_notices_mark_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stock_notices n SET due_at = now()
  FROM new_rows nr JOIN old_rows orow ON orow.id = nr.id
  WHERE n.feature_id = nr.id AND orow.stock <= 0 AND nr.stock > 0
    AND n.sent_at IS NULL AND n.due_at IS NULL AND n.confirmed_at IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_notices_due AFTER UPDATE ON offer_features REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_notices_mark_due();
--> statement-breakpoint
-- Item 3: the price a shopper saw when adding a favourite, the base of "fell by 10 %".
CREATE FUNCTION favorite_prices_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO favorite_prices (user_id, product_id, price)
    SELECT f.user_id, f.product_id, p.price FROM new_rows f JOIN products p ON p.id = f.product_id
  ON CONFLICT (user_id, product_id) DO UPDATE SET price = excluded.price;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER favorite_prices_seen AFTER INSERT ON favorites REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION favorite_prices_note();
--> statement-breakpoint
INSERT INTO favorite_prices (user_id, product_id, price)
  SELECT f.user_id, f.product_id, p.price FROM favorites f JOIN products p ON p.id = f.product_id
ON CONFLICT DO NOTHING;
