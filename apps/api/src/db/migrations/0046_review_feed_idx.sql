-- The review feed (/viewreviews, the landing page's latest reviews) leaves recruiters' requirements
-- out (issue 39): they are positions, not reviews, and Skill Discovery lists them. The feed's pages
-- walk this index as they walked posts_feed_idx (an index-only walk for a deep page); the search
-- window, which counts every public post, keeps posts_feed_idx.
CREATE INDEX "posts_review_feed_idx" ON "posts" USING btree ("created_at","id") WHERE not "posts"."is_private" and "posts"."kind" <> 'requirement';
