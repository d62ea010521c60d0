-- Suggestions while typing (issue 39): a word still being typed is not corrected while a known word
-- starts with it ("headp" on the way to "headphones"), found by a range of this index instead of a
-- trigram search on every keystroke (bench/search.mjs).
CREATE INDEX "search_words_prefix_idx" ON "search_words" ("word" text_pattern_ops);
