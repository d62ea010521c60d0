-- A moderator's undo (issue 39): the action that undid another names it, so an undo is never undone
-- in turn and the history says which action it took back.
ALTER TABLE "moderation_actions" ADD COLUMN "undoes_id" text REFERENCES "moderation_actions"("id") ON DELETE SET NULL;
