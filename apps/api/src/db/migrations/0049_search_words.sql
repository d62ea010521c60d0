-- Search that forgives typos (issue 39): the words of store names and of product names, brands and
-- models, each with how often it was written, and a trigram index to find the word closest to one
-- typed wrong ("nimbas" -> "nimbus"). Triggers keep it filled; a product's stock or price changing
-- fires nothing (the triggers name only the columns whose words are kept).
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"uses" integer DEFAULT 1 NOT NULL
);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate = false);--> statement-breakpoint
-- Words of 3 to 40 letters or digits, not numbers alone; in word order, so two writers lock rows alike.
CREATE FUNCTION "search_words_add"(source text) RETURNS void LANGUAGE sql AS $$
	INSERT INTO search_words AS s (word, uses)
	SELECT w, count(*) FROM regexp_split_to_table(lower(coalesce(source, '')), '[^[:alnum:]]+') AS w
	WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9]+$'
	GROUP BY w ORDER BY w
	ON CONFLICT (word) DO UPDATE SET uses = s.uses + excluded.uses
$$;--> statement-breakpoint
CREATE FUNCTION "products_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' OR (NEW.prdct_name, NEW.brand, NEW.model) IS DISTINCT FROM (OLD.prdct_name, OLD.brand, OLD.model) THEN
		PERFORM search_words_add(NEW.prdct_name || ' ' || NEW.brand || ' ' || NEW.model);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_search_words" AFTER INSERT OR UPDATE OF "prdct_name", "brand", "model" ON "products" FOR EACH ROW EXECUTE FUNCTION products_search_words();--> statement-breakpoint
CREATE FUNCTION "shops_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' OR NEW.name IS DISTINCT FROM OLD.name THEN
		PERFORM search_words_add(NEW.name);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "shops_search_words" AFTER INSERT OR UPDATE OF "name" ON "shops" FOR EACH ROW EXECUTE FUNCTION shops_search_words();--> statement-breakpoint
SELECT search_words_add(string_agg("prdct_name" || ' ' || "brand" || ' ' || "model", ' ')) FROM "products";--> statement-breakpoint
SELECT search_words_add(string_agg("name", ' ')) FROM "shops";
