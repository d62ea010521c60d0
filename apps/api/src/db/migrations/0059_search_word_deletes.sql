-- "Did you mean" for a word one edit away, by index look-ups (issue 39). Each known word of five
-- letters or more is stored with every spelling of it less one letter (the symmetric-delete method
-- of spelling correction). A word typed one edit away from a known one (a letter missing, one too
-- many, one wrong, or two swapped: "nimbas", "samsnug") shares one of these spellings with it, or is
-- one, so its correction is a few look-ups of this table's key instead of a trigram search of every
-- word (0.2 ms of database time, most of a misspelt suggestion's: bench/search.mjs). A word further
-- off still goes to the trigram index (0049). Words are only ever added to search_words.
CREATE FUNCTION "word_deletes"(w text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT array_agg(DISTINCT left(w, i - 1) || substr(w, i + 1)) FROM generate_series(1, length(w)) AS i
$$;--> statement-breakpoint
CREATE TABLE "search_word_deletes" (
	"variant" text NOT NULL,
	"word" text NOT NULL,
	PRIMARY KEY ("variant", "word")
);--> statement-breakpoint
CREATE FUNCTION "search_word_deletes_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF length(NEW.word) >= 5 THEN
		INSERT INTO search_word_deletes (variant, word)
		SELECT v, NEW.word FROM unnest(word_deletes(NEW.word)) AS v ORDER BY v
		ON CONFLICT DO NOTHING;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "search_word_deletes_add" AFTER INSERT ON "search_words" FOR EACH ROW EXECUTE FUNCTION search_word_deletes_add();--> statement-breakpoint
INSERT INTO "search_word_deletes" ("variant", "word")
	SELECT DISTINCT v, s.word FROM "search_words" s, unnest(word_deletes(s.word)) AS v WHERE length(s.word) >= 5
	ON CONFLICT DO NOTHING;--> statement-breakpoint
ANALYZE "search_word_deletes";
