-- A stored generated column is computed again on every UPDATE of its row when its table has any
-- BEFORE ROW UPDATE trigger, even one limited to other columns: PostgreSQL cannot know what such a
-- trigger changes. products has one (products_answer) and posts one (posts_moderation_visibility),
-- so every order's stock take ran to_tsvector over its product's name, tags and description again
-- (a stock update of a product with a 1.5 KB description took 0.68 ms of PostgreSQL's time against
-- 0.24 ms without it, pgbench), and every change to a post, such as a reply or a label, over the
-- post's text. The search columns are now written by triggers of their own, which fire only when
-- what they are made of (or the column itself) is written. The stored values stay as they are.
ALTER TABLE "products" ALTER COLUMN "search_vector" DROP EXPRESSION;
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "search_vector" SET DEFAULT ''::tsvector;
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "search_name" DROP EXPRESSION;
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "search_name" SET DEFAULT '';
--> statement-breakpoint
CREATE FUNCTION products_search_columns() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- The expressions of the generated columns they replace (migration 0022).
  NEW.search_vector :=
    setweight(to_tsvector('english', NEW.prdct_name || ' ' || NEW.brand || ' ' || NEW.model), 'A') ||
    setweight(to_tsvector('english', NEW.child_category_name || ' ' || NEW.tag_name || ' ' || NEW.colour
      || ' ' || NEW.description), 'B');
  NEW.search_name := lower(NEW.brand || ' ' || NEW.model || ' ' || NEW.prdct_name);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_search_columns" BEFORE INSERT OR UPDATE OF
  prdct_name, brand, model, child_category_name, tag_name, colour, description, search_vector, search_name
  ON "products" FOR EACH ROW EXECUTE FUNCTION products_search_columns();
--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "search_vector" DROP EXPRESSION;
--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "search_vector" SET DEFAULT ''::tsvector;
--> statement-breakpoint
CREATE FUNCTION posts_search_vector() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('english', NEW.title), 'A') || setweight(to_tsvector('english', NEW.description), 'B');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "posts_search_vector" BEFORE INSERT OR UPDATE OF title, description, search_vector
  ON "posts" FOR EACH ROW EXECUTE FUNCTION posts_search_vector();
