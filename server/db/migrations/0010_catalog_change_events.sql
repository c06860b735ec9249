CREATE TABLE "catalog_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer,
	"kind" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalog_changes_changed_at_idx" ON "catalog_changes" USING btree ("changed_at");--> statement-breakpoint
-- Issue #13: every statement that changes what the catalogue shows writes the products it touched
-- into catalog_changes and notifies 'catalog_changes' at commit (server/services/change-events.ts).
-- Statement-level triggers with transition tables: a bulk UPDATE of 10,000 rows is one trigger
-- call and one notification.
CREATE FUNCTION catalog_note_products() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO catalog_changes (product_id, kind) SELECT DISTINCT id, 'product' FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO catalog_changes (product_id, kind) SELECT DISTINCT id, 'product' FROM old_rows;
  ELSE
    INSERT INTO catalog_changes (product_id, kind) SELECT id, 'product' FROM new_rows UNION SELECT id, 'product' FROM old_rows;
  END IF;
  GET DIAGNOSTICS n = ROW_COUNT;
  IF n > 0 THEN PERFORM pg_notify('catalog_changes', ''); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- offers and product_images name their product in product_id.
CREATE FUNCTION catalog_note_product_children() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO catalog_changes (product_id, kind) SELECT DISTINCT product_id, 'product' FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO catalog_changes (product_id, kind) SELECT DISTINCT product_id, 'product' FROM old_rows;
  ELSE
    INSERT INTO catalog_changes (product_id, kind) SELECT product_id, 'product' FROM new_rows UNION SELECT product_id, 'product' FROM old_rows;
  END IF;
  GET DIAGNOSTICS n = ROW_COUNT;
  IF n > 0 THEN PERFORM pg_notify('catalog_changes', ''); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Sizes: an UPDATE that changes only stock is a "stock" change (the index reloads that product's
-- sizes); anything else about a size is a "product" change.
CREATE FUNCTION catalog_note_sizes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO catalog_changes (product_id, kind)
      SELECT DISTINCT o.product_id, 'product' FROM new_rows f JOIN offers o ON o.id = f.offer_id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO catalog_changes (product_id, kind)
      SELECT DISTINCT o.product_id, 'product' FROM old_rows f JOIN offers o ON o.id = f.offer_id;
  ELSE
    INSERT INTO catalog_changes (product_id, kind)
      SELECT o.product_id,
             CASE WHEN bool_or((to_jsonb(nr) - 'stock') IS DISTINCT FROM (to_jsonb(orow) - 'stock')) THEN 'product' ELSE 'stock' END
      FROM new_rows nr JOIN old_rows orow ON orow.id = nr.id JOIN offers o ON o.id = nr.offer_id
      WHERE to_jsonb(nr) IS DISTINCT FROM to_jsonb(orow)
      GROUP BY o.product_id;
  END IF;
  GET DIAGNOSTICS n = ROW_COUNT;
  IF n > 0 THEN PERFORM pg_notify('catalog_changes', ''); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Brands, categories, colours, tags: everything may show differently.
CREATE FUNCTION catalog_note_catalog() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_changes (product_id, kind) VALUES (NULL, 'catalog');
  PERFORM pg_notify('catalog_changes', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER catalog_changes_ins AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_note_products();
--> statement-breakpoint
CREATE TRIGGER catalog_changes_upd AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_note_products();
--> statement-breakpoint
CREATE TRIGGER catalog_changes_del AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_note_products();
--> statement-breakpoint
CREATE TRIGGER catalog_changes_ins AFTER INSERT ON offers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_note_product_children();
--> statement-breakpoint
CREATE TRIGGER catalog_changes_upd AFTER UPDATE ON offers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_note_product_children();
--> statement-breakpoint
CREATE TRIGGER catalog_changes_del AFTER DELETE ON offers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_note_product_children();
--> statement-breakpoint
CREATE TRIGGER catalog_changes_ins AFTER INSERT ON product_images REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_note_product_children();
--> statement-breakpoint
CREATE TRIGGER catalog_changes_upd AFTER UPDATE ON product_images REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_note_product_children();
--> statement-breakpoint
CREATE TRIGGER catalog_changes_del AFTER DELETE ON product_images REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_note_product_children();
--> statement-breakpoint
CREATE TRIGGER catalog_changes_ins AFTER INSERT ON offer_features REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_note_sizes();
--> statement-breakpoint
CREATE TRIGGER catalog_changes_upd AFTER UPDATE ON offer_features REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_note_sizes();
--> statement-breakpoint
CREATE TRIGGER catalog_changes_del AFTER DELETE ON offer_features REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_note_sizes();
--> statement-breakpoint
CREATE TRIGGER catalog_changes_any AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brands FOR EACH STATEMENT EXECUTE FUNCTION catalog_note_catalog();
--> statement-breakpoint
CREATE TRIGGER catalog_changes_any AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION catalog_note_catalog();
--> statement-breakpoint
CREATE TRIGGER catalog_changes_any AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON colors FOR EACH STATEMENT EXECUTE FUNCTION catalog_note_catalog();
--> statement-breakpoint
CREATE TRIGGER catalog_changes_any AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tags FOR EACH STATEMENT EXECUTE FUNCTION catalog_note_catalog();
