import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { posts } from '../../db/schema/index.js';

export interface AuthorSignals {
  reviews: number;
  verified: number;
  stars: Record<string, number> | null;
  busiest: { day: string; reviews: number } | null;
  same_text: number;
}

/**
 * An author's reviews summed for the moderators (issue 41), in one statement over their posts
 * (posts_author_idx): a moderator opens this for one author at a time, so it is read, not kept.
 */
export async function authorSignals(db: Database, authorId: string): Promise<AuthorSignals> {
  const result = await db.execute(sql`
    with mine as (
      select id, products, created_at, text_key from ${posts}
      where ${posts.authorId} = ${authorId} and ${posts.kind} = 'review'
    ), stars as (
      select e->>'rating' as s, count(*)::int as n
      from mine, jsonb_array_elements(mine.products) e where e ? 'rating' group by 1
    ), days as (
      select (created_at at time zone 'Asia/Kolkata')::date as d, count(*)::int as n
      from mine group by 1 order by 2 desc, 1 desc limit 1
    )
    select
      (select count(*)::int from mine) as reviews,
      (select count(*)::int from mine where products @> '[{"ordered": true}]') as verified,
      (select jsonb_object_agg(s, n) from stars) as stars,
      (select jsonb_build_object('day', d::text, 'reviews', n) from days) as busiest,
      (select count(*)::int from mine m where m.text_key is not null and exists (
        select 1 from ${posts} o where o.text_key = m.text_key and o.author_id is distinct from ${authorId}
      )) as same_text`);
  return (result as { rows: AuthorSignals[] }).rows[0]!;
}
