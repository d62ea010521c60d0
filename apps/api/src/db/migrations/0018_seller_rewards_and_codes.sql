-- Affiliate codes name one seller (issue 20: two sellers could hold one). Codes differ from each
-- other regardless of case, as a buyer types them. Codes already held twice stay with the oldest
-- holder (then the smallest id); later holders lose theirs and choose again with Update Code.
UPDATE users AS later SET affiliate_code = ''
WHERE later.affiliate_code <> ''
  AND EXISTS (
    SELECT 1 FROM users AS earlier
    WHERE lower(earlier.affiliate_code) = lower(later.affiliate_code)
      AND (earlier.created_at, earlier.id) < (later.created_at, later.id)
  );--> statement-breakpoint
-- An empty code means "none yet" and is shared by every seller without one.
CREATE UNIQUE INDEX users_affiliate_code_key ON users (lower(affiliate_code)) WHERE affiliate_code <> '';
