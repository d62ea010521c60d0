-- A business's answer to a question asked of it (issue 39): the store's, brand's or creator's name
-- the post speaks for, shown as "Answered by ..." instead of the name of the person who typed it.
ALTER TABLE "posts" ADD COLUMN "answered_as" text;
